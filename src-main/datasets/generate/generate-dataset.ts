import { basename, extname } from 'node:path';
import { UserError } from '../../core/errors';
import { seededRandom } from '../../core/random';
import { throwIfAborted, type TaskProgress } from '../../core/task';
import { normalizeName } from '../../ontology/names/normalize';
import type { OntologyHandle } from '../../ontology/ontology-handle';
import { SLOTS, type McqItem, type OqItem, type Slot } from './dataset';
import { GenContext } from './gen-context';
import { generateMcqs, OPTION_COUNT } from './mcq-generator';
import { ConditionPool, DEFAULT_CONDITION_COUNTS, defaultRoot, generateOqs } from './oq-generator';
import type { GenerateStats, GeneratedDataset } from '../dataset-types';
export type { GenerateStats, GeneratedDataset } from '../dataset-types';

export interface GenerateOptions {
  /** Number of MCQs (default 300). */
  mcq?: number;
  /** Number of OQs (default 200). */
  oq?: number;
  seed?: number;
  /** Relative weights of the masked slots (default equal thirds). */
  slots?: Partial<Record<Slot, number>>;
  /**
   * A branch root as a name, synonym, CURIE or IRI: every item's subject is one of its descendants
   * (the MCQ's source axiom's subject, the OQ's answers). Default: MCQs from the whole ontology and
   * OQs under the root `defaultRoot` picks.
   */
  root?: string;
  /** Numbers of conditions per OQ, in equal shares (default 2, 3, 4). */
  conditions?: number[];
  /** Skip OQs with more gold answers than this (default: no limit). */
  maxAnswers?: number;
  /** The dataset's "ontology" field (default: the file name of the handle). */
  ontologyName?: string;
  signal?: AbortSignal;
  onProgress?: (p: TaskProgress) => void;
}

/**
 * Builds a Test 1 dataset (paper §5.1) from an opened ontology: MCQs by masking decomposed axioms,
 * OQs by conjunctions of conditions within a branch. Deterministic for a given ontology, options
 * and seed. Degenerate inputs end in a UserError that says what is missing; shortfalls are warnings.
 */
