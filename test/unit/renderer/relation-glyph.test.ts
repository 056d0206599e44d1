import { describe, expect, it } from 'vitest';
import { relationGlyph } from '../../../src-renderer/util/relation-glyph';

describe('relationGlyph', () => {
  it('gives the common OBO relations a fixed symbol, whatever the name is written with', () => {
    expect(relationGlyph('part of').symbol).toBe('◔');
    expect(relationGlyph('part_of')).toEqual(relationGlyph('part of'));
    expect(relationGlyph('develops from').symbol).toBe('⤳');
  });

  it('marks other relations with their initials and a stable hue', () => {
    expect(relationGlyph('has topping').symbol).toBe('HT');
    expect(relationGlyph('hasTopping').symbol).toBe('HT');
    expect(relationGlyph('causative agent').hue).toBe(relationGlyph('causative agent').hue);
    expect(relationGlyph('causative agent').hue).not.toBe(relationGlyph('has finding site').hue);
  });
});
