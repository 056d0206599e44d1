import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UserError } from '../../../src-main/core/errors';
import { readRevision } from '../../../src-main/diff/git-revision';
import { tempDir } from '../../support/temp-dir';

const tmp = tempDir('oarag-git-');
afterAll(() => tmp.cleanup());

const repo = join(tmp.path, 'repo');
const file = join(repo, 'src', 'ontology', 'x-edit.owl');
mkdirSync(join(repo, 'src', 'ontology'), { recursive: true });
writeFileSync(file, 'committed\n');
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });
git('init', '-q');
git('add', '-A');
git('-c', 'user.email=t@example.org', '-c', 'user.name=t', 'commit', '-qm', 'one');
writeFileSync(file, 'edited\n');

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return e instanceof UserError ? e.code : String(e);
  }
  return 'no error';
}

describe('reading a committed version with git show', () => {
  it('writes the committed bytes to a temporary file of the same name, removed by cleanup', async () => {
    const r = await readRevision(file, 'HEAD');
    expect(r.path.endsWith('x-edit.owl')).toBe(true);
    expect(readFileSync(r.path, 'utf8')).toBe('committed\n');
    r.cleanup();
    expect(existsSync(r.path)).toBe(false);
  });

  it('says when the file is in no repository, when the revision lacks it, and refuses option-like revisions', async () => {
    const loose = join(tmp.path, 'loose.owl');
    writeFileSync(loose, 'x\n');
    expect(await codeOf(readRevision(loose, 'HEAD'))).toBe('not-in-git');
    const added = join(repo, 'src', 'ontology', 'new.owl');
    writeFileSync(added, 'new\n');
    expect(await codeOf(readRevision(added, 'HEAD'))).toBe('no-revision');
    expect(await codeOf(readRevision(file, '--output=/tmp/x'))).toBe('usage');
  });
});
