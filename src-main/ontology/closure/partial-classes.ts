import type { ClosureIndex } from './closure-index';

/**
 * The classes a NOT ENTAILED for a ⊑ ∃r.b (or a ⊑ b) rests on that are named in axioms outside OWL 2
 * EL (OntologyHandle.outsideEl): a, a superclass of a, or b. ELK ignores those axioms, so such a NOT
 * ENTAILED may be a gap in what it read. The one rule behind the answer checks, ASK observations and
 * the generated datasets' `unsure` lists.
 */
export function partialClassesOf(
  ix: ClosureIndex,
  isPartial: (id: number) => boolean,
  a: number | null,
  b: number | null,
): number[] {
  const out = new Set<number>();
  if (a !== null) for (const id of [a, ...ix.ancestors(a)]) if (isPartial(id)) out.add(id);
  if (b !== null && isPartial(b)) out.add(b);
  return [...out];
}
