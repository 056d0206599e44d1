import { describe, expect, it } from 'vitest';
import { relationPhrase, verbaliseRestriction } from '../../../../src-main/datasets/revise/verbalise';

const names: Record<string, string> = {
  partOf: 'part of',
  hasPart: 'has part',
  regulates: 'regulates',
  agent: 'causative agent',
  site: 'finding site',
  develops: 'develops from',
  nucleus: 'nucleus',
  cell: 'cell',
  heart: 'heart',
  virus: 'virus',
  located: 'located in',
};
const nameOf = (iri: string) => names[iri] ?? iri;

describe('relationPhrase', () => {
  it('reads relation labels as verbs', () => {
    expect(relationPhrase('part of')).toBe('is part of');
    expect(relationPhrase('has part')).toBe('has part');
    expect(relationPhrase('regulates')).toBe('regulates');
    expect(relationPhrase('develops from')).toBe('develops from');
    expect(relationPhrase('causative agent')).toBe('has causative agent');
    expect(relationPhrase('located_in')).toBe('is located in');
    expect(relationPhrase('finding site')).toBe('has finding site');
  });
});

describe('verbaliseRestriction', () => {
  it('verbalises simple, nested and conjunctive fillers', () => {
    expect(verbaliseRestriction('myocarditis', { t: 'some', r: 'site', f: { t: 'class', iri: 'heart' } }, nameOf)).toBe(
      'Every myocarditis has some heart as its finding site.',
    );
    expect(
      verbaliseRestriction(
        'spindle',
        {
          t: 'some',
          r: 'partOf',
          f: {
            t: 'and',
            args: [
              { t: 'class', iri: 'cell' },
              { t: 'some', r: 'hasPart', f: { t: 'class', iri: 'nucleus' } },
            ],
          },
        },
        nameOf,
      ),
    ).toBe('Every spindle is a component of some cell that has part some nucleus.');
    expect(
      verbaliseRestriction(
        'x',
        { t: 'some', r: 'agent', f: { t: 'some', r: 'located', f: { t: 'class', iri: 'heart' } } },
        nameOf,
      ),
    ).toBe('The causative agent of each x is something that is located in some heart.');
  });

  it('words a common relation without its label, in a wording the variant chooses', () => {
    const part = { t: 'some' as const, r: 'partOf', f: { t: 'class' as const, iri: 'nucleus' } };
    const all = Array.from({ length: 9 }, (_, v) => verbaliseRestriction('spindle', part, nameOf, v));
    expect(new Set(all).size).toBe(9);
    for (const s of all) expect(s).not.toMatch(/part of/);
    expect(all).toContain('Each spindle belongs to at least one nucleus.');
    // A relation without other words keeps its label, in the three templates.
    const site = { t: 'some' as const, r: 'site', f: { t: 'class' as const, iri: 'heart' } };
    expect(verbaliseRestriction('myocarditis', site, nameOf, 1)).toBe(
      'The finding site of each myocarditis is some heart.',
    );
  });
});
