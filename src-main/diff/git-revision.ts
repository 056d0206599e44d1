import { execFile } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, sep } from 'node:path';
import { UserError } from '../core/errors';

/** A committed version of a file, read with `git show` into a temporary folder of its own. */
export interface RevisionFile {
  path: string;
  rev: string;
  /** The repository's top folder. */
  root: string;
  cleanup(): void;
}

const GIT_TIMEOUT_MS = 60_000;
/** Ontology files run to hundreds of MB; more than this in one revision is no ontology we could load anyway. */
const MAX_BYTES = 2 * 1024 ** 3 - 1;

/** Runs git with an argument array (never a shell), stdout as bytes. */
function git(args: string[], cwd: string, signal?: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      { cwd, encoding: 'buffer', maxBuffer: MAX_BYTES, timeout: GIT_TIMEOUT_MS, signal, windowsHide: true },
      (err, stdout, stderr) => {
        if (err) reject(Object.assign(err, { stderr: stderr.toString('utf8').trim() }));
        else resolve(stdout);
      },
    );
  });
}

/** The repository the file lies in, or a `not-in-git` error that says so. */
export async function repositoryOf(file: string, signal?: AbortSignal): Promise<string> {
  try {
    return (await git(['rev-parse', '--show-toplevel'], dirname(file), signal)).toString('utf8').trim();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT')
      throw new UserError(
        'not-in-git',
        'git is not installed (or not on the PATH), so no committed version can be read.',
      );
    if ((e as Error).name === 'AbortError') throw e;
    throw new UserError(
      'not-in-git',
      `${basename(file)} is not inside a git repository, so it has no last commit to compare with.`,
    );
  }
}

/** Writes `<rev>:<file>` to a temporary file named like the original; `no-revision` when that revision lacks it. */
export async function readRevision(file: string, rev: string, signal?: AbortSignal): Promise<RevisionFile> {
  if (!rev || rev.startsWith('-') || /[\0\s]/.test(rev))
    throw new UserError('usage', `"${rev}" is not a revision git can name (HEAD, a branch, a tag or a commit).`);
  const root = await repositoryOf(file, signal);
  const rel = relative(realpathSync(root), realpathSync(file)).split(sep).join('/');
  let bytes: Buffer;
  try {
    bytes = await git(['show', `${rev}:${rel}`], root, signal);
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    const why = ((e as { stderr?: string }).stderr ?? '').split('\n')[0];
    throw new UserError('no-revision', `git cannot show ${rel} at ${rev}${why ? `: ${why}` : ''}.`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'oarag-rev-'));
  const path = join(dir, basename(file));
  writeFileSync(path, bytes);
  return { path, rev, root, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
