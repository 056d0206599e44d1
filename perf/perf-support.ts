import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appRoot, sharedOntologiesDir } from '../src-main/core/paths';

export const SHARED = sharedOntologiesDir();

export { peakRssMb } from '../src-main/ontology/bridge/process-memory';

export function nodePeakRssMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

/**
 * A stamp of the generator's sources: a file written by an older generator must not be reused, since
 * its shape (and so every figure measured on it) can differ a lot.
 */
function generatorStamp(): string {
  const h = createHash('sha256');
  const dirs = [join(appRoot(), 'perf', 'synthetic'), join(appRoot(), 'src-main', 'core')];
  for (const d of dirs) {
    for (const f of readdirSync(d)
      .filter((n) => n.endsWith('.ts'))
      .sort())
      h.update(f).update(readFileSync(join(d, f)));
  }
  return h.digest('hex').slice(0, 8);
}

/** Writes a generated ontology unless one from the same generator, shape, size and seed is already there. */
export function generated(shape: 'go' | 'snomed', classes: number, dir: string, seed = 1): string {
  const out = join(dir, `synthetic-${shape}-${classes}-s${seed}-${generatorStamp()}.ofn`);
  if (existsSync(out)) return out;
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(appRoot(), 'perf', 'synthetic', 'cli.ts'),
      '--shape',
      shape,
      '--classes',
      String(classes),
      '--seed',
      String(seed),
      '--out',
      out,
    ],
    { stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error(`generator failed for ${shape} ${classes}`);
  return out;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

export function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** CPU seconds of this process (all its threads) so far. */
export function ownCpu(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** CPU seconds of another process (the JVM) so far, from /proc; null where that is not there. */
export function processCpu(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    // Fields after the command name (which may hold spaces, hence the last parenthesis): utime, stime are 14, 15.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return null;
  }
}
