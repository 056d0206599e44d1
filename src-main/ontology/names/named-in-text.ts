import { normalizeName } from './normalize';

/** How far a longer name may reach past a match on either side, in words ("retinal cone cell"). */
const REACH = 3;

/** A text's words as names are compared: normalised, split at anything not a letter or digit. */
export function nameWords(text: string): string[] {
  return normalizeName(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** A word of the text that reads as the name's word: the same, or its plain plural. */
const sameWord = (text: string, name: string, last: boolean) =>
  text === name || (last && (text === `${name}s` || text === `${name}es`));

/**
 * Whether the text names a concept by one of `names` (its label and exact or narrow synonyms): a
 * whole-word match, not one inside a longer name. A match that is part of a longer phrase the
 * ontology knows as another concept's name ("cell" in "retinal cone cell", "retina" in "retinal
 * pigment epithelium" does not even match) names that other concept, not this one.
 */
export function namedInText(text: string, names: readonly string[], isOtherName: (phrase: string) => boolean): boolean {
  const words = nameWords(text);
  const own = new Set(names.map((n) => nameWords(n).join(' ')));
  const other = (phrase: string) => !own.has(phrase) && isOtherName(phrase);
  for (const name of names) {
    const nw = nameWords(name);
    if (!nw.length) continue;
    for (let i = 0; i + nw.length <= words.length; i++) {
      if (!nw.every((w, k) => sameWord(words[i + k], w, k === nw.length - 1))) continue;
      if (!insideLongerName(words, i, i + nw.length, other)) return true;
    }
  }
  return false;
}

/** Whether words[from, to) lie inside a longer phrase of the text that is another concept's name. */
function insideLongerName(words: string[], from: number, to: number, other: (phrase: string) => boolean): boolean {
  for (let a = Math.max(0, from - REACH); a <= from; a++)
    for (let b = to; b <= Math.min(words.length, to + REACH); b++) {
      if (a === from && b === to) continue;
      const phrase = words.slice(a, b).join(' ');
      if (other(phrase) || (phrase.endsWith('s') && other(phrase.slice(0, -1)))) return true;
      if (phrase.endsWith('es') && other(phrase.slice(0, -2))) return true;
    }
  return false;
}
