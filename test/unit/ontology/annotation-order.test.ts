import { describe, expect, it } from 'vitest';
import { inStableOrder } from '../../../src-main/ontology/dump/annotation-order';
import type { Ann } from '../../../src-main/ontology/dump/dump-types';

const LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
const SYN = 'http://www.geneontology.org/formats/oboInOwl#hasExactSynonym';
const XREF = 'http://www.geneontology.org/formats/oboInOwl#hasDbXref';

describe('inStableOrder', () => {
  const anns: Ann[] = [
    {
      p: SYN,
      v: 'cor',
      ann: [
        { p: XREF, v: 'b' },
        { p: XREF, v: 'a' },
      ],
    },
    { p: LABEL, v: 'heart', lang: 'en' },
    { p: SYN, v: 'cardiac organ' },
    { p: LABEL, v: 'heart' },
  ];

  it('gives every permutation the same order, nested annotations included', () => {
    const once = inStableOrder(anns);
    expect(once.map((a) => `${a.p === LABEL ? 'label' : 'syn'}:${a.v}:${a.lang ?? ''}`)).toEqual([
      'syn:cardiac organ:',
      'syn:cor:',
      'label:heart:',
      'label:heart:en',
    ]);
    expect(once[1].ann?.map((a) => a.v)).toEqual(['a', 'b']);
    for (const perm of [[...anns].reverse(), [anns[2], anns[0], anns[3], anns[1]]])
      expect(inStableOrder(perm)).toEqual(once);
  });

  it('leaves the input untouched', () => {
    const copy = JSON.parse(JSON.stringify(anns));
    inStableOrder(anns);
    expect(anns).toEqual(copy);
  });
});
