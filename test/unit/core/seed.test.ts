import { describe, expect, it } from 'vitest';
import { paramSchemas } from '../../../src-main/api/contract';
import { selectionOptions } from '../../../src-main/cli/commands/eval-command';
import { MAX_SEED, seedOption } from '../../../src-main/core/seed';

describe('seeds: integers from 0 to 2^31 − 1, on the CLI as over the API', () => {
  it('takes every seed in the range', () => {
    expect(seedOption('0')).toBe(0);
    expect(seedOption(String(MAX_SEED))).toBe(2147483647);
    expect(seedOption(undefined)).toBeUndefined();
    expect(selectionOptions({ sample: '3', seed: '2147483647' })).toMatchObject({ sample: 3, seed: MAX_SEED });
  });

  it('refuses, naming the range, what would alias or lose digits, and what is no whole number', () => {
    for (const bad of ['4294967297', '9007199254740993', '2147483648', '-1', '1.5', '1e3', 'abc', ''])
      expect(() => seedOption(bad), bad).toThrow(/from 0 to 2147483647 \(2\^31 − 1\)/);
    expect(() => selectionOptions({ sample: '3', seed: '4294967297' })).toThrow(
      /--seed must be a whole number from 0 to 2147483647/,
    );
  });

  it('the API takes the same range for every method that draws', () => {
    for (const m of ['datasets.generate', 'datasets.revise', 'evaluation.run'] as const) {
      const shape = (paramSchemas[m] as unknown as { shape: { seed: { safeParse(v: unknown): { success: boolean } } } })
        .shape.seed;
      expect(shape.safeParse(MAX_SEED).success, m).toBe(true);
      expect(shape.safeParse(MAX_SEED + 1).success, m).toBe(false);
    }
  });
});
