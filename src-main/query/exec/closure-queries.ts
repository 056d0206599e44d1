import type { ClosureIndex } from '../../ontology/closure/closure-index';
import { UserError } from '../../core/errors';

/** A linked condition: `r === 'isa'` stands for A ⊑ B. */
export interface LinkedCondition {
  r: number | 'isa';
  b: number;
}

/** Above this many candidates, intersecting whole sets beats checking candidates one by one. */
const VERIFY_ONE_BY_ONE = 500;

export function holds(ix: ClosureIndex, a: number, c: LinkedCondition): boolean {
  return c.r === 'isa' ? ix.isSubClassOf(a, c.b) : ix.isEntailed(a, c.r, c.b);
}

/** Every satisfiable named A with O ⊨ A ⊑ ∃r.B (or A ⊑ B), by walking the links backwards. */
export function subjectsOf(ix: ClosureIndex, c: LinkedCondition, deadline = Infinity): Set<number> {
  return new Set(subjectList(ix, c, deadline));
}

function subjectList(ix: ClosureIndex, c: LinkedCondition, deadline: number, below = ix.down.below([c.b])): Int32Array {
  const g = ix.down;
  if (c.r === 'isa') return g.satisfiableClasses(below);
  const r = c.r;
  const holders = g.linkSubjects(below, ix.subProperties(r));
  if (performance.now() > deadline) throw tooSlow();
  // A reflexive r' ⊑* r makes every class below B an r-successor of B: desc*(B) joins the holders.
  const reflexive = [...ix.reflexive].some((rr) => ix.superProperties(rr).has(r));
  const starts = reflexive ? [...holders, c.b] : holders;
  return g.satisfiableClasses(g.below(starts));
}

/**
 * Conjunctions: conditions implied by another one are dropped, then the rest are evaluated from the
 * one with the fewest classes below its filler. A short candidate list is checked one by one; long
 * ones are intersected by counting, on the graph's typed arrays.
 */
export function subjectsOfAll(ix: ClosureIndex, all: LinkedCondition[], deadline = Infinity): Set<number> {
  const conds = withoutImplied(ix, all);
  if (!conds.length) return new Set();
  const order = conds.map((c) => ({ c, below: ix.down.below([c.b]) })).sort((x, y) => x.below.length - y.below.length);
  const first = subjectList(ix, order[0].c, deadline, order[0].below);
  const rest = order.slice(1);
  if (first.length <= VERIFY_ONE_BY_ONE) {
    const out = new Set<number>();
    for (const a of first) if (rest.every(({ c }) => holds(ix, a, c))) out.add(a);
    if (performance.now() > deadline) throw tooSlow();
    return out;
  }
  // seen[a] = how many conditions in a row a has met so far.
  const seen = new Uint16Array(ix.down.size);
  for (let i = 0; i < first.length; i++) seen[first[i]] = 1;
  for (const [k, { c, below }] of rest.entries()) {
    const list = subjectList(ix, c, deadline, below);
    for (let i = 0; i < list.length; i++) if (seen[list[i]] === k + 1) seen[list[i]] = k + 2;
    if (performance.now() > deadline) throw tooSlow();
  }
  const out = new Set<number>();
  for (let i = 0; i < first.length; i++) if (seen[first[i]] === conds.length) out.add(first[i]);
  return out;
}

/**
 * Sound tests for "every class meeting p meets q": ∃r.B ⊑ ∃s.C when r ⊑* s and B ⊑ C, and B ⊑ C
 * (or B ⊑ ∃s.C) for `is a` B. Dropping such a q changes no answer, and the conditions dropped are
 * the general ones ("regulates some biological process") that are the most expensive to evaluate.
 */
function implies(ix: ClosureIndex, p: LinkedCondition, q: LinkedCondition): boolean {
  if (p.r === 'isa') return q.r === 'isa' ? ix.isSubClassOf(p.b, q.b) : ix.isEntailed(p.b, q.r, q.b);
  return q.r !== 'isa' && ix.superProperties(p.r).has(q.r) && ix.isSubClassOf(p.b, q.b);
}

function withoutImplied(ix: ClosureIndex, conds: LinkedCondition[]): LinkedCondition[] {
  const kept: (LinkedCondition | null)[] = [...conds];
  // A condition is dropped only for one still kept, so of two equivalent conditions one stays.
  for (let i = 0; i < kept.length; i++) {
    for (let j = 0; j < kept.length; j++) {
      const p = kept[j];
      if (j !== i && p && implies(ix, p, kept[i]!)) {
        kept[i] = null;
        break;
      }
    }
  }
  return kept.filter((c): c is LinkedCondition => c !== null);
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
  for (const rr of ix.reflexive)
    if (ix.superProperties(rr).has(r)) for (const b of anc) if (ix.kindOf[b] === 'class') out.add(b);
  return out;
}

/** Every named r with O ⊨ A ⊑ ∃r.B; `isa` is included when A ⊑ B. */
export function relationsBetween(ix: ClosureIndex, a: number, b: number): { props: Set<number>; isa: boolean } {
  const anc = ix.ancestors(a);
  const props = new Set<number>();
  for (const x of anc) {
    for (const l of ix.links[x] ?? [])
      if (ix.ancestors(l.f).has(b)) for (const s of ix.superProperties(l.r)) props.add(s);
  }
  if (anc.has(b)) for (const rr of ix.reflexive) for (const s of ix.superProperties(rr)) props.add(s);
  return { props, isa: anc.has(b) && a !== b };
}

const collator = new Intl.Collator();

/**
 * Specific before general (deeper first), then by name; only the first `limit` are returned. A
 * general query can match tens of thousands of classes while a page shows fifty, so only the
 * deepest depth groups that fill the page are sorted by name.
 */
export function sortSpecificFirst(ix: ClosureIndex, ids: Iterable<number>, limit = Infinity): number[] {
  const byName = (x: number, y: number) => collator.compare(ix.nameOf(x), ix.nameOf(y));
  const groups = new Map<number, number[]>();
  for (const id of ids) {
    const d = ix.depth(id);
    const g = groups.get(d);
    if (g) g.push(id);
    else groups.set(d, [id]);
  }
  const out: number[] = [];
  for (const d of [...groups.keys()].sort((x, y) => y - x)) {
    if (out.length >= limit) break;
    out.push(...groups.get(d)!.sort(byName));
  }
  return out.length > limit ? out.slice(0, limit) : out;
}

function namedNot(ix: ClosureIndex, ids: Iterable<number>, self: number): Set<number> {
  const out = new Set<number>();
  for (const id of ids) if (id !== self && ix.kindOf[id] === 'class') out.add(id);
  return out;
}

function tooSlow(): Error {
  return new UserError(
    'query-timeout',
    'The query took too long; narrow it with a more specific filler or another condition.',
  );
}
