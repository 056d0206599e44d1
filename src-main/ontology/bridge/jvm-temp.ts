import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A temporary folder of its own for each JVM (its java.io.tmpdir), removed when that JVM exits. The
 * bridge writes stand-ins for imports it cannot find there (`oarag-missing-imports*`); the JVM's own
 * deleteOnExit never runs when it is stopped by a signal or a halt, so each load left a folder behind.
 * Folders of JVMs whose Node process died with them are swept when the next JVM starts. A JVM kept
 * warm across loads gets its stand-ins cleared between requests: each load reads them once, with a
 * fresh import mapper, and never again.
 */
const PREFIX = 'oarag-jvm-';
let swept = false;

export function jvmTempDir(base = tmpdir()): string {
  if (!swept) {
    swept = true;
    sweepJvmTempDirs(base);
  }
  return mkdtempSync(join(base, `${PREFIX}${process.pid}-`));
}

export function removeJvmTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Removes what loads left in a JVM's folder; call only while the JVM has no request running. */
export function clearStandIns(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names)
    if (n.startsWith('oarag-missing-imports')) rmSync(join(dir, n), { recursive: true, force: true });
}

/** Removes the folders of Node processes that are gone; returns how many. */
export function sweepJvmTempDirs(base = tmpdir()): number {
  let n = 0;
  let names: string[];
  try {
    names = readdirSync(base);
  } catch {
    return 0;
  }
  for (const name of names) {
    const m = new RegExp(`^${PREFIX}(\\d+)-`).exec(name);
    if (!m || Number(m[1]) === process.pid || alive(Number(m[1]))) continue;
    rmSync(join(base, name), { recursive: true, force: true });
    n++;
  }
  return n;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
