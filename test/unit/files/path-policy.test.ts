import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserError } from '../../../src-main/core/errors';
import { FileBrowser, MAX_ENTRIES } from '../../../src-main/files/file-browser';
import { existingRoots, isInside, resolveAllowed } from '../../../src-main/files/path-policy';
import { tempDir } from '../../support/temp-dir';
import { codeOfSync } from '../../support/error-code';

// A real folder tree: two allowed roots, a secret folder beside them, and links that stay or escape.
const dir = tempDir('oarag-files-');
const allowed = join(dir.path, 'allowed');
const other = join(dir.path, 'other');
const secret = join(dir.path, 'secret');
let browser: FileBrowser;
let roots: string[];

beforeAll(() => {
  for (const d of [allowed, join(allowed, 'onto', 'deep'), other, secret, `${allowed}-evil`])
    mkdirSync(d, { recursive: true });
  writeFileSync(join(allowed, 'onto', 'po.obo'), 'format-version: 1.2\n');
  writeFileSync(join(allowed, 'onto', 'b10.owl'), '<rdf/>');
  writeFileSync(join(allowed, 'onto', 'b9.owl'), '<rdf/>');
  writeFileSync(join(allowed, '.hidden'), 'x');
  writeFileSync(join(other, 'go.owl'), '<rdf/>');
  writeFileSync(join(secret, 'passwords.txt'), 'hunter2');
  symlinkSync(secret, join(allowed, 'escape'));
  symlinkSync(join(secret, 'passwords.txt'), join(allowed, 'escape.txt'));
  symlinkSync(other, join(allowed, 'to-other'));
  symlinkSync(join(allowed, 'nowhere'), join(allowed, 'dangling'));
  roots = [allowed, other];
  browser = new FileBrowser({ paths: () => roots, labels: () => ({ [allowed]: 'Allowed' }) });
});
afterAll(() => dir.cleanup());

async function codeOfAsync(f: () => Promise<unknown>): Promise<string> {
  try {
    await f();
    return 'no error';
  } catch (e) {
    return (e as UserError).code;
  }
}

