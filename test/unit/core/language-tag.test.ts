import { describe, expect, it } from 'vitest';
import { LANGUAGE_TAG } from '../../../src-main/core/language-tag';

describe('a language tag', () => {
  it('is a BCP 47-like tag, or empty for a literal without one', () => {
    for (const t of ['en', 'pt-BR', 'zh-Hant-TW', 'EN', '']) expect(LANGUAGE_TAG.test(t), t).toBe(true);
  });

  it('is not a name, a spaced or punctuated tag, or an overlong subtag', () => {
    for (const t of ['english!', 'en us', 'en_US', '-en', 'en-', 'abcdefghi', 'de,en'])
      expect(LANGUAGE_TAG.test(t), t).toBe(false);
  });
});
