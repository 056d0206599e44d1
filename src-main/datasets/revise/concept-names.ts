import { wordingFor } from './verbalise';
import type { NameOf } from './verbalise';

/** How `revise` names concepts in the sentences it writes. */
export const NAMES_MODES = ['label', 'synonym', 'mixed'] as const;
export type NamesMode = (typeof NAMES_MODES)[number];

/**
 * Whether an exact synonym reads as a name in running text: not an abbreviation ("MF", "ER"), an ID,
 * or a bare symbol, and not the label again in other case or spacing.
 */
export function readableSynonym(label: string, synonym: string): boolean {
  const s = synonym.trim();
  if (s.length < 4 || /[:[\]{}]/.test(s) || !/[a-z]{3}/.test(s)) return false;
  if (/^[A-Z0-9-]+$/.test(s.split(/\s+/)[0]) && s.split(/\s+/).length === 1) return false;
  const norm = (x: string) => x.toLowerCase().replace(/[\s_-]+/g, ' ');
  return norm(s) !== norm(label);
}

/**
 * The name a sentence calls a concept by: its label (`label`), one of its own exact synonyms where it
 * has one (`synonym`), or either, half the time each (`mixed`). Fixed by the seed, the concept, the
 * class whose definition the sentence is in and the sentence's place, so a rerun writes the same text.
 */
export function conceptNamer(
  mode: NamesMode,
  seed: number,
  labelOf: NameOf,
  synonymsOf: (iri: string) => string[],
): (iri: string, where: string, at: number) => string {
  return (iri, where, at) => {
    const label = labelOf(iri);
    if (mode === 'label') return label;
    const synonyms = synonymsOf(iri);
    if (!synonyms.length) return label;
    const roll = wordingFor(seed ^ 0x5bd1e995, `${where} ${iri}`, at);
    if (mode === 'mixed' && roll % 2 === 0) return label;
    return synonyms[Math.floor(roll / 2) % synonyms.length];
  };
}
