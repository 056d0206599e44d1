import { UserError } from '../../core/errors';
import { shuffle } from '../../core/random';
import { apportion } from './apportion';
import type { OqItem } from './dataset';
import type { GenContext } from './gen-context';
import { ConditionPool } from './oq-conditions';
import { OqDrafter, type OqDraft } from './oq-drafter';
import { proveMembers, type OptionDecider } from './option-proofs';
import { MAX_UNSURE } from './elk-gaps';
import { openQuestion } from './templates';

export const DEFAULT_CONDITION_COUNTS = [2, 3, 4];
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
  /** Unsure members decided by the reasoner on their modules, up to MAX_DL_MEMBERS per question. */
  prove?: { decider: OptionDecider; deadlineMs: number; signal?: AbortSignal };
}

export interface OqGenResult {
  items: OqItem[];
  warnings: string[];
  branchSize: number;
}

/** The branch: satisfiable, non-obsolete named classes below (or equal to) the root. */
export function branchMembers(ctx: GenContext, root: number): number[] {
  const ix = ctx.ix;
  return [...ix.descendants(root)]
    .filter((x) => ix.kindOf[x] === 'class' && !ix.unsat.has(x) && !ix.deprecated.has(x))
    .sort((p, q) => p - q);
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
  const rootName = ix.nameOf(o.root);
  const quotas = apportion(
    o.count,
    o.conditionCounts.map((n) => [n, 1] as [number, number]),
  );
  const seeds = shuffle(rand, members.slice());
  const drafter = new OqDrafter(ctx, pool, seeds, new Set(members), o.conditionCounts, o.maxAnswers, rand);
  const { drafts, made } = drafter;
  const sequence = shuffle(
    rand,
    o.conditionCounts.flatMap((n) => Array<number>(quotas.get(n) ?? 0).fill(n)),
  );
  for (const n of sequence) {
    drafter.take(n);
    await o.tick?.(drafts.length);
  }
  requireDrafts(drafter, o, quotas, rootName);
  // Hand the shortfall of exhausted counts to the others.
  while (drafts.length < o.count && o.conditionCounts.some((n) => !drafter.exhausted.has(n))) {
    for (const n of o.conditionCounts) {
      if (drafts.length >= o.count) break;
      drafter.take(n);
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
  if (o.prove)
    for (const d of drafts) {
      const open = d.unlisted ? (d.candidates ?? []) : d.unsure;
      if (!open.length) continue;
      const p = await proveMembers(ctx, { ...d, unsure: open }, o.prove.decider, o.prove);
      d.answers = p.answers;
      // Still too many to list: the question stays marked incomplete without a list.
      const listable = p.unsure.length <= MAX_UNSURE;
      d.unsure = listable ? p.unsure : [];
      d.unlisted = !listable;
      await o.tick?.(drafts.length);
    }
  const items = drafts.map((d, i) => oqItem(ctx, d, `${o.idPrefix}oq-${String(i + 1).padStart(4, '0')}`, o, rootName));
  return { items, warnings, branchSize: members.length };
}

/** After the first pass: a count the caller chose that gave nothing, or no question at all, is an error. */
function requireDrafts(drafter: OqDrafter, o: OqGenOptions, quotas: Map<number, number>, rootName: string): void {
  const { mostConditions } = drafter;
  for (const n of o.conditionCounts) {
    if ((drafter.made.get(n) ?? 0) === 0 && (quotas.get(n) ?? 0) > 0 && o.explicitCounts) {
      throw new UserError(
        'too-few-conditions',
        `no concept under "${rootName}" has ${n} mutually non-subsuming conditions (the most found is ${mostConditions}); ask for fewer conditions per open question.`,
      );
    }
  }
  if (o.count > 0 && drafter.drafts.length === 0) {
    throw new UserError(
      'too-few-conditions',
      mostConditions < 2
        ? `no concept under "${rootName}" has 2 mutually non-subsuming conditions (relation restrictions of its own or inherited), so no open question can be built there; choose another root.`
        : `no open question could be built under "${rootName}".`,
    );
  }
}

/** A drafted open question, worded, with its answers by name and the seed's axioms as evidence. */
function oqItem(ctx: GenContext, d: OqDraft, id: string, o: OqGenOptions, rootName: string): OqItem {
  const ix = ctx.ix;
  const byName = (p: number, q: number) => ix.nameOf(p).localeCompare(ix.nameOf(q)) || p - q;
  return {
    id,
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
    // How complete the gold set is: every member decided, or some left open (listed, or too many to list).
    complete: !d.unsure.length && !d.unlisted,
    ...(d.unsure.length
      ? {
          unsure: d.unsure
            .slice()
            .sort(byName)
            .map((x) => ({ iri: ix.iri(x), name: ix.nameOf(x) })),
        }
      : {}),
  };
}
