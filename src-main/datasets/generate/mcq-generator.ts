import { UserError } from '../../core/errors';
import { shuffle } from '../../core/random';
import { apportion } from './apportion';
import type { EvidenceRef, McqItem, Slot } from './dataset';
import { SLOTS } from './dataset';
import type { GenContext, SourceAxiom } from './gen-context';
import { fillerQuestion, relationQuestion, subjectQuestion } from './templates';
import { AxiomPicker, type Draft, type Reject } from './axiom-picker';
import { proveDraft, RESERVE, type OptionDecider } from './option-proofs';

export const OPTION_COUNT = 6;
const KEYS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Random draws tried for distractors once the siblings are used up. */
const RANDOM_TRIES = 500;
/** At most this many correct options (paper: 1–3); an item that would need more is dropped. */
export const MAX_CORRECT = 3;

export interface McqGenOptions {
  count: number;
  /** Relative weights of the masked slots. */
  slots: Record<Slot, number>;
  rand: () => number;
  ontology: string;
  idPrefix: string;
  /** Only axioms whose subject is one of these classes (a branch given with --root); default: all. */
  subjects?: ReadonlySet<number>;
  /** Called after each item; may yield to the event loop. */
  tick?: (done: number) => Promise<void>;
  /**
   * Wrong options proven by the reasoner (ELK's contradictions, a DL reasoner on each module within
   * the deadline): an item keeps only wrong options it proves, and none proven drops the item.
   */
  prove?: { decider: OptionDecider; deadlineMs: number; signal?: AbortSignal };
}

export interface McqGenResult {
  items: McqItem[];
  warnings: string[];
  quotas: Record<Slot, number>;
}

/**
 * MCQs from decomposed axioms A ⊑ ∃r.B (paper §5.1.1). Each item masks one slot of a distinct
 * source axiom where possible; the slot mix follows `slots`, and a slot that runs out of buildable
 * axioms hands its share to the others (with a warning).
 *
 * Options: 1–3 correct concepts within taxonomy distance 2 (A and its descendants for a masked
 * subject, B and its ancestors for a masked filler), then siblings of the masked concept, then
 * random concepts; for a masked relation, the relation and five other relations used in existential
 * restrictions. Every candidate is checked against the closure: a distractor that turns out to be
 * entailed is set aside and replaced by the next candidate; only when no non-entailed candidate is
 * left does it join the correct options (relabelled), and only while there are at most three correct
 * options; otherwise the axiom is skipped for that slot. The gold set is finally recomputed from the
 * closure over all six options, so gold = exactly the entailed options. A candidate whose NOT ENTAILED
 * ELK cannot vouch for (ElkGaps.unsure) is a wrong option only when sure ones run out, and the item
 * lists it as `unsure`.
 */
export async function generateMcqs(ctx: GenContext, o: McqGenOptions): Promise<McqGenResult> {
  const { rand } = o;
  const warnings: string[] = [];
  const quotaMap = apportion(
    o.count,
    SLOTS.map((s) => [s, Math.max(0, o.slots[s] ?? 0)] as [Slot, number]),
  );
  const quotas = Object.fromEntries(SLOTS.map((s) => [s, quotaMap.get(s) ?? 0])) as Record<Slot, number>;
  const relPool = relationPool(ctx);
  const relationsNamed = relPool.length >= OPTION_COUNT;
  if (quotas.relation > 0 && !relationsNamed) {
    warnings.push(
      `Only ${relPool.length} relations can be named unambiguously, fewer than the ${OPTION_COUNT} options a relation question needs: no relation-masked MCQs were generated.`,
    );
  }
  const order = shuffle(
    rand,
    ctx.axioms.map((_, i) => i),
  ).filter((i) => !o.subjects || o.subjects.has(ctx.axioms[i].a));
  const reserve = o.prove ? RESERVE : 0;
  const picker = new AxiomPicker(order, relationsNamed, (i, slot) =>
    build(ctx, ctx.axioms[i], slot, rand, relPool, reserve),
  );
  const drafted = await draftAll(picker, quotas, o);
  const proven = o.prove ? await proveAll(ctx, drafted, o.prove, o.tick) : null;
  if (proven?.failure)
    warnings.push(
      `The reasoner could not be run to prove wrong options (${proven.failure}): the wrong options are those ELK's closure does not entail.`,
    );
  const drafts = proven && !proven.failure ? proven.drafts : drafted;
  if (proven?.dropped && !proven.failure)
    warnings.push(
      `${proven.dropped} MCQ${proven.dropped === 1 ? ' was' : 's were'} not generated: the reasoner proved none of ${proven.dropped === 1 ? 'its' : 'their'} wrong options wrong (within ${o.prove!.deadlineMs} ms per statement).`,
    );
  // What the axioms gave; the items the reasoner dropped are counted in their own warning.
  const got = Object.fromEntries(SLOTS.map((s) => [s, drafted.filter((d) => d.slot === s).length])) as Record<
    Slot,
    number
  >;
  for (const s of SLOTS) {
    if (got[s] < quotas[s] && !(s === 'relation' && !relationsNamed)) {
      warnings.push(
        `Only ${got[s]} of the ${quotas[s]} requested ${s}-masked MCQs could be built from the ontology's axioms.`,
      );
    }
  }
  if (o.count > 0 && drafted.length === 0) throw noMcq(ctx, quotas, relPool, picker.rejected);
  if (drafted.length < o.count) {
    warnings.push(
      `Only ${drafted.length} of the ${o.count} requested MCQs could be built (${ctx.axioms.length} source axioms).`,
    );
  }
  const proofs = proven && !proven.failure ? proven.verdicts : undefined;
  const items = drafts.map((d, i) =>
    finish(ctx, d, rand, `${o.idPrefix}mcq-${String(i + 1).padStart(4, '0')}`, o.ontology, proofs),
  );
  return { items, warnings, quotas };
}

