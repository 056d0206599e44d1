import { UserError } from '../../core/errors';
import { shuffle } from '../../core/random';
import { subjectsOfAll } from '../../query/exec/closure-queries';
import { apportion } from './apportion';
import type { OqItem } from './dataset';
import type { GenContext } from './gen-context';
import { openQuestion } from './templates';

export interface Condition {
  r: number;
  b: number;
}

export const DEFAULT_CONDITION_COUNTS = [2, 3, 4];
/** Random orders tried per seed concept to find n mutually non-subsuming conditions. */
const ATTEMPTS_PER_SEED = 8;

export interface OqGenOptions {
  count: number;
  root: number;
  conditionCounts: number[];
  /** True when the caller chose the counts: an impossible n is then an error rather than a warning. */
  explicitCounts: boolean;
  maxAnswers: number;
  rand: () => number;
  ontology: string;
  idPrefix: string;
  tick?: (done: number) => Promise<void>;
}

export interface OqGenResult {
  items: OqItem[];
  warnings: string[];
  branchSize: number;
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
function sampleConditions(ctx: GenContext, pool: Condition[], n: number, rand: () => number): Condition[] {
  const chosen: Condition[] = [];
  for (const c of shuffle(rand, pool.slice())) {
    if (chosen.every((d) => !conditionSubsumes(ctx, c, d) && !conditionSubsumes(ctx, d, c))) chosen.push(c);
    if (chosen.length === n) break;
  }
  return chosen;
}

/** The branch: satisfiable, non-obsolete named classes below (or equal to) the root. */
export function branchMembers(ctx: GenContext, root: number): number[] {
  const ix = ctx.ix;
  return [...ix.descendants(root)]
    .filter((x) => ix.kindOf[x] === 'class' && !ix.unsat.has(x) && !ix.deprecated.has(x))
    .sort((p, q) => p - q);
}

/** Gold answers: every branch member entailed to satisfy all conditions. */
export function answerSet(ctx: GenContext, members: ReadonlySet<number>, conds: Condition[]): number[] {
  const ids = subjectsOfAll(
    ctx.ix,
    conds.map((c) => ({ r: c.r, b: c.b })),
  );
  return [...ids].filter((x) => members.has(x));
}

/** Members per branch whose conditions are counted when choosing the default root; larger branches are sampled. */
const ROOT_SAMPLE = 1500;

/**
 * The default root A0: the top-level class whose branch holds the most concepts with at least
 * `minN` candidate conditions (the largest branch in the sense that matters for OQs), estimated on a
 * fixed sample of each large branch; ties go to the larger branch, then the lower id.
 */
export function defaultRoot(ctx: GenContext, pool: ConditionPool, minN: number): number | null {
  const ix = ctx.ix;
  let best: { id: number; score: number; size: number } | null = null;
  for (let id = 1; id < ix.kindOf.length; id++) {
    if (ix.kindOf[id] !== 'class' || !ctx.isRootLike(id) || !ctx.nameable(id)) continue;
    const members = branchMembers(ctx, id);
    const step = Math.max(1, members.length / ROOT_SAMPLE);
    let hits = 0;
    let seen = 0;
    for (let i = 0; i < members.length; i += step) {
      seen++;
      if (pool.of(members[Math.floor(i)]).length >= minN) hits++;
    }
    const score = seen ? Math.round((hits / seen) * members.length) : 0;
    const cand = { id, score, size: members.length };
    if (!best || cand.score > best.score || (cand.score === best.score && cand.size > best.size)) best = cand;
  }
  return best && best.score > 0 ? best.id : null;
}

/**
 * OQs (paper §5.1.2, App. C): pick a seed A in the branch, sample n mutually non-subsuming
 * conditions from S̄(A), and take as gold every branch member that the closure entails satisfies all
 * of them (A is always one). Condition sets are never repeated.
 */
export async function generateOqs(ctx: GenContext, o: OqGenOptions): Promise<OqGenResult> {
  const ix = ctx.ix;
  const { rand } = o;
  const warnings: string[] = [];
  const pool = new ConditionPool(ctx);
  const members = branchMembers(ctx, o.root);
  const memberSet = new Set(members);
  const rootName = ix.nameOf(o.root);
  const quotas = apportion(
    o.count,
    o.conditionCounts.map((n) => [n, 1] as [number, number]),
  );
  const seeds = shuffle(rand, members.slice());
  const cursor = new Map<number, number>(o.conditionCounts.map((n) => [n, 0]));
  const exhausted = new Set<number>();
  const seenKeys = new Set<string>();
  let mostConditions = 0;
  const made = new Map<number, number>(o.conditionCounts.map((n) => [n, 0]));
  const drafts: { seed: number; conds: Condition[]; answers: number[]; n: number }[] = [];

  const take = (n: number): boolean => {
    if (exhausted.has(n)) return false;
    while (cursor.get(n)! < seeds.length) {
      const seed = seeds[cursor.get(n)!];
      cursor.set(n, cursor.get(n)! + 1);
      const conds = pool.of(seed);
      if (conds.length < 2) continue;
      for (let t = 0; t < ATTEMPTS_PER_SEED; t++) {
        const chosen = sampleConditions(ctx, conds, n, rand);
        mostConditions = Math.max(mostConditions, chosen.length);
        if (chosen.length < n) {
          if (conds.length < n) break;
          continue;
        }
        const key = chosen
          .map((c) => `${c.r}:${c.b}`)
          .sort()
          .join('|');
        if (seenKeys.has(key) || !chosen.every((c) => ix.isEntailed(seed, c.r, c.b))) continue;
        const answers = answerSet(ctx, memberSet, chosen);
        if (answers.length > o.maxAnswers) continue;
        seenKeys.add(key);
        drafts.push({ seed, conds: chosen, answers, n });
        made.set(n, made.get(n)! + 1);
        return true;
      }
    }
    exhausted.add(n);
    return false;
  };

  const sequence = shuffle(
    rand,
    o.conditionCounts.flatMap((n) => Array<number>(quotas.get(n) ?? 0).fill(n)),
  );
  for (const n of sequence) {
    take(n);
    await o.tick?.(drafts.length);
  }
  for (const n of o.conditionCounts) {
    if ((made.get(n) ?? 0) === 0 && (quotas.get(n) ?? 0) > 0 && o.explicitCounts) {
      throw new UserError(
        'too-few-conditions',
        `no concept under "${rootName}" has ${n} mutually non-subsuming conditions (the most found is ${mostConditions}); ask for fewer conditions per open question.`,
      );
    }
  }
  if (o.count > 0 && drafts.length === 0) {
    throw new UserError(
      'too-few-conditions',
      mostConditions < 2
        ? `no concept under "${rootName}" has 2 mutually non-subsuming conditions (relation restrictions of its own or inherited), so no open question can be built there; choose another root.`
        : `no open question could be built under "${rootName}".`,
    );
  }
  // Hand the shortfall of exhausted counts to the others.
  while (drafts.length < o.count && o.conditionCounts.some((n) => !exhausted.has(n))) {
    for (const n of o.conditionCounts) {
      if (drafts.length >= o.count) break;
      take(n);
    }
    await o.tick?.(drafts.length);
  }
  for (const n of o.conditionCounts) {
    const want = quotas.get(n) ?? 0;
    if ((made.get(n) ?? 0) < want)
      warnings.push(
        `Only ${made.get(n) ?? 0} of the ${want} requested open questions with ${n} conditions could be built under "${rootName}".`,
      );
  }
  if (drafts.length < o.count)
    warnings.push(
      `Only ${drafts.length} of the ${o.count} requested open questions could be built under "${rootName}".`,
    );

  const byName = (p: number, q: number) => ix.nameOf(p).localeCompare(ix.nameOf(q)) || p - q;
  const items: OqItem[] = drafts.map((d, i) => ({
    id: `${o.idPrefix}oq-${String(i + 1).padStart(4, '0')}`,
    ontology: o.ontology,
    kind: 'oq',
    question: openQuestion(
      rootName,
      d.conds.map((c) => ({ r: ix.nameOf(c.r), b: ix.nameOf(c.b) })),
    ),
    root: ix.iri(o.root),
    conditions: d.conds.map((c) => ({ relation: ix.iri(c.r), filler: ix.iri(c.b) })),
    n: d.conds.length,
    answers: d.answers
      .slice()
      .sort(byName)
      .map((x) => ({ iri: ix.iri(x), name: ix.nameOf(x) })),
    evidence: d.conds.map((c) => ({
      kind: 'axiom' as const,
      subject: ix.iri(d.seed),
      relation: ix.iri(c.r),
      filler: ix.iri(c.b),
    })),
  }));
  return { items, warnings, branchSize: members.length };
}
