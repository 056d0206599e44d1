import { describe, expect, it } from 'vitest';
import { conceptNamer, readableSynonym } from '../../../../src-main/datasets/revise/concept-names';

const labels: Record<string, string> = { nucleus: 'nucleus', er: 'endoplasmic reticulum', cell: 'cell' };
const synonyms: Record<string, string[]> = { nucleus: ['cell nucleus'], er: ['ER network'] };
const labelOf = (iri: string) => labels[iri];
const synonymsOf = (iri: string) => synonyms[iri] ?? [];

describe('revise --names', () => {
  it('label names every concept by its label; synonym by an own exact synonym where it has one', () => {
    const byLabel = conceptNamer('label', 1, labelOf, synonymsOf);
    const bySynonym = conceptNamer('synonym', 1, labelOf, synonymsOf);
    expect(byLabel('nucleus', 'x', 0)).toBe('nucleus');
    expect(bySynonym('nucleus', 'x', 0)).toBe('cell nucleus');
    expect(bySynonym('cell', 'x', 0)).toBe('cell');
  });

  it('mixed is a seeded mix of both, the same for the same seed and place', () => {
    const mixed = conceptNamer('mixed', 7, labelOf, synonymsOf);
    const names = Array.from({ length: 40 }, (_, k) => mixed('nucleus', `class${k}`, 0));
    expect(new Set(names)).toEqual(new Set(['nucleus', 'cell nucleus']));
    expect(
      Array.from({ length: 40 }, (_, k) => conceptNamer('mixed', 7, labelOf, synonymsOf)('nucleus', `class${k}`, 0)),
    ).toEqual(names);
  });

  it('abbreviations, IDs and the label in other case are not readable synonyms', () => {
    expect(readableSynonym('endoplasmic reticulum', 'ER')).toBe(false);
    expect(readableSynonym('nucleus', 'GO:0005634')).toBe(false);
    expect(readableSynonym('cell nucleus', 'Cell_nucleus')).toBe(false);
    expect(readableSynonym('nucleus', 'cell nucleus')).toBe(true);
  });
});