/** Every draft's wrong options proven (proveDraft); a draft with none proven wrong is dropped. */
async function proveAll(
  ctx: GenContext,
  drafts: Draft[],
  prove: NonNullable<McqGenOptions['prove']>,
  tick?: (done: number) => Promise<void>,
): Promise<{ drafts: Draft[]; dropped: number; verdicts: Map<Draft, Map<number, string>>; failure?: string }> {
  const kept: Draft[] = [];
  const verdicts = new Map<Draft, Map<number, string>>();
  let dropped = 0;
  for (const [i, d] of drafts.entries()) {
    const p = await proveDraft(ctx, d, prove.decider, prove);
    // A reasoner that fails on every statement of the first item is not there (no bridge for this
    // ontology): the run falls back to ELK's closure, and says so, rather than dropping every item.
    if (i === 0 && p.failure && ![...p.verdicts.values()].some((v) => v !== 'UNKNOWN'))
      return { drafts, dropped: 0, verdicts, failure: p.failure };
    const wrong = p.options.slice(d.correct);
    if (p.options.length < d.options.length || !wrong.some((x) => PROVEN.has(p.verdicts.get(x)!))) dropped++;
    else {
      const done = { ...d, options: p.options };
      kept.push(done);
      verdicts.set(done, p.verdicts);
    }
    await tick?.(kept.length);
  }
  return { drafts: kept, dropped, verdicts };
}

const PROVEN = new Set(['CONTRADICTED', 'NOT ENTAILED']);

/** One draft per slot of each quota, in shuffled order; the shortfall of exhausted slots goes to the others. */
async function draftAll(picker: AxiomPicker, quotas: Record<Slot, number>, o: McqGenOptions): Promise<Draft[]> {
  const drafts: Draft[] = [];
  const sequence = shuffle(
    o.rand,
    SLOTS.flatMap((s) => Array<Slot>(quotas[s]).fill(s)),
  );
  for (const slot of sequence) {
    const d = picker.take(slot);
    if (d) drafts.push(d);
    await o.tick?.(drafts.length);
  }
  // Hand the shortfall of exhausted slots to the others, round robin.
  while (drafts.length < o.count && SLOTS.some((s) => !picker.exhausted.has(s))) {
    for (const s of SLOTS) {
      if (drafts.length >= o.count) break;
      const d = picker.take(s);
      if (d) drafts.push(d);
    }
    await o.tick?.(drafts.length);
  }
  return drafts;
}

