import { SUBCLASS_OF } from '../../query/exec/closure-facts';
import type { FrameCondition, FrameReading, FrameTerm, OpenFrame } from './frame-types';
import { scanText, wordsBetween, type Lexicon, type Mention } from './mentions';
import { preferQuoted, reading } from './read-common';

/**
 * A user's open question read into a root and conditions: each relation the question names takes
 * the first concept after it as its filler; "kinds of X" (or a concept before every relation) is the
 * root whose descendants answer.
 */
export function readOpen(question: string, lex: Lexicon): FrameReading {
  const scan = scanText(question, lex);
  const ms = preferQuoted(scan.mentions);
  const conditions: FrameCondition[] = [];
  let root: FrameTerm | null = null;
  let rootNamed = false;
  let missing = 0;
  const used = new Set<Mention>();
  const inverse = ms.find((m) => m.inverse);
  // "the superclasses of X" are above X; an open frame lists what is below its root.
  if (inverse)
    return {
      frame: null,
      reason: `The question asks for the classes above a concept ("${inverse.term.from}"); an open question's answers are read as the classes below a root, so it is not checked.`,
    };
  const unread: string[] = [];
  for (const [k, m] of ms.entries()) {
    if (m.kind !== 'relation') continue;
    const next = ms.slice(k + 1).find((x) => x.kind === 'concept');
    const between = ms.slice(k + 1, next ? ms.indexOf(next) : undefined).some((x) => x.kind === 'relation');
    if (!next || between) {
      missing++;
      continue;
    }
    used.add(next);
    unread.push(...wordsBetween(scan.words, m, next));
    if (m.term.iri === SUBCLASS_OF && !root && !conditions.length) {
      root = next.term;
      rootNamed = true;
    } else conditions.push({ relation: m.term, filler: next.term });
  }
  const firstRelation = ms.find((m) => m.kind === 'relation');
  const loose = ms.filter(
    (m) => m.kind === 'concept' && !used.has(m) && (!firstRelation || m.end <= firstRelation.start),
  );
  // Only "Which disorders …" (or "which of these disorders") makes a concept the kind asked for: in
  // "What are the parts of the heart?" the heart is not the root, and its subclasses are not the answer.
  const restricts = loose.filter((m) => asksFor(scan.words, scan.asks, m));
  if (!root && restricts.length) root = restricts[restricts.length - 1].term;
  if (!conditions.length && !root)
    return {
      frame: null,
      reason: 'The question names no relation of the ontology and no concept whose kinds it asks for.',
    };
  let confidence = conditions.length ? 0.85 : 0.7;
  const notes: string[] = [];
  // A concept the reading leaves out was said for a reason: "… have finding site some myocardium" with
  // "have finding site" unread would check the answers as mere kinds of the root.
  const unused = ms.find((m) => m.kind === 'concept' && !used.has(m) && m.term.iri !== root?.iri);
  if (unused) {
    confidence = Math.min(confidence, 0.45);
    notes.push(`"${unused.term.from}" takes no place in the reading`);
  }
  if (conditions.length > 1 && joinedByOr(scan.words)) {
    // The conditions are a conjunction: "caused by a virus or located in the heart" is not one.
    confidence = Math.min(confidence, 0.45);
    notes.push('its conditions are joined by "or", and a frame can only join them by "and"');
  }
  if (unread.length) {
    confidence = Math.min(confidence, 0.45);
    notes.push(`the words "${unread.join(' ')}" between a relation and its concept are not read`);
  }
  if (missing) {
    confidence = 0.45;
    notes.push('a relation is named without a concept after it');
  }
  if (!rootNamed && restricts.length > 1) {
    confidence = Math.min(confidence, 0.5);
    notes.push('several concepts could be the kind asked for');
  }
  if (ms.some((m) => m.partial)) confidence *= 0.8;
  if (ms.some((m) => m.others.length && (used.has(m) || m.term === root))) {
    confidence = Math.min(confidence, 0.5);
    notes.push('a name is shared by several classes');
  }
  const frame: OpenFrame = { kind: 'open', root, conditions };
  return reading(frame, confidence, notes);
}

/** An "or" between two of the question's words, other than "one or more". */
function joinedByOr(words: string[]): boolean {
  const w = (i: number) => words[i]?.toLowerCase();
  return words.some((_, i) => w(i) === 'or' && !(w(i - 1) === 'one' && w(i + 1) === 'more'));
}

const BETWEEN_ASK_AND_KIND = new Set(
  'of these those the all kinds kind types type sorts sort subclasses classes concepts one or more'.split(' '),
);
/** Imperatives that ask as "which" does: "Name kinds of disorder …", "List the …". */
const ASK_VERBS = new Set(['name', 'list', 'give', 'find', 'show']);

/** The concept follows a question word with only "of these" and the like in between. */
function asksFor(words: string[], asks: number[], m: Mention): boolean {
  const starts = [...asks, ...(ASK_VERBS.has(words[0]?.toLowerCase() ?? '') ? [0] : [])];
  return starts.some(
    (a) => a < m.start && words.slice(a + 1, m.start).every((w) => BETWEEN_ASK_AND_KIND.has(w.toLowerCase())),
  );
}
