import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { UserError } from './errors';

/**
 * The one gate for files a user or a message names (datasets, review files, batch files, items,
 * settings): only a regular file is opened, and one read whole is bounded in size. A named pipe
 * would block the reader for good, a device such as /dev/zero would fill memory, a folder gives
 * EISDIR deep inside; each is refused up front with 'not-a-file', a file over the bound with 'too-large'.
 */
export interface InputFileOptions {
  /** What the file is, for messages: "dataset", "review file", "batch file". */
  what: string;
  /** The largest file read whole. */
  maxBytes: number;
}

/** With `missingOk`, a file that does not exist reads as null (an optional sidecar); any other problem still throws. */
export interface OptionalInputFileOptions extends InputFileOptions {
  missingOk: true;
}

// Opening a FIFO or a terminal must never wait for a writer: O_NONBLOCK (no effect on regular files).
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

export const MIB = 2 ** 20;

/** "a folder", "a named pipe (FIFO)"…, for a file that is not a regular one. */
export function kindOfFile(st: Stats): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a named pipe (FIFO)';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

function missingCode(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function isMissing(path: string): boolean {
  try {
    statSync(path);
    return false;
  } catch (e) {
    return missingCode(e);
  }
}

function notFound(path: string, o: InputFileOptions, e: unknown): UserError {
  const code = (e as NodeJS.ErrnoException).code;
  // Worded as the CLI's messages were before this gate existed ("cannot read the dataset …").
  return new UserError(
    'not-found',
    `cannot read the ${o.what} ${path} (${missingCode(e) ? 'no such file' : (code ?? 'unknown error')}).`,
  );
}

/** Throws unless `st` is a regular file within the bound. */
function requireRegular(path: string, st: Stats, o: InputFileOptions): void {
  if (!st.isFile())
    throw new UserError(
      'not-a-file',
      `The ${o.what} ${path} is ${kindOfFile(st)}, not a regular file; give the ${o.what} file itself.`,
    );
  if (st.size > o.maxBytes)
    throw new UserError(
      'too-large',
      `The ${o.what} ${path} is ${formatBytes(st.size)}, more than the ${formatBytes(o.maxBytes)} accepted.`,
    );
}

/** The file's status once it is known to be a regular file within the bound; nothing is opened. */
export function checkInputFile(path: string, o: InputFileOptions): Stats {
  let st: Stats;
  try {
    st = statSync(path);
  } catch (e) {
    throw notFound(path, o, e);
  }
  requireRegular(path, st, o);
  return st;
}

/**
 * The whole file, checked before and after opening (a file swapped for a pipe in between is caught
 * on the descriptor). Blocking: for the CLI and worker threads; a server reads with readInputFile.
 */
export function readInputFileSync(path: string, o: OptionalInputFileOptions): Buffer | null;
export function readInputFileSync(path: string, o: InputFileOptions): Buffer;
export function readInputFileSync(path: string, o: InputFileOptions & { missingOk?: boolean }): Buffer | null {
  try {
    checkInputFile(path, o);
  } catch (e) {
    if (o.missingOk && isMissing(path)) return null;
    throw e;
  }
  let fd: number;
  try {
    fd = openSync(path, READ_FLAGS);
  } catch (e) {
    throw notFound(path, o, e);
  }
  try {
    const st = fstatSync(fd);
    requireRegular(path, st, o);
    // One byte more than the bound tells a file that grew past it since the check.
    const buf = Buffer.allocUnsafe(Math.min(st.size, o.maxBytes) + 1);
    let n = 0;
    for (let r; n < buf.length && (r = readSync(fd, buf, n, buf.length - n, null)) > 0;) n += r;
    return tooLargeIfOver(path, buf, n, o);
  } finally {
    closeSync(fd);
  }
}

/** readInputFileSync on the thread pool: a server's event loop never waits on the read. */
export async function readInputFile(path: string, o: OptionalInputFileOptions): Promise<Buffer | null>;
export async function readInputFile(path: string, o: InputFileOptions): Promise<Buffer>;
export async function readInputFile(
  path: string,
  o: InputFileOptions & { missingOk?: boolean },
): Promise<Buffer | null> {
  try {
    requireRegular(path, await stat(path), o);
  } catch (e) {
    if (e instanceof UserError) throw e;
    if (o.missingOk && missingCode(e)) return null;
    throw notFound(path, o, e);
  }
  let fh;
  try {
    fh = await open(path, READ_FLAGS);
  } catch (e) {
    throw notFound(path, o, e);
  }
  try {
    const st = await fh.stat();
    requireRegular(path, st, o);
    const buf = Buffer.allocUnsafe(Math.min(st.size, o.maxBytes) + 1);
    let n = 0;
    for (let r; n < buf.length && (r = (await fh.read(buf, n, buf.length - n, null)).bytesRead) > 0;) n += r;
    return tooLargeIfOver(path, buf, n, o);
  } finally {
    await fh.close();
  }
}

function tooLargeIfOver(path: string, buf: Buffer, n: number, o: InputFileOptions): Buffer {
  if (n > o.maxBytes)
    throw new UserError('too-large', `The ${o.what} ${path} grew past the ${formatBytes(o.maxBytes)} accepted.`);
  return buf.subarray(0, n);
}

export function formatBytes(n: number): string {
  if (n >= MIB) return `${Math.round((n / MIB) * 10) / 10} MiB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KiB`;
  return `${n} bytes`;
}