/** Not a single MCQ: say what the ontology lacks, by the furthest each source axiom got. */
function noMcq(
  ctx: GenContext,
  quotas: Record<Slot, number>,
  relPool: number[],
  rejected: Map<number, Reject>,
): UserError {
  const n = (r: Reject) => [...rejected.values()].filter((x) => x === r).length;
  const verb = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
  const parts: string[] = [];
  if (quotas.relation > 0 && relPool.length < OPTION_COUNT) {
    parts.push(
      `only ${verb(relPool.length, 'relation has', 'relations have')} an unambiguous name, fewer than the ${OPTION_COUNT} options a relation question needs`,
    );
  }
  if (n('options')) {
    parts.push(
      `${verb(n('options'), 'lacks', 'lack')} wrong options: too few siblings or other concepts with names of their own are not already ` +
        `entailed in the masked place (an MCQ needs ${OPTION_COUNT} options, at most ${MAX_CORRECT} of them correct)`,
    );
  }
  if (n('concept')) {
    parts.push(
      `${verb(n('concept'), 'has', 'have')} a subject or filler that a question cannot name (a top-level, obsolete or unsatisfiable class, or one without a name of its own)`,
    );
  }
  if (n('relation')) parts.push(`${verb(n('relation'), 'uses', 'use')} a relation without a name of its own`);
  const axioms = ctx.axioms.length;
  return new UserError(
    'no-mcq',
    `no multiple-choice question could be built from the ${axioms} source axiom${axioms === 1 ? '' : 's'}${parts.length ? `: ${parts.join('; ')}` : ''}.`,
  );
}

/** Relations for relation-masked options: those in existential restrictions, else every object property. */
function relationPool(ctx: GenContext): number[] {
  const used = ctx.restrictionRelations.filter((r) => ctx.relationUsable(r));
  if (used.length >= OPTION_COUNT) return used;
  return ctx.allRelations().filter((r) => ctx.relationUsable(r));
}

export function entailsFor(ctx: GenContext, slot: Slot, ax: SourceAxiom, x: number): boolean {
  const ix = ctx.ix;
  if (slot === 'subject') return ix.isEntailed(x, ax.r, ax.b);
  if (slot === 'filler') return ix.isEntailed(ax.a, ax.r, x);
  return ix.isEntailed(ax.a, x, ax.b);
}

function build(
  ctx: GenContext,
  ax: SourceAxiom,
  slot: Slot,
  rand: () => number,
  relPool: number[],
  reserve: number,
): Draft | Reject {
  const entails = (x: number) => entailsFor(ctx, slot, ax, x);
  if (!ctx.relationUsable(ax.r)) return 'relation';
  if (slot === 'relation') {
    if (!ctx.nameable(ax.a) || !ctx.nameable(ax.b) || !entails(ax.r)) return 'concept';
    const correct = [ax.r];
    const names = new Set([ctx.normName(ax.r)]);
    const distractors: number[] = [];
    const spare: number[] = [];
    for (const r of shuffle(
      rand,
      relPool.filter((x) => x !== ax.r),
    )) {
      if (distractors.length >= OPTION_COUNT - 1 + reserve) break;
      if (names.has(ctx.normName(r))) continue;
      if (entails(r)) spare.push(r);
      else {
        names.add(ctx.normName(r));
        distractors.push(r);
      }
    }
    return assemble(ctx, slot, ax, correct, distractors, spare, names);
  }
  const target = slot === 'subject' ? ax.a : ax.b;
  const other = slot === 'subject' ? ax.b : ax.a;
  if (!ctx.usable(target) || !ctx.nameable(other) || !entails(target)) return 'concept';
  const near = ctx
    .within(target, 2, slot === 'subject' ? 'down' : 'up')
    .slice(1)
    .filter((x) => x !== other && ctx.usable(x) && entails(x));
  const k = 1 + Math.floor(rand() * Math.min(3, 1 + near.length));
  const correct = [target, ...shuffle(rand, near.slice()).slice(0, k - 1)];
  const names = new Set<string>();
  const kept: number[] = [];
  for (const c of correct) {
    if (names.has(ctx.normName(c))) continue;
    names.add(ctx.normName(c));
    kept.push(c);
  }
  const taken = new Set<number>([...kept, other]);
  const distractors: number[] = [];
  const spare: number[] = [];
  // Not entailed, but ELK cannot vouch for it: a wrong option only when sure ones run out.
  const maybe: number[] = [];
  // With a reasoner to prove them, more candidates are gathered and ELK's gaps are its to decide.
  const need = OPTION_COUNT - kept.length + reserve;
  const consider = (x: number) => {
    if (taken.has(x)) return;
    taken.add(x);
    if (!ctx.usable(x) || names.has(ctx.normName(x))) return;
    if (entails(x)) spare.push(x);
    else if (!reserve && unsureFor(ctx, slot, ax, x)) maybe.push(x);
    else {
      names.add(ctx.normName(x));
      distractors.push(x);
    }
  };
  for (const s of shuffle(rand, ctx.siblings(target))) {
    if (distractors.length >= need) break;
    consider(s);
  }
  const pool = ctx.candidateClasses();
  for (let t = 0; distractors.length < need && t < RANDOM_TRIES && pool.length; t++)
    consider(pool[Math.floor(rand() * pool.length)]);
  for (const x of maybe) {
    if (distractors.length >= need) break;
    if (names.has(ctx.normName(x))) continue;
    names.add(ctx.normName(x));
    distractors.push(x);
  }
  return assemble(ctx, slot, ax, kept, distractors, spare, names);
}

