import type { ClosureIndex } from './closure-index';

/** A ⊑ ∃r.B for the class the list belongs to; closure ids. */
export interface NamedLink {
  r: number;
  b: number;
}

/**
 * The non-redundant entailed links of class `a` with a named filler, as comparable across versions.
 *
 * The bridge already stores the non-redundant existential closure (the `link` table; see
 * docs/bridge-protocol.md, "What the links mean"): a link of A is neither inherited from a named
 * superclass nor implied by another link of A with a sub-property and a more specific filler. That is
 * reused as it is. Only a complex filler needs work: it is renumbered on every load
 * (`urn:oarag:filler:<n>`), so two versions cannot be compared through it. It is replaced by its named
 * direct superclasses, and what that makes redundant is dropped by the same rule: implied by another
 * link of A, or entailed for a named parent of A (ClosureIndex.isEntailed, the closure's own test).
 */
export function namedLinks(ix: ClosureIndex, a: number): NamedLink[] {
  const out: NamedLink[] = [];
  let complex = false;
  for (const l of ix.links[a] ?? []) {
    if (ix.kindOf[l.r] !== 'property') continue;
    if (ix.kindOf[l.f] === 'class') out.push({ r: l.r, b: l.f });
    else {
      complex = true;
      for (const p of ix.parents[l.f] ?? []) if (ix.kindOf[p] === 'class') out.push({ r: l.r, b: p });
    }
  }
  return complex ? reduce(ix, a, out) : out;
}

function reduce(ix: ClosureIndex, a: number, links: NamedLink[]): NamedLink[] {
  const seen = new Set<string>();
  const unique = links.filter((l) => {
    const key = `${l.r} ${l.b}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const implies = (x: NamedLink, y: NamedLink) => ix.superProperties(x.r).has(y.r) && ix.ancestors(x.b).has(y.b);
  // Of two links that imply each other (equivalent fillers or properties) the one first in IRI order stays.
  const first = (x: NamedLink, y: NamedLink) => ix.compareIri(x.r, y.r) || ix.compareIri(x.b, y.b);
  const parents = (ix.parents[a] ?? []).filter((p) => ix.kindOf[p] === 'class');
  return unique.filter(
    (y) =>
      !unique.some((x) => x !== y && implies(x, y) && (!implies(y, x) || first(x, y) < 0)) &&
      !parents.some((p) => ix.isEntailed(p, y.r, y.b)),
  );
}
