import {
  closeSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { UserError } from './errors';

/**
 * The one policy for every file a run writes (generate, revise, eval, the UI's benchmark runs):
 * - only regular files are written; a device, FIFO, socket or directory where a file is meant is refused;
 * - a file that is an input of the same run is never overwritten, not even with force;
 * - an existing output is replaced only with force (the CLI's --force; the UI asks first);
 * - writes are atomic: a temporary file in the same folder, then a rename over the target.
 */
export interface OutputCheck {
  /** Files the run will write, including documented siblings (eval's .md next to its .json). */
  targets: string[];
  /** Files the run reads; none of them may be a target. */
  inputs?: string[];
  force?: boolean;
}

export type OutputErrorCode = 'output-not-regular' | 'output-is-input' | 'output-exists' | 'output-dir-not-dir';

function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isFIFO()) return 'a named pipe (FIFO)';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

function statOrNull(path: string, follow: boolean): Stats | null {
  try {
    return follow ? statSync(path) : lstatSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw new UserError('output-not-regular', `Cannot check the output ${path} (${code ?? 'unknown error'}).`);
  }
}

function sameFile(a: Stats, b: Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

/** Throws a UserError (one of OutputErrorCode) when any target breaks the policy; changes nothing. */
export function checkOutputs(c: OutputCheck): void {
  const inputs = (c.inputs ?? []).map((p) => ({ path: resolve(p), st: statOrNull(resolve(p), true) }));
  const seen = new Set<string>();
  for (const raw of c.targets) {
    const target = resolve(raw);
    if (seen.has(target)) continue;
    seen.add(target);
    const parent = statOrNull(dirname(target), true);
    if (parent && !parent.isDirectory())
      throw new UserError('output-dir-not-dir', `Cannot write ${target}: ${dirname(target)} is not a folder.`);
    const st = statOrNull(target, true);
    const input = inputs.find((i) => i.path === target || (st && i.st && sameFile(st, i.st)));
    if (input)
      throw new UserError(
        'output-is-input',
        `Refusing to write ${target}: it is an input of this run (${basename(input.path)}). Choose another output.`,
      );
    if (!st) {
      const link = statOrNull(target, false);
      if (link)
        throw new UserError('output-not-regular', `Refusing to write ${target}: it is a dangling symbolic link.`);
      continue;
    }
    if (!st.isFile())
      throw new UserError(
        'output-not-regular',
        `Refusing to write ${target}: it is ${kindOf(st)}, and outputs must be regular files.`,
      );
    if (!c.force) throw new UserError('output-exists', `${target} already exists; pass --force to overwrite it.`);
  }
}

/** The files SQLite keeps beside a database while it writes (rollback journal, write-ahead log). */
const SQLITE_SIDECARS = ['-journal', '-wal', '-shm'];

/**
 * Checks a database a run opens for writing (a results store, the history): the file and every
 * journal SQLite would create beside it are absent or regular files, the folder is a folder, and
 * none of them is an input of the run. A pipe or device stand-in is refused before SQLite opens
 * (and writes a journal beside) it. An existing store is the point of a store: no force needed.
 */
export function checkStoreFile(path: string, inputs: string[] = []): void {
  checkOutputs({ targets: [path, ...SQLITE_SIDECARS.map((s) => path + s)], inputs, force: true });
}

/** Checks a folder meant to hold a run's outputs: absent (it is created) or a directory. */
export function checkOutputDir(dir: string): void {
  const st = statOrNull(resolve(dir), true);
  if (st && !st.isDirectory())
    throw new UserError(
      'output-dir-not-dir',
      `Refusing to use ${resolve(dir)} as the output folder: it is ${st.isFile() ? 'a file' : kindOf(st)}.`,
    );
}

/** A temporary name beside `target`, so the final rename stays on one file system. */
export function tempPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.tmp-${process.pid}-${Date.now().toString(36)}`);
}

/**
 * Moves a finished temporary file over its target, re-checking the target's type just before (the
 * target may have changed while the run worked). `force` was checked with checkOutputs up front.
 */
export function commitTemp(tmp: string, target: string, c: Omit<OutputCheck, 'targets'> = {}): void {
  try {
    checkOutputs({ ...c, targets: [target], force: true });
    renameSync(tmp, target);
  } catch (e) {
    rmSync(tmp, { force: true });
    if (e instanceof UserError) throw e;
    throw new UserError('write-failed', `Cannot write ${target} (${(e as NodeJS.ErrnoException).code ?? String(e)}).`);
  }
}

/**
 * writeOutputFile with the write and the sync on the thread pool, and the content in pieces if given so:
 * a server writing a report of tens of megabytes (a 30,000-item evaluation) keeps answering meanwhile.
 */
export async function writeOutputFileAsync(
  target: string,
  content: string | readonly string[],
  c: Omit<OutputCheck, 'targets'> = {},
): Promise<void> {
  checkOutputs({ ...c, targets: [target] });
  try {
    mkdirSync(dirname(target), { recursive: true });
  } catch (e) {
    throw new UserError(
      'write-failed',
      `Cannot create the folder ${dirname(target)} (${(e as NodeJS.ErrnoException).code ?? String(e)}).`,
    );
  }
  const tmp = tempPathFor(target);
  try {
    const fh = await open(tmp, 'wx', 0o644);
    try {
      // Piece by piece: each is encoded on its own, so no step holds the thread for the whole file.
      for (const piece of typeof content === 'string' ? [content] : content) await fh.write(piece);
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new UserError('write-failed', `Cannot write ${target} (${(e as NodeJS.ErrnoException).code ?? String(e)}).`);
  }
  commitTemp(tmp, target, { inputs: c.inputs });
}

/** Writes `content` to `target` through a temporary file and a rename; the policy is checked first. */
export function writeOutputFile(target: string, content: string, c: Omit<OutputCheck, 'targets'> = {}): void {
  checkOutputs({ ...c, targets: [target] });
  try {
    mkdirSync(dirname(target), { recursive: true });
  } catch (e) {
    throw new UserError(
      'write-failed',
      `Cannot create the folder ${dirname(target)} (${(e as NodeJS.ErrnoException).code ?? String(e)}).`,
    );
  }
  const tmp = tempPathFor(target);
  try {
    const fd = openSync(tmp, 'wx', 0o644);
    try {
      writeSync(fd, content);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new UserError('write-failed', `Cannot write ${target} (${(e as NodeJS.ErrnoException).code ?? String(e)}).`);
  }
  commitTemp(tmp, target, { inputs: c.inputs });
}