/** The option's NOT ENTAILED may be a gap in what ELK read (ElkGaps.unsure). */
function unsureFor(ctx: GenContext, slot: Slot, ax: SourceAxiom, x: number): boolean {
  const t = substitute(slot, ax, x);
  return ctx.gaps.unsure(t.a, t.b);
}

/** Six options: the correct ones, the distractors, and (only if distractors ran out) entailed spares as extra correct options. */
function assemble(
  ctx: GenContext,
  slot: Slot,
  ax: SourceAxiom,
  correct: number[],
  distractors: number[],
  spare: number[],
  names: Set<string>,
): Draft | Reject {
  const right = [...correct];
  const wrong = distractors.slice(0, OPTION_COUNT - correct.length);
  for (const s of spare) {
    if (right.length + wrong.length >= OPTION_COUNT || right.length >= MAX_CORRECT) break;
    if (names.has(ctx.normName(s))) continue;
    names.add(ctx.normName(s));
    right.push(s);
  }
  const options = [...right, ...wrong];
  const reserve = distractors.slice(wrong.length);
  return options.length === OPTION_COUNT ? { slot, ax, options, correct: right.length, reserve } : 'options';
}

function finish(
  ctx: GenContext,
  d: Draft,
  rand: () => number,
  id: string,
  ontology: string,
  proofs?: Map<Draft, Map<number, string>>,
): McqItem {
  const ix = ctx.ix;
  const { ax, slot } = d;
  const opts = shuffle(rand, d.options.slice()).map((x, i) => ({ key: KEYS[i], id: x }));
  const gold = opts.filter((o) => entailsFor(ctx, slot, ax, o.id));
  // Proven: only what the deadline left open is unsure; else what ELK may not see.
  const verdicts = proofs?.get(d);
  const open = (x: number) => (verdicts ? verdicts.get(x) === 'UNKNOWN' : unsureFor(ctx, slot, ax, x));
  const unsure = opts.filter((o) => !gold.includes(o) && open(o.id)).map((o) => o.key);
  if (unsure.length && verdicts) ctx.gaps.counts.mcqDeadline++;
  else if (unsure.length) ctx.gaps.counts.mcq++;
  if (unsure.length && !verdicts && unsure.length + gold.length === opts.length) ctx.gaps.counts.mcqNoSureWrong++;
  const question =
    slot === 'filler'
      ? fillerQuestion(ix.nameOf(ax.a), ix.nameOf(ax.r))
      : slot === 'subject'
        ? subjectQuestion(ix.nameOf(ax.r), ix.nameOf(ax.b))
        : relationQuestion(ix.nameOf(ax.a), ix.nameOf(ax.b));
  const evidence: EvidenceRef[] = gold.map((g) => {
    const t = substitute(slot, ax, g.id);
    return { kind: 'axiom', subject: ix.iri(t.a), relation: ix.iri(t.r), filler: ix.iri(t.b) };
  });
  return {
    id,
    ontology,
    kind: 'mcq',
    question,
    options: opts.map((o) => ({ key: o.key, iri: ix.iri(o.id), name: ix.nameOf(o.id) })),
    gold: gold.map((g) => g.key),
    slot,
    axiom: { subject: ix.iri(ax.a), relation: ix.iri(ax.r), filler: ix.iri(ax.b) },
    evidence,
    ...(unsure.length ? { unsure } : {}),
  };
}

/** The source axiom with option x in the masked slot. */
export function substitute(slot: Slot, ax: SourceAxiom, x: number): SourceAxiom {
  return slot === 'subject' ? { ...ax, a: x } : slot === 'filler' ? { ...ax, b: x } : { ...ax, r: x };
}
