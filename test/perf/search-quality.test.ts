import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheDb } from '../support/cache-db';
import { seededRandom } from '../../src-main/core/random';
import type { Ann, DumpRecord } from '../../src-main/ontology/dump/dump-types';
import { normalizeName } from '../../src-main/ontology/names/normalize';
import type { OntologyHandle } from '../../src-main/ontology/ontology-handle';
import { EX, handleFromDump, label } from '../support/dump-fixture';
import { meanReciprocalRank, oneTypo, synonymCases, typoCases } from '../../perf/search-quality';

const EXACT = 'http://www.geneontology.org/formats/oboInOwl#hasExactSynonym';
const cls = (id: string, name: string, extra: Ann[] = [], deprecated = false): DumpRecord => ({
  t: 'class',
  iri: EX + id,
  annotations: [label(name), ...extra],
  deprecated,
});

const records: DumpRecord[] = [
  cls('Nucleus', 'nucleus', [
    { p: EXACT, v: 'cell nucleus' },
    { p: EXACT, v: 'karyon' },
  ]),
  cls('Nucleolus', 'nucleolus', [{ p: EXACT, v: 'karyon' }]),
  cls('Envelope', 'nuclear envelope', [{ p: EXACT, v: 'NE' }]),
  cls('Membrane', 'membrane', [{ p: EXACT, v: 'Membrane' }]),
  cls('Old', 'old organelle', [{ p: EXACT, v: 'former organelle' }], true),
  cls('Lumen', 'lumen'),
];

let handle: OntologyHandle;
let cleanup: () => void;
beforeAll(async () => ({ handle, cleanup } = await handleFromDump(records)));
afterAll(() => cleanup());

describe('search query sets', () => {
  it('takes as queries only synonyms that name one live class and differ from its label', () => {
    const cases = synonymCases(handle, 100);
    // "karyon" is shared, "Membrane" is the label again, "NE" is too short, "former organelle" is obsolete.
    expect(cases).toEqual([{ query: 'cell nucleus', iri: EX + 'Nucleus', from: 'cell nucleus' }]);
  });

  it('makes one typo per label, never a name of anything, the same on every run', () => {
    const a = typoCases(handle, 100);
    expect(a).toEqual(typoCases(handle, 100));
    expect(a.map((c) => c.from).sort()).toEqual(['lumen', 'membrane', 'nuclear envelope', 'nucleolus', 'nucleus']);
    const names = new Set(
      (cacheDb(handle).prepare('SELECT norm FROM name').pluck().all() as string[]).concat(['old organelle']),
    );
    for (const c of a) {
      expect(names.has(normalizeName(c.query))).toBe(false);
      expect(c.query.length).toBeGreaterThanOrEqual(c.from.length - 1);
    }
    expect(typoCases(handle, 100, 14, 5).map((c) => c.from)).toEqual(['lumen']);
  });

  it('swaps two neighbours or drops one letter, keeping the first', () => {
    const rand = seededRandom(3);
    for (let i = 0; i < 50; i++) {
      const t = oneTypo('nucleus', rand)!;
      expect(t[0]).toBe('n');
      const swapped = t.length === 7 && [...t].sort().join('') === [...'nucleus'].sort().join('');
      expect(swapped || t.length === 6).toBe(true);
      expect(t).not.toBe('nucleus');
    }
    expect(oneTypo('a', rand)).toBeNull();
  });

  it('scores 1/rank, 0 when missed', () => {
    const cases = [
      { query: 'a', iri: 'x', from: 'a' },
      { query: 'b', iri: 'y', from: 'b' },
      { query: 'c', iri: 'z', from: 'c' },
    ];
    const r = meanReciprocalRank(cases, (q) => (q === 'a' ? ['x'] : q === 'b' ? ['w', 'y'] : []));
    expect(r).toMatchObject({ n: 3, mrr: 0.5, top1: 0.333, missed: 0.333 });
    expect(r.examples).toEqual(['b → b (rank 2)', 'c → c (missed)']);
  });
});
