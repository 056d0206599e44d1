import { namedLinks } from '../closure/named-links';
import type { ClosureIndex } from '../closure/closure-index';

/** Parent and child lists of one relation's hierarchy, by closure id. */
export interface RelationGraph {
  /** A → the Bs with a direct A ⊑ ∃r.B. */
  up: Map<number, number[]>;
  /** B → the As with a direct A ⊑ ∃r.B. */
  down: Map<number, number[]>;
  /**
   * Classes with a direct link to themselves, A ⊑ ∃r.A (what `r some Self` in a definition entails):
   * true, but no edge between two classes, so the hierarchy leaves them out.
   */
  selfLinks: number;
}

/**
 * The direct links of every relation, as a hierarchy: B is an r-parent of A when A ⊑ ∃r.B is a
 * direct link of A.
 *
 * Direct means, first, one of A's non-redundant links with a named filler as the diff compares them
 * (namedLinks: not inherited from a named superclass of A, not implied by another link of A with a
 * sub-property and a more specific filler; a complex filler is replaced by its named parents). Second,
 * for a transitive r, not implied through another r-link of A: A ⊑ ∃r.B and B ⊑ ∃r.C entail A ⊑ ∃r.C,
 * so C is not a direct r-parent of A. The closure keeps such links (1,945 of go-mgi's 3,117 part_of
 * links), and a partonomy with them would list every part again under each whole above it.
 *
 * The property is matched exactly: the "regulates" hierarchy holds regulates links, not those of its
 * sub-property positively_regulates, which has its own. Built once per closure, over every class.
 */
export function buildRelationEdges(ix: ClosureIndex): Map<number, RelationGraph> {
  const out = new Map<number, RelationGraph>();
  const add = (map: Map<number, number[]>, k: number, v: number) => {
    const list = map.get(k);
    if (list) list.push(v);
    else map.set(k, [v]);
  };
  for (let a = 1; a < ix.iriOf.length; a++) {
    if (!ix.links[a]?.length || ix.kindOf[a] !== 'class' || ix.unsat.has(a)) continue;
    const byRelation = new Map<number, number[]>();
    const graph = (r: number) => {
      let g = out.get(r);
      if (!g) out.set(r, (g = { up: new Map(), down: new Map(), selfLinks: 0 }));
      return g;
    };
    const self = new Set<number>();
    for (const l of namedLinks(ix, a)) {
      if (l.b !== a) add(byRelation, l.r, l.b);
      else if (!self.has(l.r)) {
        self.add(l.r);
        graph(l.r).selfLinks++;
      }
    }
    for (const [r, fillers] of byRelation) {
      const g = graph(r);
      for (const b of ix.transitive.has(r) && fillers.length > 1 ? transitiveReduction(ix, r, fillers) : fillers) {
        add(g.up, a, b);
        add(g.down, b, a);
      }
    }
  }
  return out;
}

/** The fillers not implied through another: b goes when some other b' has b' ⊑ ∃r.b. */
function transitiveReduction(ix: ClosureIndex, r: number, fillers: number[]): number[] {
  const unique = [...new Set(fillers)];
  return unique.filter(
    (b) =>
      !unique.some(
        (other) =>
          other !== b &&
          ix.isEntailed(other, r, b) &&
          // Two fillers that imply each other (a cycle of r): the first by IRI stays.
          (!ix.isEntailed(b, r, other) || ix.compareIri(other, b) < 0),
      ),
  );
}
