import { readFileSync, writeFileSync } from 'node:fs';

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

/**
 * Restarts the peak at the current resident size (Linux: `5` into /proc/<pid>/clear_refs), so a JVM
 * kept warm across loads reports each load's own peak. A no-op where that is not possible.
 */
export function resetPeakRss(pid: number | undefined): void {
  if (!pid) return;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not Linux, or not allowed: the peak then covers the JVM's whole life
  }
}
