import { describe, expect, it } from 'vitest';
import { namedInText } from '../../../src-main/ontology/names/named-in-text';

/** Names of classes in a small eye ontology, as a name index knows them (normalised). */
const known = new Set(['cell', 'cone cell', 'retinal cone cell', 'retina', 'photoreceptor cell', 'eye']);
const isName = (p: string) => known.has(p);

describe('namedInText', () => {
  const card = 'A retinal cone cell that is part of the retina and detects colour.';

  it('"cell" is not named by a card that says "retinal cone cell": the match belongs to the longer name', () => {
    expect(namedInText(card, ['cell'], isName)).toBe(false);
  });

  it('a concept named by its own exact synonym is named, whole words only', () => {
    // "photoreceptor" is the label; "cone" here is only part of "retinal cone cell".
    expect(
      namedInText('Any eye bears some light-sensing cells.', ['photoreceptor cell', 'light sensing cell'], isName),
    ).toBe(true);
    expect(namedInText(card, ['retina'], isName)).toBe(true);
    expect(namedInText(card, ['retinal cone cell'], isName)).toBe(true);
  });

  it('a label inside another word is not a name ("eye" in "eyelid", "cell" in "cellular")', () => {
    expect(namedInText('A fold of skin over the eyelid, cellular in origin.', ['eye', 'cell'], isName)).toBe(false);
  });

  it("a longer phrase that is the concept's own synonym does not hide it", () => {
    expect(
      namedInText('Every nucleolus is part of a cell nucleus.', ['nucleus', 'cell nucleus'], (p) =>
        ['cell nucleus', 'cell'].includes(p),
      ),
    ).toBe(true);
  });
});
