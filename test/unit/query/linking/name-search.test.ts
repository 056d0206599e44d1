import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ann, DumpRecord } from '../../../../src-main/ontology/dump/dump-types';
import type { OntologyHandle } from '../../../../src-main/ontology/ontology-handle';
import { OBO, OBO_IN_OWL } from '../../../../src-main/ontology/names/vocabulary';
import { NameLinker } from '../../../../src-main/query/linking/name-linker';
import { fuzzyScore } from '../../../../src-main/query/linking/name-search';
import { handleFromDump, label } from '../../../support/dump-fixture';

const EXACT = OBO_IN_OWL + 'hasExactSynonym';
const RELATED = OBO_IN_OWL + 'hasRelatedSynonym';
const cls = (id: string, name: string, extra: Ann[] = [], deprecated = false): DumpRecord => ({
  t: 'class',
  iri: OBO + id,
  annotations: [label(name), { p: OBO_IN_OWL + 'id', v: id.replace('_', ':') }, ...extra],
  deprecated,
});

/** Every tier of the order for "nuclear envelope", plus IDs, an obsolete term and near misses. */
const records: DumpRecord[] = [
  cls('GO_0000001', 'nuclear envelope', [{ p: OBO_IN_OWL + 'hasAlternativeId', v: 'GO:0099999' }]),
  cls('GO_0000002', 'NE complex', [{ p: EXACT, v: 'nuclear envelope' }]),
  cls('GO_0000003', 'perinuclear region', [{ p: RELATED, v: 'nuclear envelope' }]),
  cls('GO_0000004', 'nuclear envelope lumen'),
  cls('GO_0000005', 'lamin', [{ p: EXACT, v: 'nuclear envelope protein' }]),
  cls('GO_0000006', 'outer membrane of the envelope, nuclear'),
  cls('GO_0000007', 'nuclear envelop'),
  cls('GO_0000008', 'nuclear envelope part', [], true),
  cls(
    'GO_0005636',
    'obsolete nuclear membrane',
    [
      { p: 'http://www.w3.org/2002/07/owl#deprecated', v: 'true' },
      { p: OBO + 'IAO_0100001', v: OBO + 'GO_0000001', ref: true },
    ],
    true,
  ),
  cls('GO_0005634', 'nucleus', [{ p: EXACT, v: 'cell nucleus' }]),
  cls('GO_0005730', 'nucleolus'),
  cls('GO_0005731', 'pronucleus'),
  cls('GO_0005732', 'nucleoplasm'),
  cls('GO_0005733', 'American'),
];

let handle: OntologyHandle;
let cleanup: () => void;
let linker: NameLinker;
beforeAll(async () => {
  ({ handle, cleanup } = await handleFromDump(records));
  linker = new NameLinker(handle.names, handle.closure);
});
afterAll(() => cleanup());

const names = (text: string, opts: { includeObsolete?: boolean } = {}) =>
  linker.search(text, 20, opts).map((h) => handle.closure.nameOf(h.id));

describe('search ranking: ID > label > synonym > label prefix > all words > fuzzy', () => {
  it('orders the tiers, synonyms by scope, and label prefixes before synonym prefixes', () => {
    const hits = linker.search('Nuclear Envelope');
    expect(hits.map((h) => [handle.closure.nameOf(h.id), h.tier])).toEqual([
      ['nuclear envelope', 'label'],
      ['NE complex', 'synonym'],
      ['perinuclear region', 'synonym'],
      ['nuclear envelope lumen', 'prefix'],
      ['lamin', 'prefix'],
      ['outer membrane of the envelope, nuclear', 'words'],
      ['nuclear envelop', 'fuzzy'],
    ]);
  });

  it('says which synonym matched and its scope', () => {
    const [, exact, related] = linker.search('nuclear envelope');
    expect(exact).toMatchObject({ matched: 'nuclear envelope', matchKind: 'exact', scope: 'exact' });
    expect(related).toMatchObject({ matchKind: 'related', scope: 'related' });
    const lamin = linker.search('nuclear envelope prot')[0];
    expect(lamin).toMatchObject({ tier: 'prefix', matched: 'nuclear envelope protein', scope: 'exact' });
  });

  it('hides obsolete classes unless asked, and then puts them after the live ones of their tier', () => {
    expect(names('nuclear envelope')).not.toContain('nuclear envelope part');
    const all = linker.search('nuclear envelope', 20, { includeObsolete: true });
    const part = all.findIndex((h) => handle.closure.nameOf(h.id) === 'nuclear envelope part');
    expect(all[part]).toMatchObject({ tier: 'prefix', obsolete: true });
    expect(all[part - 1]).toMatchObject({ tier: 'prefix', obsolete: false });
    expect(all[part + 1].tier).toBe('words');
  });

  it('answers an exact CURIE or IRI with that class alone', () => {
    expect(names('GO:0005634')).toEqual(['nucleus']);
    expect(names(`${OBO}GO_0005634`)).toEqual(['nucleus']);
    expect(names(`<${OBO}GO_0005634>`)).toEqual(['nucleus']);
    expect(linker.search('go:0005634')[0]).toMatchObject({ tier: 'id', matchKind: 'id' });
  });

  it('resolves an alternative ID or an obsolete CURIE to the live term, with a note', () => {
    expect(linker.search('GO:0099999')).toEqual([
      expect.objectContaining({
        tier: 'id',
        replaces: { id: 'GO:0099999', iri: `${OBO}GO_0099999`, name: null, via: 'alt_id' },
      }),
    ]);
    expect(names('GO:0099999')).toEqual(['nuclear envelope']);
    const [live, ...rest] = linker.search('GO:0005636');
    expect(handle.closure.nameOf(live.id)).toBe('nuclear envelope');
    expect(live.replaces).toEqual({
      id: 'GO:0005636',
      iri: `${OBO}GO_0005636`,
      name: 'obsolete nuclear membrane',
      via: 'replaced_by',
    });
    expect(rest).toEqual([]);
    // With obsolete terms shown, the obsolete term itself follows its replacement.
    expect(names('GO:0005636', { includeObsolete: true })).toEqual(['nuclear envelope', 'obsolete nuclear membrane']);
    // Its exact label finds the replacement too.
    expect(linker.search('obsolete nuclear membrane')[0]).toMatchObject({
      tier: 'label',
      replaces: { via: 'replaced_by', id: 'GO:0005636' },
    });
  });

  it('puts the intended class first for a transposition typo ("nucelus" gives nucleus)', () => {
    expect(names('nucelus').slice(0, 2)).toEqual(['nucleus', 'nucleolus']);
    expect(fuzzyScore('nucelus', 'nucleus')).toBeGreaterThan(fuzzyScore('nucelus', 'nucleolus'));
  });

  it('does not pad a good match with unrelated near misses', () => {
    // Near misses must be closer once a better match was found: nucleoplasm is let through alone, not here.
    expect(names('nucleus')).toEqual(['nucleus', 'nucleolus', 'pronucleus']);
    expect(names('nucleoplasmm')[0]).toBe('nucleoplasm');
    expect(names('margherita')).toEqual([]);
    expect(names('   ')).toEqual([]);
    expect(names('"*')).toEqual([]);
  });
});
