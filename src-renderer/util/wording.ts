import { plural } from './plural';

/** The head of the unsatisfiable-classes note: "1 class is equivalent to owl:Nothing". */
export function unsatisfiableHead(n: number): string {
  return `${n} ${plural(n, 'class is', 'classes are')} equivalent to owl:Nothing`;
}

/** What axioms outside OWL 2 EL mean for what ELK shows: `n` of them, `skipped` of which ELK ignores. */
export function outsideElNote(n: number, skipped: number): string {
  const head = n === 1 ? 'One of these axioms lies outside OWL 2 EL' : `${n} of these axioms lie outside OWL 2 EL`;
  if (!skipped)
    return n === 1
      ? `${head}; ELK may read it only in part, so some of what it implies may be missing here.`
      : `${head}; ELK may read them only in part, so some of what they imply may be missing here.`;
  if (n === 1) return `${head}; ELK skips it entirely, so nothing inferred here follows from it.`;
  return `${head}; ELK skips ${skipped} of them entirely, so nothing inferred here follows from ${plural(skipped, 'it', 'them')}.`;
}

const PREPOSITIONS = new Set(['of', 'in', 'to', 'from', 'by', 'with', 'at', 'on', 'into', 'for']);

/**
 * A relation's name as the verb of "kinds of X that …" (a plural subject): "part of" → "are part of",
 * "has part" → "have part", "develops from" → "develop from", "finding site" → "have finding site".
 */
export function pluralVerbPhrase(relation: string): string {
  const words = relation
    .trim()
    .split(/[\s_]+/)
    .filter(Boolean);
  const first = words[0]?.toLowerCase() ?? '';
  const rest = words.slice(1).join(' ');
  const join = (verb: string) => (rest ? `${verb} ${rest}` : verb);
  if (first === 'has') return join('have');
  if (first === 'is') return join('are');
  // A third-person verb ("regulates", "occurs", "lacks"): the plural drops its -s.
  if (/^[a-z]+[^su]s$/.test(first)) return join(first.slice(0, -1));
  // "part of", "located in": a state; "finding site", "causative agent": something each has.
  return PREPOSITIONS.has(words[words.length - 1]?.toLowerCase() ?? '')
    ? `are ${words.join(' ')}`
    : `have ${words.join(' ')}`;
}
