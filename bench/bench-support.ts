import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appRoot } from '../src-main/core/paths';

export const SHARED = process.env.OARAG_ONTOLOGIES ?? join(appRoot(), '..', 'shared', 'ontologies');

/** Peak resident memory of another process (the JVM), read before it exits. */
export function peakRssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

export function nodePeakRssMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

/** Writes a generated ontology unless an identical one (same shape, size, seed) is already there. */
export function generated(shape: 'go' | 'snomed', classes: number, dir: string, seed = 1): string {
  const out = join(dir, `synthetic-${shape}-${classes}-s${seed}.ofn`);
  if (existsSync(out)) return out;
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(appRoot(), 'src-main', 'bench', 'synthetic', 'cli.ts'),
    '--shape', shape, '--classes', String(classes), '--seed', String(seed), '--out', out], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`generator failed for ${shape} ${classes}`);
  return out;
}

export function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
