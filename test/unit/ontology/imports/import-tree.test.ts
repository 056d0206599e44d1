import { describe, expect, it } from 'vitest';
import { importsSummary, termOrigins, type ImportEntryInfo } from '../../../../src-main/ontology/imports/import-tree';

const entry = (iri: string, parent: string | null, path: string | null, terms: string[] = []): ImportEntryInfo => ({
  iri,
  parent,
  path,
  origin: path ? 'catalog' : null,
  classes: terms.length,
  axioms: terms.length * 2,
  terms,
});

describe('the imports tree', () => {
  it('nests each import under the one that declares it, and gives a skipped one its warning', () => {
    const s = importsSummary(
      [entry('a', null, '/a.owl', ['A1']), entry('b', null, null), entry('c', 'a', '/c.owl', ['C1', 'A1'])],
      null,
      [{ iri: 'b', message: 'b is missing' }],
    );
    expect(s.tree.map((n) => n.iri)).toEqual(['a', 'b']);
    expect(s.tree[0].children.map((n) => n.iri)).toEqual(['c']);
    expect(s.tree[1]).toMatchObject({ origin: 'skipped', reason: 'b is missing' });
  });

  it('gives a term the first import that declares it', () => {
    const o = termOrigins([entry('a', null, '/a', ['X']), entry('c', 'a', '/c', ['X', 'Y'])]);
    expect(o.get('X')).toBe('a');
    expect(o.get('Y')).toBe('c');
  });
});
