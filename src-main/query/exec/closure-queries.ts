import type { ClosureIndex } from '../../ontology/closure/closure-index';
import { UserError } from '../../core/errors';

/** A linked condition: `r === 'isa'` stands for A ⊑ B. */
export interface LinkedCondition {
  r: number | 'isa';
  b: number;
}

/** Above this many candidates, intersecting whole sets beats checking candidates one by one. */
const VERIFY_ONE_BY_ONE = 2000;

function namedSatisfiable(ix: ClosureIndex, ids: Iterable<number>): Set<number> {
  const out = new Set<number>();
  for (const id of ids) if (ix.kindOf[id] === 'class' && !ix.unsat.has(id)) out.add(id);
  return out;
}

export function holds(ix: ClosureIndex, a: number, c: LinkedCondition): boolean {
  return c.r === 'isa' ? ix.isSubClassOf(a, c.b) : ix.isEntailed(a, c.r, c.b);
}

/** Every satisfiable named A with O ⊨ A ⊑ ∃r.B (or A ⊑ B), by walking the links backwards. */
export function subjectsOf(ix: ClosureIndex, c: LinkedCondition, deadline = Infinity): Set<number> {
  const below = ix.descendants(c.b);
  if (c.r === 'isa') return namedSatisfiable(ix, below);
  const subs = ix.subProperties(c.r);
  const holders = new Set<number>();
  for (const f of below) for (const l of ix.linksByFiller[f] ?? []) if (subs.has(l.r)) holders.add(l.s);
  const out = new Set<number>();
  let n = 0;
  for (const h of holders) {
    if (out.has(h)) continue;
    for (const d of ix.descendants(h)) if (ix.kindOf[d] === 'class' && !ix.unsat.has(d)) out.add(d);
    if (++n % 256 === 0 && performance.now() > deadline) throw tooSlow();
  }
  for (const rr of ix.reflexive) {
    if (ix.superProperties(rr).has(c.r)) for (const d of namedSatisfiable(ix, below)) out.add(d);
  }
  return out;
}

/** Conjunctions: start from the condition with the fewest classes below its filler. */
export function subjectsOfAll(ix: ClosureIndex, conds: LinkedCondition[], deadline = Infinity): Set<number> {
  if (!conds.length) return new Set();
  const order = conds.map((c) => ({ c, size: ix.descendants(c.b).size })).sort((x, y) => x.size - y.size);
  let current = subjectsOf(ix, order[0].c, deadline);
  for (const { c } of order.slice(1)) {
    if (!current.size) break;
    if (current.size <= VERIFY_ONE_BY_ONE) {
      const next = new Set<number>();
      for (const a of current) if (holds(ix, a, c)) next.add(a);
      current = next;
    } else {
      const other = subjectsOf(ix, c, deadline);
      current = new Set([...current].filter((a) => other.has(a)));
    }
    if (performance.now() > deadline) throw tooSlow();
  }
  return current;
}

/** Every named B with O ⊨ A ⊑ ∃r.B (or A ⊑ B). */
export function fillersOf(ix: ClosureIndex, a: number, r: number | 'isa'): Set<number> {
  const anc = ix.ancestors(a);
  if (r === 'isa') return namedNot(ix, anc, a);
  const out = new Set<number>();
  for (const x of anc) {
    for (const l of ix.links[x] ?? []) {
      if (ix.superProperties(l.r).has(r)) for (const b of ix.ancestors(l.f)) if (ix.kindOf[b] === 'class') out.add(b);
    }
  }
  for (const rr of ix.reflexive) if (ix.superProperties(rr).has(r)) for (const b of anc) if (ix.kindOf[b] === 'class') out.add(b);
  return out;
}

/** Every named r with O ⊨ A ⊑ ∃r.B; `isa` is included when A ⊑ B. */
export function relationsBetween(ix: ClosureIndex, a: number, b: number): { props: Set<number>; isa: boolean } {
  const anc = ix.ancestors(a);
  const props = new Set<number>();
  for (const x of anc) {
    for (const l of ix.links[x] ?? []) if (ix.ancestors(l.f).has(b)) for (const s of ix.superProperties(l.r)) props.add(s);
  }
  if (anc.has(b)) for (const rr of ix.reflexive) for (const s of ix.superProperties(rr)) props.add(s);
  return { props, isa: anc.has(b) && a !== b };
}

/** Specific before general (deeper first), then by name. */
export function sortSpecificFirst(ix: ClosureIndex, ids: Iterable<number>): number[] {
  return [...ids].sort((x, y) => ix.depth(y) - ix.depth(x) || ix.nameOf(x).localeCompare(ix.nameOf(y)));
}

function namedNot(ix: ClosureIndex, ids: Iterable<number>, self: number): Set<number> {
  const out = new Set<number>();
  for (const id of ids) if (id !== self && ix.kindOf[id] === 'class') out.add(id);
  return out;
}

function tooSlow(): Error {
  return new UserError('query-timeout', 'The query took too long; narrow it with a more specific filler or another condition.');
}
