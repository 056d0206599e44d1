/**
 * A language tag as the naming preference takes it (settings, the CLI's --languages): empty for a
 * literal without a tag, or a BCP 47-like tag such as `en` or `pt-BR`.
 */
export const LANGUAGE_TAG = /^(?:[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*)?$/;

/** The bounds of a preference, wherever it is given (settings, --languages). */
export const MAX_LANGUAGES = 10;
export const MAX_LANGUAGE_TAG_LENGTH = 35;

/** BCP 47's case: `pt-br` → `pt-BR`, `zh-hant-tw` → `zh-Hant-TW`; '' stays ''. */
export function canonicalTag(tag: string): string {
  return tag
    .split('-')
    .map((s, i) =>
      i === 0
        ? s.toLowerCase()
        : s.length === 4 && /^[A-Za-z]+$/.test(s)
          ? s[0].toUpperCase() + s.slice(1).toLowerCase()
          : (s.length === 2 && /^[A-Za-z]+$/.test(s)) || /^\d{3}$/.test(s)
            ? s.toUpperCase()
            : s.toLowerCase(),
    )
    .join('-');
}

/**
 * One spelling per preference: tags in canonical case, each once, and none that an earlier tag already
 * takes (`en` takes `en-GB`, see naming-policy's languageRank). Spellings that name alike share a cache entry.
 */
export function normaliseLanguages(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of tags) {
    const tag = canonicalTag(raw);
    const low = tag.toLowerCase();
    const covered = out.some((t) => {
      const have = t.toLowerCase();
      return have === low || (have !== '' && low.startsWith(have + '-'));
    });
    if (!covered) out.push(tag);
  }
  return out;
}
