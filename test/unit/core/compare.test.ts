import { describe, expect, it } from 'vitest';
import { compareCodeUnits } from '../../../src-main/core/compare';

describe('compareCodeUnits', () => {
  it('orders by code unit, not by locale: capitals before lower case, equal strings tie', () => {
    expect(['b', 'B', 'a', 'A'].sort(compareCodeUnits)).toEqual(['A', 'B', 'a', 'b']);
    expect(compareCodeUnits('regulates', 'regulates (processual)')).toBe(-1);
    expect(compareCodeUnits('x', 'x')).toBe(0);
  });
});
