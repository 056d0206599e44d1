import { describe, expect, it } from 'vitest';
import { AxiomPicker, type Draft, type Reject } from '../../../../src-main/datasets/generate/axiom-picker';
import type { Slot } from '../../../../src-main/datasets/generate/dataset';
import type { SourceAxiom } from '../../../../src-main/datasets/generate/gen-context';

const draft = (i: number, slot: Slot): Draft => ({
  slot,
  ax: { a: i } as unknown as SourceAxiom,
  options: [i],
  correct: 1,
  reserve: [],
});

describe('AxiomPicker', () => {
  it('gives each slot fresh axioms first, then axioms another slot masked, never one pair twice', () => {
    const picker = new AxiomPicker([3, 1, 2], true, (i, slot) => draft(i, slot));
    const took = (slot: Slot) => picker.take(slot)?.ax.a ?? null;
    expect([took('subject'), took('filler'), took('filler'), took('filler')]).toEqual([3, 1, 2, 3]);
    // every axiom is used: the subject slot reuses those the filler slot masked, in its own order
    expect([took('subject'), took('subject'), took('subject')]).toEqual([1, 2, null]);
    expect(picker.exhausted.has('subject')).toBe(true);
    expect(took('filler')).toBeNull();
  });

  it('keeps the furthest reason each axiom failed, and exhausts the relation slot without names', () => {
    const reasons: Record<string, Reject> = { '0:subject': 'relation', '0:filler': 'options', '1:subject': 'concept' };
    const picker = new AxiomPicker([0, 1], false, (i, slot) => reasons[`${i}:${slot}`] ?? draft(i, slot));
    expect(picker.take('subject')).toBeNull();
    expect(picker.take('filler')?.ax.a).toBe(1);
    expect(picker.take('filler')).toBeNull();
    expect(picker.rejected.get(0)).toBe('options');
    expect(picker.rejected.get(1)).toBe('concept');
    expect(picker.take('relation')).toBeNull();
    expect(picker.exhausted.has('relation')).toBe(true);
  });
});
