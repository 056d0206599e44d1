import { describe, expect, it } from 'vitest';
import { contradictedText, followsText } from '../../../src-main/query/exec/justification-text';

const ax = (text: string) => ({ functional: `F(${text})`, text });

describe('justification text', () => {
  it('words one justification as before, and numbers several', () => {
    expect(followsText('every a is a b', [[ax('a SubClassOf b')]], false)).toBe(
      'every a is a b follows from this axiom:\n- a SubClassOf b',
    );
    const two = followsText(
      'every a is a b',
      [[ax('a SubClassOf b')], [ax('a SubClassOf c'), ax('c SubClassOf b')]],
      false,
    );
    expect(two).toMatch(/^every a is a b follows from each of 2 justifications, each a minimal set of axioms/);
    expect(two).toContain(
      'Justification 1 of 2:\n- a SubClassOf b\nJustification 2 of 2:\n- a SubClassOf c\n- c SubClassOf b',
    );
    expect(two).not.toContain('more exist');
  });

  it('says more exist when the search stopped at its limit, even with one set shown', () => {
    expect(followsText('every a is a b', [[ax('x')], [ax('y')]], true)).toContain(
      '(more exist: the search stopped at 2)',
    );
    expect(followsText('every a is a b', [[ax('x')]], true)).toContain('Justification 1 of 1:');
  });

  it('words a contradiction with its axioms', () => {
    expect(contradictedText('every a is a b', 'a and b', [ax('a DisjointWith b')])).toBe(
      'every a is a b is CONTRADICTED: nothing can be a and b, by this axiom:\n- a DisjointWith b',
    );
  });
});
