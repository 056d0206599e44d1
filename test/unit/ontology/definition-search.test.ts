import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionHits } from '../../../src-main/ontology/names/definition-search';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { clinicalDump, EX, handleFromDump } from '../../support/dump-fixture';

describe('search over definitions', () => {
  let h: OntologyHandle;
  let cleanup: () => void;
  beforeAll(async () => {
    ({ handle: h, cleanup } = await handleFromDump(clinicalDump()));
  });
  afterAll(() => cleanup());
  const names = (xs: { id: number }[]) => xs.map((x) => h.closure.nameOf(x.id));

  it('finds the classes whose definition has the text, with the match placed in a snippet', () => {
    const hits = definitionHits(h, 'MUSCLE or', 10, { skip: new Set() });
    expect(names(hits)).toEqual(['heart disease']);
    const d = hits[0];
    expect(d.snippet.slice(d.start, d.start + d.length)).toBe('muscle or');
    expect(d.snippet).toBe('A disorder of the heart muscle or valves.');
  });

  it('leaves out what the name search found, short texts, and LIKE wildcards are literal', () => {
    const skip = new Set([h.closure.id(EX + 'Myocarditis')!]);
    expect(names(definitionHits(h, 'inflammation', 10, { skip }))).toEqual([]);
    expect(definitionHits(h, 'of', 10, { skip: new Set() })).toEqual([]);
    expect(definitionHits(h, '%%%', 10, { skip: new Set() })).toEqual([]);
    expect(names(definitionHits(h, 'the', 1, { skip: new Set() }))).toHaveLength(1);
  });
});
