import { shuffle } from '../../core/random';
import { subjectsOfAll } from '../../query/exec/closure-queries';
import type { GenContext } from './gen-context';

/** A condition ∃r.B of an open question. */
export interface Condition {
  r: number;
  b: number;
}

/**
 * S̄(A) (paper App. C): the restrictions ∃r.B of the decomposed told axioms of A and its ancestors,
 * with the filler B also lifted to its parents and grandparents. Relations and fillers that cannot be
 * named unambiguously, and root-like or obsolete fillers, are left out.
 */
export class ConditionPool {
  private readonly memo = new Map<number, Condition[]>();

  constructor(private readonly ctx: GenContext) {}

  of(a: number): Condition[] {
    const hit = this.memo.get(a);
    if (hit) return hit;
    const { ctx } = this;
    const out = new Map<string, Condition>();
    for (const x of [...ctx.ix.ancestors(a)].sort((p, q) => p - q)) {
      for (const { r, b } of ctx.statedBy.get(x) ?? []) {
        if (!ctx.relationUsable(r)) continue;
        for (const b2 of ctx.within(b, 2, 'up')) {
          const key = `${r} ${b2}`;
          if (out.has(key) || !ctx.usable(b2)) continue;
          out.set(key, { r, b: b2 });
        }
      }
    }
    // Entailed by construction (A ⊑ A' ⊑ ∃r.B ⊑ ∃r.B'); the conditions finally chosen are checked again.
    const list = [...out.values()];
    if (this.memo.size > 100_000) this.memo.clear();
    this.memo.set(a, list);
    return list;
  }
}

/** ∃r1.B1 ⊑ ∃r2.B2 in the sense of the paper's check: r1 ⊑* r2 and B1 ⊑ B2. */
export function conditionSubsumes(ctx: GenContext, c1: Condition, c2: Condition): boolean {
  return ctx.ix.superProperties(c1.r).has(c2.r) && ctx.ix.isSubClassOf(c1.b, c2.b);
}

export function mutuallyNonSubsuming(ctx: GenContext, conds: Condition[]): boolean {
  for (let i = 0; i < conds.length; i++) {
    for (let j = 0; j < conds.length; j++) if (i !== j && conditionSubsumes(ctx, conds[i], conds[j])) return false;
  }
  return true;
}

/** A random maximal non-subsuming subset built greedily, stopping at n. */
export function sampleConditions(ctx: GenContext, pool: Condition[], n: number, rand: () => number): Condition[] {
  const chosen: Condition[] = [];
  for (const c of shuffle(rand, pool.slice())) {
    if (chosen.every((d) => !conditionSubsumes(ctx, c, d) && !conditionSubsumes(ctx, d, c))) chosen.push(c);
    if (chosen.length === n) break;
  }
  return chosen;
}

/** Gold answers: every branch member entailed to satisfy all conditions. */
export function answerSet(ctx: GenContext, members: ReadonlySet<number>, conds: Condition[]): number[] {
  const ids = subjectsOfAll(
    ctx.ix,
    conds.map((c) => ({ r: c.r, b: c.b })),
  );
  return [...ids].filter((x) => members.has(x));
}

/**
 * Branch members outside the gold that might still meet every condition: ELK cannot vouch for the NOT
 * ENTAILED that keeps them out (ElkGaps.unsure). Each lies under a class named in an axiom outside
 * OWL 2 EL, or meets every condition whose filler is not such a class.
 */
export function unsureMembers(
  ctx: GenContext,
  members: ReadonlySet<number>,
  conds: Condition[],
  answers: readonly number[],
  underPartial: readonly number[],
): number[] {
  const gold = new Set(answers);
  const out = new Set(underPartial.filter((m) => !gold.has(m)));
  const sure = conds.filter((c) => !ctx.gaps.partialFiller(c.b));
  if (sure.length < conds.length) {
    for (const m of sure.length ? answerSet(ctx, members, sure) : members) if (!gold.has(m)) out.add(m);
  }
  return [...out].sort((p, q) => p - q);
}
