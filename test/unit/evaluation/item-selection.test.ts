import { describe, expect, it } from 'vitest';
import { describeSelection, selectItems } from '../../../src-main/evaluation/item-selection';
import { selectionOptions } from '../../../src-main/cli/commands/eval-command';
import { paramSchemas } from '../../../src-main/api/contract';

const items = Array.from({ length: 40 }, (_, i) => `q${i + 1}`);

describe('which items a run answers', () => {
  it('takes every item, or the first N in dataset order', () => {
    expect(selectItems(items, {})).toEqual({ items, selection: { mode: 'all', n: 40, of: 40 } });
    const first = selectItems(items, { first: 5 });
    expect(first.items).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
    expect(describeSelection(first.selection)).toBe('the first 5 of 40 items');
    expect(selectItems(items, { first: 99 }).selection).toEqual({ mode: 'first', n: 40, of: 40 });
    expect(describeSelection(selectItems(items, { first: 99 }).selection)).toBe('all 40 items');
  });

  it('draws a seeded random N, the same for the same seed, kept in dataset order', () => {
    const a = selectItems(items, { sample: 10, seed: 3 });
    const b = selectItems(items, { sample: 10, seed: 3 });
    const c = selectItems(items, { sample: 10, seed: 4 });
    expect(a.items).toEqual(b.items);
    expect(a.items).not.toEqual(c.items);
    expect(new Set(a.items).size).toBe(10);
    expect(a.items).toEqual([...a.items].sort((x, y) => items.indexOf(x) - items.indexOf(y)));
    // Not simply the first ten.
    expect(a.items).not.toEqual(items.slice(0, 10));
    expect(describeSelection(a.selection)).toBe('10 of 40 items drawn at random (seed 3)');
    expect(selectItems(items, { sample: 10 }).selection).toMatchObject({ seed: 1 });
    expect(selectItems(items, { sample: 50 }).items).toEqual(items);
  });

  it('refuses what cannot be met, with a clear message', () => {
    expect(() => selectItems(items, { first: 5, sample: 5 })).toThrow(/either the first N items or a random sample/);
    expect(() => selectItems(items, { seed: 2 })).toThrow(/only applies to a random sample/);
    expect(() => selectItems(items, { first: 0 })).toThrow(/at least 1/);
    expect(() => selectItems(items, { sample: 2.5 })).toThrow(/whole number/);
  });

  it('reads --limit, --sample and --seed on the command line', () => {
    expect(selectionOptions({ limit: '5' })).toEqual({ first: 5, sample: undefined, seed: undefined });
    expect(selectionOptions({ sample: '10', seed: '7' })).toEqual({ first: undefined, sample: 10, seed: 7 });
    expect(() => selectionOptions({ limit: 'five' })).toThrow(
      '--limit must be a whole number of at least 1, not "five".',
    );
    expect(() => selectionOptions({ limit: '5', sample: '5' })).toThrow(/--limit N or --sample N/);
    expect(() => selectionOptions({ seed: '1' })).toThrow(/only applies to a random sample/);
  });

  it('takes first, sample and seed over the API, validated', () => {
    const base = { ontologyId: 'o', datasetPath: '/d.jsonl', method: 'reasoner-only' };
    expect(paramSchemas['evaluation.run'].safeParse({ ...base, first: 5 }).success).toBe(true);
    expect(paramSchemas['evaluation.run'].safeParse({ ...base, sample: 5, seed: 2 }).success).toBe(true);
    expect(paramSchemas['evaluation.run'].safeParse({ ...base, first: 0 }).success).toBe(false);
    expect(paramSchemas['evaluation.run'].safeParse({ ...base, seed: -1 }).success).toBe(false);
  });
});
