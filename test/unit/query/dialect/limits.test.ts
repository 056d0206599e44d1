import { describe, expect, it } from 'vitest';
import { DEFAULT_DIALECT_LIMITS, resolveLimits } from '../../../../src-main/query/dialect/limits';

describe('limits', () => {
  it('has the documented defaults', () => {
    expect(DEFAULT_DIALECT_LIMITS).toEqual({
      maxQueryLength: 2000,
      maxNameLength: 300,
      maxConditions: 8,
      maxValues: 50,
    });
    expect(Object.isFrozen(DEFAULT_DIALECT_LIMITS)).toBe(true);
  });

  it('returns a fresh copy of the defaults when nothing is overridden', () => {
    const limits = resolveLimits();
    expect(limits).toEqual(DEFAULT_DIALECT_LIMITS);
    expect(limits).not.toBe(DEFAULT_DIALECT_LIMITS);
    expect(resolveLimits({})).toEqual(DEFAULT_DIALECT_LIMITS);
  });

  it('overrides only the given limits', () => {
    expect(resolveLimits({ maxConditions: 3 })).toEqual({ ...DEFAULT_DIALECT_LIMITS, maxConditions: 3 });
    expect(resolveLimits({ maxValues: undefined })).toEqual(DEFAULT_DIALECT_LIMITS);
  });

  it('accepts Infinity', () => {
    expect(resolveLimits({ maxQueryLength: Infinity }).maxQueryLength).toBe(Infinity);
  });

  it.each([0, -1, 1.5, NaN, -Infinity])('rejects the invalid limit %s', (value) => {
    expect(() => resolveLimits({ maxNameLength: value })).toThrow(RangeError);
  });

  it('rejects a non-number limit', () => {
    expect(() => resolveLimits({ maxValues: '5' as unknown as number })).toThrow(/maxValues/);
  });
});
