import { SUBCLASS_OF } from '../../query/exec/closure-facts';
import type { FrameCondition, FrameReading, FrameTerm, OpenFrame } from './frame-types';
import { scanText, type Lexicon, type Mention } from './mentions';
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
  for (const [k, m] of ms.entries()) {
    if (m.kind !== 'relation') continue;
    const next = ms.slice(k + 1).find((x) => x.kind === 'concept');
    const between = ms.slice(k + 1, next ? ms.indexOf(next) : undefined).some((x) => x.kind === 'relation');
    if (!next || between) {
      missing++;
      continue;
    }
    used.add(next);
    if (m.term.iri === SUBCLASS_OF && !root && !conditions.length) {
      root = next.term;
      rootNamed = true;
    } else conditions.push({ relation: m.term, filler: next.term });
  }
  const firstRelation = ms.find((m) => m.kind === 'relation');
  const loose = ms.filter(
    (m) => m.kind === 'concept' && !used.has(m) && (!firstRelation || m.end <= firstRelation.start),
  );
  if (!root && loose.length) root = loose[loose.length - 1].term;
  if (!conditions.length && !root)
    return { frame: null, reason: 'The question names no relation and no concept whose kinds it asks for.' };
  let confidence = conditions.length ? 0.85 : 0.7;
  const notes: string[] = [];
  if (missing) {
    confidence = 0.45;
    notes.push('a relation is named without a concept after it');
  }
  if (!rootNamed && loose.length > 1) {
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