describe('path policy', () => {
  it('compares whole path segments, not string prefixes', async () => {
    expect(isInside('/a/b', '/a/b')).toBe(true);
    expect(isInside('/a/b/c', '/a/b')).toBe(true);
    expect(isInside('/a/bc', '/a/b')).toBe(false);
    expect(isInside('/x', '/')).toBe(true);
  });

  it('lets through folders inside an allowed root', async () => {
    const r = existingRoots(roots);
    expect(resolveAllowed(join(allowed, 'onto'), r).path).toBe(join(allowed, 'onto'));
    expect(resolveAllowed(`${allowed}/onto/`, r).path).toBe(join(allowed, 'onto'));
    expect(resolveAllowed(allowed, r).root.path).toBe(allowed);
  });

  it("refuses relative paths, '..', NUL, neighbours with a common prefix, and the rest of the disk", async () => {
    const r = existingRoots(roots);
    expect(codeOfSync(() => resolveAllowed('onto', r))).toBe('forbidden');
    expect(codeOfSync(() => resolveAllowed(`${allowed}/onto/../../secret`, r))).toBe('forbidden');
    expect(codeOfSync(() => resolveAllowed(`${allowed}/..`, r))).toBe('forbidden');
    expect(codeOfSync(() => resolveAllowed(`${allowed}/onto\0`, r))).toBe('bad-params');
    expect(codeOfSync(() => resolveAllowed(`${allowed}-evil`, r))).toBe('forbidden');
    expect(codeOfSync(() => resolveAllowed(secret, r))).toBe('forbidden');
    expect(codeOfSync(() => resolveAllowed('/', r))).toBe('forbidden');
    expect(codeOfSync(() => resolveAllowed(join(allowed, 'missing'), r))).toBe('not-found');
  });

  it('refuses a symbolic link that leads outside, and follows one into another allowed root', async () => {
    const r = existingRoots(roots);
    expect(codeOfSync(() => resolveAllowed(join(allowed, 'escape'), r))).toBe('forbidden');
    expect(resolveAllowed(join(allowed, 'to-other'), r).real).toBe(existingRoots([other])[0].real);
  });

  it('says why without naming any path but the one given', async () => {
    const r = existingRoots(roots);
    let message = '';
    try {
      resolveAllowed(join(allowed, 'escape'), r);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain(join(allowed, 'escape'));
    expect(message).not.toContain(secret);
  });

  it('ignores roots that are missing, relative or contain ..', async () => {
    expect(existingRoots([join(dir.path, 'gone'), 'relative', `${allowed}/../secret`, allowed])).toHaveLength(1);
  });
});

describe('FileBrowser', () => {
  it('lists folders first, then files by natural order, hiding dotfiles and links that escape', async () => {
    const top = await browser.list(allowed);
    expect(top.parent).toBeNull();
    expect(top.root).toBe(allowed);
    expect(top.entries.map((e) => `${e.kind}:${e.name}`)).toEqual(['folder:onto', 'folder:to-other']);
    const onto = await browser.list(join(allowed, 'onto'));
    expect(onto.parent).toBe(allowed);
    expect(onto.entries.map((e) => e.name)).toEqual(['deep', 'b9.owl', 'b10.owl', 'po.obo']);
    const po = onto.entries.find((e) => e.name === 'po.obo')!;
    expect(po).toEqual({ name: 'po.obo', path: join(allowed, 'onto', 'po.obo'), kind: 'file', size: 20 });
    expect((await browser.list(join(allowed, 'to-other'))).entries.map((e) => e.name)).toEqual(['go.owl']);
  });

  it('refuses files, escapes and outside folders with stable codes', async () => {
    expect(await codeOfAsync(() => browser.list(join(allowed, 'onto', 'po.obo')))).toBe('not-a-folder');
    expect(await codeOfAsync(() => browser.list(join(allowed, 'escape')))).toBe('forbidden');
    expect(await codeOfAsync(() => browser.list(secret))).toBe('forbidden');
    expect(await codeOfAsync(() => browser.list(join(allowed, 'onto', '..', '..', 'secret')))).toBe('forbidden');
  });

  it('names the roots, says which exist, and follows a changed setting at once', async () => {
    expect(browser.roots()).toEqual([
      { path: allowed, label: 'Allowed', exists: true },
      { path: other, label: null, exists: true },
    ]);
    roots = [other, join(dir.path, 'gone')];
    try {
      expect(browser.roots().map((r) => r.exists)).toEqual([true, false]);
      expect(await codeOfAsync(() => browser.list(allowed))).toBe('forbidden');
    } finally {
      roots = [allowed, other];
    }
  });

  it(`stops at ${MAX_ENTRIES} entries and says so`, async () => {
    const many = join(other, 'many');
    mkdirSync(many);
    for (let i = 0; i <= MAX_ENTRIES; i++) writeFileSync(join(many, `f${i}.owl`), '');
    const l = await browser.list(many);
    expect(l.entries).toHaveLength(MAX_ENTRIES);
    expect(l.truncated).toBe(true);
    expect(l.parent).toBe(other);
    // The rest is the next page, from the same scan.
    expect(l).toMatchObject({ total: MAX_ENTRIES + 1, offset: 0, nextOffset: MAX_ENTRIES, complete: true });
    const rest = await browser.list(many, { offset: MAX_ENTRIES });
    expect(rest.entries.map((e) => e.name)).toEqual([`f${MAX_ENTRIES}.owl`]);
    expect(rest).toMatchObject({ nextOffset: null, truncated: false });
  });

  it('pages in natural order across page boundaries', async () => {
    const p = join(other, 'paged');
    mkdirSync(p);
    for (const n of ['a10', 'a9', 'B', 'a', 'Äb', 'c']) writeFileSync(join(p, `${n}.owl`), 'x');
    mkdirSync(join(p, 'z-folder'));
    const names: string[] = [];
    for (let offset: number | null = 0; offset !== null;) {
      const page: Awaited<ReturnType<FileBrowser['list']>> = await browser.list(p, { offset, limit: 2 });
      names.push(...page.entries.map((e) => e.name));
      offset = page.nextOffset;
    }
    expect(names).toEqual(['z-folder', 'a.owl', 'a9.owl', 'a10.owl', 'Äb.owl', 'B.owl', 'c.owl']);
  });
});
