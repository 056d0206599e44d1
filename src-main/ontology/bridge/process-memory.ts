import { readFileSync } from 'node:fs';

/**
 * Peak resident memory (VmHWM) of a live process in MiB, read before it exits; null where /proc is
 * not there (macOS, Windows) or the process is gone. Cheap enough to read after every load.
 */
export function peakRssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}
