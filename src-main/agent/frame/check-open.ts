import { fewOf } from '../../core/few-of';
import { formatQuery } from '../../query/dialect';
import { SUBCLASS_OF } from '../../query/exec/closure-facts';
import type { CheckedGrounding } from '../agent-types';
import { blindSpot, round4, type CheckDeps } from './check-deps';
import type { OpenFrame } from './frame-types';

/** An open answer as concepts: each named concept's IRI (or, for a name shared by several, all of them). */
export interface AnswerConcept {
  text: string;
  iris: string[];
}

/**
 * OQ: the reasoner's whole answer set for the frame's conditions (no cap), then each answered
 * concept against it by IRI. `entailed` iff every answered concept is in the set; precision and
 * recall are against the full set.
 */
export function checkOpen(frame: OpenFrame, answer: AnswerConcept[], deps: CheckDeps): CheckedGrounding {
  const select = selectText(frame);
  const statement = `concepts${frame.root ? ` under ${frame.root.name}` : ''} ${frame.conditions
    .map((c) => `${c.relation.name} some ${c.filler.name}`)
    .join(' and ')}`;
  if (!frame.conditions.length && !frame.root)
    return { level: 'unchecked', reason: 'The question states no condition to check the concepts against.' };
  const named = answer.filter((a) => a.text.trim());
  if (!named.length) return { level: 'unchecked', reason: 'The answer names no concept.', statement, select };
  const set = deps.subjects(
    frame.root?.iri ?? null,
    frame.conditions.map((c) => ({ relation: c.relation.iri, filler: c.filler.iri })),
  );
  if (set === null)
    return {
      level: 'unchecked',
      reason: 'The conditions name a concept or relation this ontology does not have.',
      statement,
      select,
    };
  const inSet = new Set(set);
  const missed: AnswerConcept[] = [];
  const hitIris = new Set<string>();
  for (const a of named) {
    const hit = a.iris.find((i) => inSet.has(i));
    if (hit) hitIris.add(hit);
    else missed.push(a);
  }
  const outside = missed.map((a) => a.text);
  // An answer the reasoner leaves out because of what it did not read is not known to be wrong.
  const spots = missed.map((a) => a.iris.map((iri) => blindFor(frame, iri, deps)[0]).find(Boolean) ?? null);
  const precision = round4((named.length - outside.length) / named.length);
  const recall = set.length ? round4(hitIris.size / set.length) : null;
  const base = { statement, select, precision, recall, outside, answerSet: set.length };
  if (!outside.length)
    return {
      ...base,
      level: 'entailed',
      reason: `Every named concept meets the conditions (${statement}; recall ${recall === null ? '–' : `${Math.round(recall * 100)}%`} of ${set.length}).`,
    };
  // An answer that names nothing the ontology knows (a misspelling, a name it lacks) is not shown to be wrong.
  const unlinked = missed.filter((a) => !a.iris.length).map((a) => a.text);
  if (unlinked.length === outside.length)
    return {
      ...base,
      level: 'unchecked',
      reason: `${unlinked.length} of ${named.length} named concepts name nothing the ontology knows (${fewOf(unlinked)}), so the reasoner cannot say whether they meet the conditions (${statement}).`,
    };
  if (spots.every(Boolean))
    return {
      ...base,
      level: 'unchecked',
      reason: `${outside.length} of ${named.length} named concepts are not among ELK's answers (${statement}): ${fewOf(outside)}; but ${[...new Set(spots)].join('; ')}, so the reasoner cannot say they are wrong.`,
    };
  return {
    ...base,
    level: 'not-entailed',
    reason: `${outside.length} of ${named.length} named concepts do not meet the conditions (${statement}): ${fewOf(outside)}.`,
  };
}

/** Why an answer's missing membership may be a gap in what the reasoner read (see blindSpot). */
function blindFor(frame: OpenFrame, iri: string, deps: CheckDeps): string[] {
  const statements = [
    ...(frame.root ? [{ subject: iri, relation: SUBCLASS_OF, filler: frame.root.iri }] : []),
    ...frame.conditions.map((c) => ({ subject: iri, relation: c.relation.iri, filler: c.filler.iri })),
  ];
  return statements.flatMap((s) => blindSpot(s, deps) ?? []);
}

/** The frame as a dialect SELECT over names, to copy to the query console. */
export function selectText(frame: OpenFrame): string {
  return formatQuery({
    form: 'select-subjects',
    variable: 'x',
    conditions: [
      ...(frame.root ? [{ relation: 'is a', filler: frame.root.name }] : []),
      ...frame.conditions.map((c) => ({ relation: c.relation.name, filler: c.filler.name })),
    ],
  });
}
