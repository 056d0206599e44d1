import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { hashFile } from './cache-key';

/**
 * The integrity token of one cache entry: sizes, modification times and SHA-256 of its SQLite file and its
 * closure graph, written last (after both files are in place), so an entry without a matching token was never
 * finished or has been changed since. A warm open compares sizes and times (microseconds); only when they
 * differ are the files hashed, so a copied or touched cache still opens and a damaged one is caught.
 */
interface FileStamp {
  size: number;
  mtimeMs: number;
  sha256: string;
}

export interface IntegrityToken {
  version: 1;
  files: Record<string, FileStamp>;
}

/** `untracked`: no token at all (an unfinished build or an older version), so nothing is worth keeping. */
export type IntegrityVerdict = { ok: true } | { ok: false; reason: string; untracked?: boolean };

export function tokenPath(dbPath: string): string {
  return dbPath.replace(/\.sqlite$/, '.ok');
}

/**
 * `known`: SHA-256 by path of files whose bytes were hashed as they were written (by this process, after
 * which nothing wrote them again), so they need not be read back.
 */
export async function writeIntegrityToken(
  dbPath: string,
  sidePaths: string[],
  known: Record<string, string | undefined> = {},
): Promise<void> {
  const files: Record<string, FileStamp> = {};
  for (const p of [dbPath, ...sidePaths]) {
    const st = statSync(p);
    files[basename(p)] = { size: st.size, mtimeMs: st.mtimeMs, sha256: known[p] ?? (await hashFile(p)) };
  }
  const token: IntegrityToken = { version: 1, files };
  const tmp = `${tokenPath(dbPath)}.tmp-${process.pid}`;
  writeFileSync(tmp, JSON.stringify(token));
  renameSync(tmp, tokenPath(dbPath));
}

export async function verifyIntegrity(dbPath: string, sidePaths: string[]): Promise<IntegrityVerdict> {
  let token: IntegrityToken;
  try {
    token = JSON.parse(readFileSync(tokenPath(dbPath), 'utf8')) as IntegrityToken;
    if (token?.version !== 1 || typeof token.files !== 'object' || token.files === null)
      return { ok: false, reason: 'its integrity record is unreadable' };
  } catch {
    return { ok: false, reason: 'it has no integrity record (unfinished or from an older version)', untracked: true };
  }
  let touched = false;
  for (const p of [dbPath, ...sidePaths]) {
    const want = token.files[basename(p)];
    if (!want) return { ok: false, reason: `${basename(p)} is not in its integrity record` };
    let st;
    try {
      st = statSync(p);
    } catch {
      return { ok: false, reason: `${basename(p)} is missing` };
    }
    if (!st.isFile()) return { ok: false, reason: `${basename(p)} is not a regular file` };
    if (st.size !== want.size)
      return { ok: false, reason: `${basename(p)} has ${st.size} bytes instead of ${want.size}` };
    if (st.mtimeMs === want.mtimeMs) continue;
    if ((await hashFile(p)) !== want.sha256)
      return { ok: false, reason: `${basename(p)} was modified (its checksum differs)` };
    want.mtimeMs = st.mtimeMs;
    touched = true;
  }
  if (touched) {
    // Same content with a new time (copied or touched): record the time so the next open is cheap again.
    try {
      writeFileSync(tokenPath(dbPath), JSON.stringify(token));
    } catch {
      // a read-only cache folder still opens
    }
  }
  return { ok: true };
}

/**
 * Moves a damaged entry (SQLite file, side files, token) into `<cacheDir>/damaged/` so it can be inspected,
 * and returns where it went. Whatever cannot be moved is removed, so the rebuild always starts clean.
 */
export function moveAside(cacheDir: string, paths: string[]): string {
  const dir = join(cacheDir, 'damaged');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  try {
    mkdirSync(dir, { recursive: true });
  } catch {
    // fall through to removal
  }
  for (const p of paths) {
    if (!existsSync(p)) continue;
    try {
      renameSync(p, join(dir, `${stamp}-${basename(p)}`));
    } catch {
      rmSync(p, { recursive: true, force: true });
    }
  }
  return dir;
}

/** pid is a live process (a concurrent build of another oarag). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const STALE_MS = 24 * 3600 * 1000;

/**
 * Removes `.build-<pid>-<time>.*` files left by a killed or cancelled load: those of dead processes, and any
 * older than a day (a reused pid). Returns the names removed.
 */
export function sweepOrphans(cacheDir: string, now = Date.now()): string[] {
  let names: string[];
  try {
    names = readdirSync(cacheDir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const m = /^\.build-(\d+)-(\d+)/.exec(name);
    const tmpToken = /\.ok\.tmp-(\d+)$/.exec(name);
    const pid = m ? Number(m[1]) : tmpToken ? Number(tmpToken[1]) : null;
    if (pid === null) continue;
    const started = m ? Number(m[2]) : now;
    if (pid !== process.pid && (!alive(pid) || now - started > STALE_MS)) {
      rmSync(join(cacheDir, name), { recursive: true, force: true });
      removed.push(name);
    }
  }
  return removed;
}
