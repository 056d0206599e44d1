import { fewOf } from '../../core/few-of';
import type { NameCandidate } from '../linking/link-types';
import type { Verdict } from '../query-types';

/** Observations are short, self-contained sentences a model can quote and a reviewer can check. */

export function statement(a: string, relation: string | 'isa', b: string): string {
  return relation === 'isa' ? `every ${a} is a ${b}` : `every ${a} is related by ${relation} to some ${b}`;
}

export const OPEN_WORLD_NOTE = 'not entailed means the ontology does not say so, not that it is false';

export function verdictLine(
  a: string,
  relation: string | 'isa',
  b: string,
  verdict: Verdict,
  unsat = false,
  /** Why the reasoner may not have seen an entailment ("the import X could not be loaded"). */
  gap: string | null = null,
): string {
  const base = `${statement(a, relation, b)}: ${verdict}`;
  if (unsat) return `${base} (${a} is unsatisfiable, so the ontology entails anything about it)`;
  if (verdict === 'CONTRADICTED') return `${base} (the ontology entails that no ${a} is so, so the statement is false)`;
  if (verdict === 'UNKNOWN') return `${base} (${gap ?? 'no reasoner settled it'}; it may hold or not)`;
  if (verdict === 'NOT ENTAILED' && gap)
    return `${base} (from what the reasoner read; ${gap}, so the ontology may still entail it)`;
  return verdict === 'NOT ENTAILED' ? `${base} (${OPEN_WORLD_NOTE})` : base;
}

/** The gap phrase for verdictLine: unloaded imports first, then classes ELK reads only in part. */
export function gapText(unloadedImports: string[], outsideEl: string[]): string | null {
  if (unloadedImports.length) return `the import ${fewOf(unloadedImports)} could not be loaded`;
  return outsideEl.length ? `axioms about ${fewOf(outsideEl)} use constructs outside OWL 2 EL that ELK ignores` : null;
}

export function unknownNameText(kind: 'concept' | 'relation', text: string, candidates: NameCandidate[]): string {
  const list = candidates.map((c) => c.name).join('; ');
  return `UNKNOWN NAME: no ${kind} is named "${text}".${list ? ` Closest ${kind} names: ${list}.` : ''}`;
}

export function ambiguousNameText(kind: 'concept' | 'relation', text: string, candidates: NameCandidate[]): string {
  const list = candidates.map((c) => (c.detail ? `${c.name} (${c.detail})` : c.name)).join('; ');
  return `UNKNOWN NAME: "${text}" names ${candidates.length} ${kind}s: ${list}. Use a name that picks one of them.`;
}

export function listText(names: string[], total: number): string {
  const more = total - names.length;
  return names.join('; ') + (more > 0 ? `; … (${more} more, ${total} in all)` : '');
}
