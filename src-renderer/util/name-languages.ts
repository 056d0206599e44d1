/**
 * The label languages of the naming settings as one line of text: tags in order of preference, with
 * `none` for a label that has no language tag (the settings store it as '').
 */
export const NO_TAG = 'none';

export function formatLanguages(langs: readonly string[]): string {
  return langs.map((l) => l || NO_TAG).join(', ');
}

/**
 * The list a line of text gives, in its order, each language once. Tags are checked by the settings
 * store, which answers a bad one with a message naming it; an empty line gives an empty list.
 */
export function parseLanguages(text: string): string[] {
  const out: string[] = [];
  for (const word of text.split(/[\s,;]+/)) {
    if (!word) continue;
    const tag = /^\(?none\)?$/i.test(word) ? '' : word;
    // Tags match labels whatever their case (naming-policy.ts), so `en` and `EN` are one language.
    if (!out.some((o) => o.toLowerCase() === tag.toLowerCase())) out.push(tag);
  }
  return out;
}

/** Whether two preference lists are the same. */
export function sameLanguages(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((l, i) => l === b[i]);
}
