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
      'Every myocarditis has finding site some heart.',
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
    ).toBe('Every spindle is part of some cell that has part some nucleus.');
    expect(
      verbaliseRestriction(
        'x',
        { t: 'some', r: 'agent', f: { t: 'some', r: 'located', f: { t: 'class', iri: 'heart' } } },
        nameOf,
      ),
    ).toBe('Every x has causative agent something that is located in some heart.');
  });
});
