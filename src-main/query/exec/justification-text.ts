import type { JustificationAxiom, QueryResult } from '../query-types';

/** What the reasoner gives for an entailment: up to a limit of justifications, `axioms` the first. */
export interface FoundJustifications {
  entailed: boolean;
  axioms: JustificationAxiom[];
  justifications?: JustificationAxiom[][];
  /** The search stopped at the limit, so more exist. */
  more?: boolean;
}

const list = (axioms: JustificationAxiom[]) => axioms.map((x) => `- ${x.text}`).join('\n');

/** "this axiom" / "these 3 axioms". */
export function axiomsPhrase(axioms: JustificationAxiom[]): string {
  return axioms.length === 1 ? 'this axiom' : `these ${axioms.length} axioms`;
}

/**
 * Why an entailment holds. One justification reads as it always did; several are numbered, each a set
 * whose every axiom is needed, and `more` says the search stopped at its limit rather than ran out.
 */
export function followsText(claim: string, sets: JustificationAxiom[][], more: boolean, by = ''): string {
  if (sets.length === 1 && !more) return `${claim} follows${by} from ${axiomsPhrase(sets[0])}:\n${list(sets[0])}`;
  const n = sets.length;
  const head =
    `${claim} follows${by} from each of ${n} justifications` +
    `${more ? ` (more exist: the search stopped at ${n})` : ''}, each a minimal set of axioms ` +
    '(remove any one axiom of a set and that set no longer gives it):';
  const body = sets.map((s, k) => `Justification ${k + 1} of ${n}:\n${list(s)}`);
  return [head, ...body].join('\n');
}

/** Puts the justifications on an EXPLAIN result (the first as `justification` too) and words them. */
export function explained(
  res: QueryResult,
  claim: string,
  sets: JustificationAxiom[][],
  more: boolean,
  by = '',
): QueryResult {
  res.justification = sets[0];
  res.justifications = sets;
  res.moreJustifications = more;
  res.observation = followsText(claim, sets, more, by);
  return res;
}

/** Why nothing can be so related: `what` is the impossible combination. */
export function contradictedText(claim: string, what: string, axioms: JustificationAxiom[]): string {
  return `${claim} is CONTRADICTED: nothing can be ${what}, by ${axiomsPhrase(axioms)}:\n${list(axioms)}`;
}
