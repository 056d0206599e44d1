import { describe, expect, it } from 'vitest';
import { formatLanguages, parseLanguages, sameLanguages } from '../../../src-renderer/util/name-languages';

describe('the label languages as a line of text', () => {
  it('writes the untagged label as none, and reads it back in the same order', () => {
    expect(formatLanguages(['en', ''])).toBe('en, none');
    expect(parseLanguages('en, none')).toEqual(['en', '']);
    expect(parseLanguages(formatLanguages(['pt-BR', '', 'de']))).toEqual(['pt-BR', '', 'de']);
  });

  it('takes commas, semicolons or spaces, each language once, and (none) in any case', () => {
    expect(parseLanguages(' de;en  (None) en EN ')).toEqual(['de', 'en', '']);
    expect(parseLanguages('  ')).toEqual([]);
  });

  it('keeps a bad tag for the settings store to refuse by name', () => {
    expect(parseLanguages('en, english!')).toEqual(['en', 'english!']);
  });

  it('compares preference lists in order', () => {
    expect(sameLanguages(['en', ''], ['en', ''])).toBe(true);
    expect(sameLanguages(['', 'en'], ['en', ''])).toBe(false);
    expect(sameLanguages(['en'], ['en', ''])).toBe(false);
  });
});
