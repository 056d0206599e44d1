import { describe, expect, it } from 'vitest';
import { LEVEL_COLOUR, levelLabel } from '../../../src-renderer/util/grounding-levels';

describe('grounding level table', () => {
  it("colours the reasoner's levels like the claimed ones they stand for, and writes them as words", () => {
    expect(LEVEL_COLOUR['not-entailed']).toBe(LEVEL_COLOUR.unrelated);
    expect(LEVEL_COLOUR.unchecked).toBe(LEVEL_COLOUR.none);
    expect(LEVEL_COLOUR.entailed).toBe('var(--g-entailed)');
    expect(
      new Set([
        LEVEL_COLOUR.entailed,
        LEVEL_COLOUR.supported,
        LEVEL_COLOUR.related,
        LEVEL_COLOUR.unrelated,
        LEVEL_COLOUR.none,
      ]).size,
    ).toBe(5);
    expect(levelLabel('not-entailed')).toBe('not entailed');
    expect(levelLabel('entailed')).toBe('entailed');
  });
});
