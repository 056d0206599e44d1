import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  findCatalog,
  importResolution,
  resolutionStamp,
} from '../../../../src-main/ontology/imports/import-resolution';
import { tempDir } from '../../../support/temp-dir';

const tmp = tempDir('oarag-catalog-');
afterAll(() => tmp.cleanup());

function layout(name: string, git: boolean): string {
  const root = join(tmp.path, name);
  mkdirSync(join(root, 'src', 'ontology'), { recursive: true });
  if (git) mkdirSync(join(root, '.git'));
  writeFileSync(join(root, 'catalog-v001.xml'), '<catalog/>');
  writeFileSync(join(root, 'src', 'ontology', 'x-edit.owl'), '');
  return root;
}

describe('finding a catalog', () => {
  it('takes the one beside the file first', () => {
    const root = layout('beside', true);
    writeFileSync(join(root, 'src', 'ontology', 'catalog-v001.xml'), '<catalog/>');
    expect(findCatalog(join(root, 'src', 'ontology', 'x-edit.owl'))).toBe(
      join(root, 'src', 'ontology', 'catalog-v001.xml'),
    );
  });

  it('walks up to the repository root', () => {
    const root = layout('repo', true);
    expect(findCatalog(join(root, 'src', 'ontology', 'x-edit.owl'))).toBe(join(root, 'catalog-v001.xml'));
  });

  it('outside a repository looks only beside the file', () => {
    const root = layout('plain', false);
    expect(findCatalog(join(root, 'src', 'ontology', 'x-edit.owl'))).toBeNull();
  });

  it('refuses a given catalog that does not exist, and keys the cache by the resolution', () => {
    const root = layout('given', false);
    const file = join(root, 'src', 'ontology', 'x-edit.owl');
    expect(() => importResolution(file, { catalog: join(root, 'nope.xml') })).toThrow(/No catalog file/);
    const given = importResolution(file, { catalog: join(root, 'catalog-v001.xml') });
    expect(given.catalogFrom).toBe('given');
    expect(resolutionStamp(given)).not.toBe(resolutionStamp(importResolution(file)));
    expect(resolutionStamp(importResolution(file))).toBe('');
  });
});
