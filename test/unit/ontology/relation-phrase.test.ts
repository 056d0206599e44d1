import { describe, expect, it } from 'vitest';
import { HAND_CHECKED, OTHER_WORDINGS_CHECKED } from '../../support/relation-labels';
import {
  PARAPHRASES,
  otherWords,
  paraphrasedSentence,
  relationPhrase,
  relationShape,
  statementSentence,
} from '../../../src-main/ontology/names/relation-phrase';

describe('relation labels read as English', () => {
  it.each(HAND_CHECKED)('%s', (label, sentence) => {
    expect(statementSentence('X', label, 'Y')).toBe(sentence);
  });

  it('gives every label three different wordings, each one sentence about X and Y', () => {
    for (const [label] of HAND_CHECKED) {
      const all = Array.from({ length: PARAPHRASES }, (_, v) => statementSentence('X', label, 'Y', v));
      expect(new Set(all).size, label).toBe(PARAPHRASES);
      for (const s of all) expect(s, label).toMatch(/^[A-Z][^.]* X\b.*\bY\b.*\.$|^For every X, .*\.$/);
    }
  });

  it('never puts "is" before a verb or a possessive noun', () => {
    expect(relationPhrase('contributes to morphology of')).toBe('contributes to morphology of');
    expect(relationPhrase('existence starts with')).toBe('has existence that starts with');
    expect(relationShape('existence_starts_with')).toEqual({
      kind: 'possessive',
      noun: 'existence',
      verb: 'starts with',
    });
    for (const [label, sentence] of HAND_CHECKED)
      expect(sentence, label).not.toMatch(/\bis (?!(related|a|an|part|always)\b)\w+s\b(?! (of|to|in|by|with|for)\b)/);
  });

  it.each(OTHER_WORDINGS_CHECKED)('%s in other words (%i)', (label, variant, sentence) => {
    expect(paraphrasedSentence('X', label, 'Y', variant)).toBe(sentence);
    // The point of other words: the label's own words are not in them, nor another relation's label
    // (a "has part" sentence saying "in part of" would read, and match, as "part of").
    const labels = [...new Set(OTHER_WORDINGS_CHECKED.map(([l]) => l))];
    for (const l of labels) expect(` ${sentence.toLowerCase().replace(/[^a-z ]/g, ' ')} `).not.toContain(` ${l} `);
    expect(otherWords(label.replace(/ /g, '_')).length).toBe(3);
  });
});
