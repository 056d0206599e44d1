/** A relation's mark in the concept tree: a symbol and a hue, the same on every screen. */
export interface RelationGlyph {
  symbol: string;
  hue: number;
}

export const IS_A_GLYPH: RelationGlyph = { symbol: '⊑', hue: 215 };

// The relations OBO ontologies use most (RO and BFO), by name: the same relation has OBO and
// file-local IRIs (`…/obo/BFO_0000050`, `…/obo/go#part_of`) but one name.
const BY_NAME: Record<string, string> = {
  'part of': '◔',
  'has part': '◕',
  'develops from': '⤳',
  'derives from': '↜',
  regulates: '⇝',
  'negatively regulates': '⊖',
  'positively regulates': '⊕',
  'occurs in': '⊙',
  'located in': '⌖',
  'adjacent to': '⇹',
  overlaps: '⋈',
  'capable of': '⚙',
  'has participant': '⚇',
  'connected to': '⚭',
};

/**
 * The glyph of a relation: a fixed symbol for the common OBO relations, otherwise the initials of its
 * name ("has topping" or hasTopping → "HT"); the hue comes from the name, so a relation keeps its colour.
 */
export function relationGlyph(name: string): RelationGlyph {
  const key = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\s]+/g, ' ')
    .trim()
    .toLowerCase();
  const words = key.split(' ').filter(Boolean);
  const symbol =
    BY_NAME[key] ??
    (words.length > 1 ? words.slice(0, 2).map((w) => w[0]) : [...(words[0] ?? '?').slice(0, 2)]).join('').toUpperCase();
  let h = 0;
  for (const c of key) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return { symbol, hue: h % 360 };
}
