import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  lutimesSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { basename, join } from 'node:path';
import { hashFile, hashFileAside } from './cache-key';

/**
 * The integrity record (`<key>.ok`) of one cache entry: the size and SHA-256 of its SQLite file and its
 * closure graph, written last (after both files are in place), so an entry without a matching record was
 * never finished or has been changed since. A warm open hashes a file again unless its inode is the very
 * one hashed, unchanged since: same device, inode number, size, modification time and change time. No
 * write and no `touch -r` can keep the change time (the kernel sets it on every change of content or
 * times), so damage that restores a file's size and modification time is hashed and caught, while an
 * untouched entry opens without reading 20-30 MiB (100-150 ms on a loaded machine, each warm open).
 * The record is read and written only as a regular file in the cache folder, never through a link.
 */
interface FileStamp {
  size: number;
  sha256: string;
  /** The inode as it was when its bytes were last hashed: `dev:ino:mtimeMs:ctimeMs`. */
  inode?: string;
}

export interface IntegrityToken {
  version: 2;
  files: Record<string, FileStamp>;
  /** The source's content hash and the naming stamp the entry was built for (see evictVariants). */
  source?: string;
  naming?: string;
}

/** `untracked`: no record at all (an unfinished build or an older version), so nothing is worth keeping. */
export type IntegrityVerdict = { ok: true; token: IntegrityToken } | { ok: false; reason: string; untracked?: boolean };

/** Larger files are hashed on a thread of their own, so a server's event loop never waits on it. */
const ASIDE_BYTES = 4 * 2 ** 20;
const MAX_TOKEN_BYTES = 64 * 1024;
// No link followed, and never a wait on a pipe.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

export function tokenPath(dbPath: string): string {
  return dbPath.replace(/\.sqlite$/, '.ok');
}

function lstatOrNull(p: string): Stats | null {
  try {
    return lstatSync(p);
  } catch {
    return null;
  }
}

function kind(st: Stats): string {
  if (st.isSymbolicLink()) return 'a symbolic link';
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a named pipe';
  return 'not a regular file';
}

/** The record's text, or why it cannot be trusted; null when there is none. */
function readToken(path: string): { text: string } | { bad: string } | null {
  const st = lstatOrNull(path);
  if (!st) return null;
  if (!st.isFile()) return { bad: `its integrity record is ${kind(st)}` };
  let fd: number;
  try {
    fd = openSync(path, READ_FLAGS);
  } catch {
    return { bad: 'its integrity record cannot be opened' };
  }
  try {
    const now = fstatSync(fd);
    if (!now.isFile() || now.size > MAX_TOKEN_BYTES) return { bad: 'its integrity record is not a small regular file' };
    const buf = Buffer.alloc(now.size);
    let n = 0;
    for (let r; n < buf.length && (r = readSync(fd, buf, n, buf.length - n, null)) > 0;) n += r;
    return { text: buf.subarray(0, n).toString('utf8') };
  } finally {
    closeSync(fd);
  }
}

function parseToken(text: string): IntegrityToken | null {
  try {
    const t = JSON.parse(text) as { version?: unknown; files?: unknown; source?: unknown; naming?: unknown };
    // Version 1 records carry the same checksums (their sizes and times alone are no longer trusted).
    if ((t?.version !== 1 && t?.version !== 2) || !t.files || typeof t.files !== 'object') return null;
    const files: Record<string, FileStamp> = {};
    for (const [name, v] of Object.entries(
      t.files as Record<string, { size?: unknown; sha256?: unknown; inode?: unknown }>,
    )) {
      if (typeof v?.size !== 'number' || typeof v.sha256 !== 'string') return null;
      files[name] = { size: v.size, sha256: v.sha256, ...(typeof v.inode === 'string' ? { inode: v.inode } : {}) };
    }
    return {
      version: 2,
      files,
      ...(typeof t.source === 'string' ? { source: t.source } : {}),
      ...(typeof t.naming === 'string' ? { naming: t.naming } : {}),
    };
  } catch {
    return null;
  }
}

function inodeOf(st: Stats): string {
  return `${st.dev}:${st.ino}:${st.mtimeMs}:${st.ctimeMs}`;
}

function hashOf(p: string, size: number): Promise<string> {
  return size >= ASIDE_BYTES ? hashFileAside(p) : hashFile(p);
}

/**
 * `known`: SHA-256 by path of files whose bytes were hashed as they were written (by this process, after
 * which nothing wrote them again), so they need not be read back.
 */
export async function writeIntegrityToken(
  dbPath: string,
  sidePaths: string[],
  known: Record<string, string | undefined> = {},
  about: { source?: string; naming?: string } = {},
): Promise<void> {
  const files: Record<string, FileStamp> = {};
  for (const p of [dbPath, ...sidePaths]) {
    const before = lstatSync(p);
    const sha256 = known[p] ?? (await hashOf(p, before.size));
    const st = lstatSync(p);
    // The inode is noted only if nothing changed it while it was hashed.
    files[basename(p)] = { size: st.size, sha256, ...(inodeOf(st) === inodeOf(before) ? { inode: inodeOf(st) } : {}) };
  }
  const token: IntegrityToken = { version: 2, files, ...about };
  writeTokenFile(tokenPath(dbPath), JSON.stringify(token));
}