export async function generateDataset(handle: OntologyHandle, opts: GenerateOptions = {}): Promise<GeneratedDataset> {
  const t0 = performance.now();
  const mcqCount = checkCount(opts.mcq ?? 300, 'MCQ');
  const oqCount = checkCount(opts.oq ?? 200, 'OQ');
  const seed = opts.seed ?? 1;
  if (!Number.isInteger(seed)) throw new UserError('usage', `the seed must be an integer, not ${seed}.`);
  const slots = { subject: 1, relation: 1, filler: 1, ...opts.slots };
  for (const s of SLOTS)
    if (!(Number.isFinite(slots[s]) && slots[s] >= 0))
      throw new UserError('usage', `the ${s} slot weight must be a number ≥ 0.`);
  if (mcqCount > 0 && SLOTS.every((s) => slots[s] === 0))
    throw new UserError('usage', 'at least one slot weight must be positive.');
  const conditionCounts = [...new Set(opts.conditions ?? DEFAULT_CONDITION_COUNTS)];
  for (const n of conditionCounts)
    if (!Number.isInteger(n) || n < 2 || n > 10)
      throw new UserError('usage', `an open question needs 2 to 10 conditions, not ${n}.`);
  if (!conditionCounts.length) throw new UserError('usage', 'give at least one number of conditions.');
  const maxAnswers = opts.maxAnswers ?? Infinity;
  if (!(maxAnswers >= 1)) throw new UserError('usage', 'the answer limit must be at least 1.');
  const file = basename(handle.summary.file || handle.path);
  const ontology = opts.ontologyName ?? file;
  const idPrefix = `${idStem(ontology)}-`;

  const ctx = new GenContext(handle);
  if (ctx.axioms.length === 0 && (mcqCount > 0 || oqCount > 0)) {
    throw new UserError(
      'no-existentials',
      `${file} states no existential restriction with a named filler (A ⊑ ∃r.B, A ⊑ C ⊓ ∃r.B or A ≡ … ⊓ ∃r.B), so no question can be built from it.`,
    );
  }
  const candidates = ctx.candidateClasses().length;
  if (mcqCount > 0 && candidates < OPTION_COUNT) {
    throw new UserError(
      'too-few-concepts',
      `${file} has only ${candidates} usable concepts (satisfiable, not obsolete, below a top-level class), fewer than the ${OPTION_COUNT} options an MCQ needs.`,
    );
  }

  const progress = (stage: string, f: number) => opts.onProgress?.({ stage, fraction: Math.min(1, Math.max(0, f)) });
  let lastYield = performance.now();
  const tick = (stage: string, total: number, base: number, span: number) => async (done: number) => {
    throwIfAborted(opts.signal);
    progress(stage, base + (span * done) / Math.max(1, total));
    if (performance.now() - lastYield > 50) {
      await new Promise<void>((r) => setImmediate(r));
      lastYield = performance.now();
      throwIfAborted(opts.signal);
    }
  };
  const share = mcqCount + oqCount > 0 ? mcqCount / (mcqCount + oqCount) : 0;
  const warnings: string[] = [];

  const given = opts.root !== undefined ? resolveRoot(ctx, opts.root) : null;
  const branch = given === null ? undefined : ctx.ix.descendants(given);
  if (branch && mcqCount > 0 && !ctx.axioms.some((a) => branch.has(a.a)))
    throw new UserError(
      'no-branch',
      `no class under "${ctx.ix.nameOf(given!)}" states an existential restriction with a named filler, so no multiple-choice question can be built within it.`,
    );

  progress('mcq', 0);
  const tm = performance.now();
  const mcq =
    mcqCount > 0
      ? await generateMcqs(ctx, {
          count: mcqCount,
          slots,
          rand: seededRandom(seed),
          ontology,
          idPrefix,
          subjects: branch,
          tick: tick('mcq', mcqCount, 0, share),
        })
      : { items: [] as McqItem[], warnings: [] };
  warnings.push(...mcq.warnings);
  const mcqSeconds = (performance.now() - tm) / 1000;

  const to = performance.now();
  let oqItems: OqItem[] = [];
  let root: number | null = null;
  let branchSize = 0;
  if (oqCount > 0) {
    progress('oq', share);
    root = given ?? defaultRoot(ctx, new ConditionPool(ctx), Math.min(...conditionCounts));
    if (root === null) {
      throw new UserError(
        'no-branch',
        `no top-level class of ${file} has concepts with 2 or more relation restrictions (own or inherited), so no open question can be built; give a branch root with --root.`,
      );
    }
    const oq = await generateOqs(ctx, {
      count: oqCount,
      root,
      conditionCounts,
      explicitCounts: opts.conditions !== undefined,
      maxAnswers,
      rand: seededRandom((seed ^ 0x5bd1e995) >>> 0),
      ontology,
      idPrefix,
      tick: tick('oq', oqCount, share, 1 - share),
    });
    oqItems = oq.items;
    branchSize = oq.branchSize;
    warnings.push(...oq.warnings);
  }
  const oqSeconds = (performance.now() - to) / 1000;
  progress('done', 1);

  const count = <T>(xs: T[], key: (x: T) => string) => {
    const out: Record<string, number> = {};
    for (const x of xs) out[key(x)] = (out[key(x)] ?? 0) + 1;
    return out;
  };
  const answerSizes = oqItems.map((q) => q.answers.length);
  const stats: GenerateStats = {
    ontology,
    seed,
    mcq: {
      requested: mcqCount,
      generated: mcq.items.length,
      bySlot: { subject: 0, relation: 0, filler: 0, ...count(mcq.items, (q) => q.slot) },
      byGoldCount: count(mcq.items, (q) => String(q.gold.length)),
      sourceAxioms: ctx.axioms.length,
      root: given === null ? null : { iri: ctx.ix.iri(given), name: ctx.ix.nameOf(given) },
    },
    oq: {
      requested: oqCount,
      generated: oqItems.length,
      byConditions: count(oqItems, (q) => String(q.n)),
      root: root === null ? null : { iri: ctx.ix.iri(root), name: ctx.ix.nameOf(root) },
      branchSize,
      meanAnswers: answerSizes.length ? round(answerSizes.reduce((a, b) => a + b, 0) / answerSizes.length) : 0,
      maxAnswers: answerSizes.length ? Math.max(...answerSizes) : 0,
    },
    seconds: { mcq: round(mcqSeconds), oq: round(oqSeconds), total: round((performance.now() - t0) / 1000) },
  };
  return { items: [...mcq.items, ...oqItems], warnings, stats };
}

/** The root given by name, synonym, CURIE or IRI; unknown names come back with the closest names. */
export function resolveRoot(ctx: GenContext, text: string): number {
  const hits = ctx.handle.lookup(text, 'class');
  const live = hits.filter((h) => !h.deprecated);
  const chosen = live.length ? live : hits;
  if (chosen.length === 0) {
    const close = ctx.linker.closestConcepts(normalizeName(text));
    throw new UserError(
      'unknown-root',
      `no class is named "${text}" in this ontology${close.length ? `; the closest names are: ${close.map((c) => `"${c.name}"`).join(', ')}` : ''}.`,
    );
  }
  if (chosen.length > 1) {
    throw new UserError(
      'ambiguous-root',
      `"${text}" names ${chosen.length} classes; give one of these IRIs instead: ${chosen
        .slice(0, 10)
        .map((h) => `${h.name} <${h.iri}>`)
        .join('; ')}.`,
    );
  }
  const id = ctx.ix.id(chosen[0].iri)!;
  if (ctx.ix.deprecated.has(id))
    throw new UserError('bad-root', `"${ctx.ix.nameOf(id)}" is obsolete; choose a live class as the branch root.`);
  if (ctx.ix.unsat.has(id))
    throw new UserError(
      'bad-root',
      `"${ctx.ix.nameOf(id)}" is unsatisfiable; choose a satisfiable class as the branch root.`,
    );
  if (!ctx.uniquelyNamed(id)) {
    throw new UserError(
      'bad-root',
      `the name "${ctx.ix.nameOf(id)}" is shared with another class, so questions could not name the branch exactly; choose another root.`,
    );
  }
  return id;
}

function checkCount(n: number, what: string): number {
  if (!Number.isInteger(n) || n < 0)
    throw new UserError('usage', `the number of ${what}s must be a whole number ≥ 0, not ${n}.`);
  return n;
}

function idStem(file: string): string {
  const stem = basename(file, extname(file))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return stem || 'item';
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
