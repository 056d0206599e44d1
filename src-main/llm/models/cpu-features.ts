import { readFileSync } from 'node:fs';

let amx: boolean | undefined;

/** Whether the CPU has AMX (Linux /proc/cpuinfo flag amx_int8), which makes llama.cpp repack weights. */
export function cpuHasAmx(): boolean {
  if (amx === undefined) {
    try {
      amx = process.platform === 'linux' && /\bamx_int8\b/.test(readFileSync('/proc/cpuinfo', 'utf8'));
    } catch {
      amx = false;
    }
  }
  return amx;
}
