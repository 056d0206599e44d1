import { describe, expect, it } from 'vitest';
import { parseDataset, type McqItem } from '../../../../src-main/datasets/generate/dataset';
import { mcqOutcome, scoreMcq } from '../../../../src-main/evaluation/scoring';
import { cardioMcq } from '../../../support/cardio-dataset';

const line = (keys: [string, string], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ ...cardioMcq('m1', keys), ...extra });

describe('option keys: one rule (ignoring case) for the dataset check and for scoring', () => {
  it('refuses options whose keys differ only in case, naming both', () => {
    expect(() => parseDataset(line(['A', 'a']))).toThrow(/option keys "A" and "a" differ only in case/);
    expect(() => parseDataset(line(['b', 'B ']))).toThrow(/differ only in case/);
    expect(() => parseDataset(line(['A', 'A']))).toThrow(/option key "A" is used twice/);
  });

  it('takes gold and unsure keys written in another case, as scoring reads them', () => {
    const [item] = parseDataset(line(['A', 'B'], { gold: ['a'], unsure: ['b'] })) as McqItem[];
    expect(scoreMcq(item, ['A'])).toBe(true);
    // An unsure pick, in whatever case, earns no credit: the item is undetermined, not wrong.
    expect(mcqOutcome(item, ['A', 'b'])).toBe('undetermined');
    expect(scoreMcq(item, ['B'])).toBe(false);
    expect(() => parseDataset(line(['A', 'B'], { gold: ['A'], unsure: ['a'] }))).toThrow(/"unsure" must list/);
  });
});
