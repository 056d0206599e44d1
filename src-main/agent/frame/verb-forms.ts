/**
 * The plain form of a relation's name, for questions that say "does X develop from …" where the label
 * says "develops from": its first word ending in a third-person "s" loses it ("regulates" → "regulate",
 * "has part" → "have part"). Null when no word looks like such a verb.
 */
export function plainForm(norm: string): string | null {
  const words = norm.split(' ');
  for (let i = 0; i < words.length; i++) {
    const plain = plainVerb(words[i]);
    if (plain) return [...words.slice(0, i), plain, ...words.slice(i + 1)].join(' ');
  }
  return null;
}

function plainVerb(w: string): string | null {
  if (w === 'has') return 'have';
  if (w === 'does') return 'do';
  // "is", "was", nouns such as "process", "status", "axis": no third-person verb.
  if (w.length < 4 || !w.endsWith('s') || /(ss|us|is|ous)$/.test(w)) return null;
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(ch|sh|x|z)es$/.test(w)) return w.slice(0, -2);
  return w.slice(0, -1);
}