/**
 * A fresh temporary file (O_EXCL, no link followed) renamed over the record: a link, pipe or file
 * planted there is replaced, never written through; a folder there is removed first.
 */
function writeTokenFile(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const fd = openSync(tmp, CREATE_FLAGS, 0o644);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    if (lstatOrNull(path)?.isDirectory()) rmSync(path, { recursive: true, force: true });
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

export async function verifyIntegrity(dbPath: string, sidePaths: string[]): Promise<IntegrityVerdict> {
  const read = readToken(tokenPath(dbPath));
  if (!read)
    return { ok: false, reason: 'it has no integrity record (unfinished or from an older version)', untracked: true };
  if ('bad' in read) return { ok: false, reason: read.bad };
  const token = parseToken(read.text);
  if (!token) return { ok: false, reason: 'its integrity record is unreadable' };
  const checks: { p: string; st: Stats; want: FileStamp }[] = [];
  for (const p of [dbPath, ...sidePaths]) {
    const want = token.files[basename(p)];
    if (!want) return { ok: false, reason: `${basename(p)} is not in its integrity record` };
    const st = lstatOrNull(p);
    if (!st) return { ok: false, reason: `${basename(p)} is missing` };
    if (!st.isFile()) return { ok: false, reason: `${basename(p)} is ${kind(st)}` };
    if (st.size !== want.size)
      return { ok: false, reason: `${basename(p)} has ${st.size} bytes instead of ${want.size}` };
    // The very inode that was hashed, unchanged since: its content is the one the checksum proves.
    if (want.inode !== inodeOf(st)) checks.push({ p, st, want });
  }
  const hashes = await Promise.all(checks.map((c) => hashOf(c.p, c.st.size).catch(() => null)));
  for (const [i, c] of checks.entries())
    if (hashes[i] !== c.want.sha256)
      return { ok: false, reason: `${basename(c.p)} was modified (its checksum differs)` };
  if (checks.length) {
    // Same content in another inode or with new times (copied, touched): note the inode, so the next open is cheap.
    for (const c of checks) {
      const now = lstatOrNull(c.p);
      if (now && inodeOf(now) === inodeOf(c.st)) c.want.inode = inodeOf(now);
    }
    try {
      writeTokenFile(tokenPath(dbPath), JSON.stringify(token));
    } catch {
      // a read-only cache folder still opens
    }
  }
  return { ok: true, token };
}

/** Marks an entry as just used (its record's time), for evictVariants; a read-only cache folder still opens. */
export function touchEntry(dbPath: string): void {
  try {
    const now = new Date();
    lutimesSync(tokenPath(dbPath), now, now);
  } catch {
    // nothing to do
  }
}

/**
 * Moves a damaged entry (SQLite file, side files, record) into `<cacheDir>/damaged/` so it can be inspected,
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
    if (!lstatOrNull(p)) continue;
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
    const tmpToken = /\.ok\.tmp-(\d+)(?:-[a-z0-9]+)?$/.exec(name);
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

/** Entries of one source kept side by side under different naming preferences (languages). */
export const MAX_NAMING_VARIANTS = 3;

/**
 * Keeps at most MAX_NAMING_VARIANTS entries built from the same source content (each naming
 * preference makes one), the most recently used first; `keep` (the entry just built, entries open
 * here) is never removed. Returns the keys removed.
 */
export function evictVariants(cacheDir: string, source: string, keep: ReadonlySet<string>): string[] {
  let names: string[];
  try {
    names = readdirSync(cacheDir).filter((n) => /^[0-9a-f]+\.ok$/.test(n));
  } catch {
    return [];
  }
  const same: { key: string; used: number }[] = [];
  for (const n of names) {
    const read = readToken(join(cacheDir, n));
    const token = read && 'text' in read ? parseToken(read.text) : null;
    if (token?.source !== source) continue;
    same.push({ key: n.slice(0, -3), used: lstatOrNull(join(cacheDir, n))?.mtimeMs ?? 0 });
  }
  same.sort((a, b) => Number(keep.has(b.key)) - Number(keep.has(a.key)) || b.used - a.used);
  const removed: string[] = [];
  for (const { key } of same.slice(MAX_NAMING_VARIANTS)) {
    if (keep.has(key)) continue;
    // The record first: without it the rest is an unfinished entry, whatever happens next.
    for (const ext of ['.ok', '.sqlite', '.nt', '.verdicts.sqlite', '.verdicts.sqlite-wal', '.verdicts.sqlite-shm'])
      rmSync(join(cacheDir, key + ext), { recursive: true, force: true });
    removed.push(key);
  }
  return removed;
}

export function entryExists(dbPath: string, ntPath: string): boolean {
  return existsSync(dbPath) || existsSync(ntPath) || lstatOrNull(tokenPath(dbPath)) !== null;
}
