import { basename, extname } from 'node:path';
import { UserError } from '../../core/errors';
import { seededRandom } from '../../core/random';
import { throwIfAborted, type TaskProgress } from '../../core/task';
import { normalizeName } from '../../ontology/names/normalize';
import type { OntologyHandle } from '../../ontology/ontology-handle';
import type { McqItem, OqItem, Slot } from './dataset';
import { GenContext, type GenerateScope } from './gen-context';
import { checkOptions, requireMaterial, type CheckedOptions } from './generate-options';
import { generateMcqs, type McqGenOptions } from './mcq-generator';
import type { OptionDecider } from './option-proofs';
import { DL_DEADLINE_MS } from '../../query/verdicts/statement-decider';
import { ConditionPool } from './oq-conditions';
import { defaultRoot, generateOqs } from './oq-generator';
import type { GenerateStats, GeneratedDataset } from '../dataset-types';
import { relationsLeftOut } from './relation-filter';
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
  /** Whose axioms the questions come from (gen-context.ts GenerateScope; default main). */
  scope?: GenerateScope;
  /** Relations no question may use, by name or IRI (`generate --exclude-relation`). */
  excludeRelations?: string[];
  /** Use negation shortcuts such as CL's lacks_plasma_membrane_part too (default: left out). */
  includeNegationShortcuts?: boolean;
  /** The dataset's "ontology" field (default: the file name of the handle). */
  ontologyName?: string;
  signal?: AbortSignal;
  onProgress?: (p: TaskProgress) => void;
  /**
   * The three-valued decider: MCQ wrong options are then only ones it proves wrong (CONTRADICTED
   * first, then complete NOT ENTAILED), each statement decided within `dlDeadlineMs`.
   */
  decider?: OptionDecider;
  /** The DL reasoner's deadline per option statement (default DL_DEADLINE_MS.generation). */
  dlDeadlineMs?: number;
}

/**
 * Builds a Test 1 dataset (paper §5.1) from an opened ontology: MCQs by masking decomposed axioms,
 * OQs by conjunctions of conditions within a branch. Deterministic for a given ontology, options
 * and seed. Degenerate inputs end in a UserError that says what is missing; shortfalls are warnings.
 */
export async function generateDataset(handle: OntologyHandle, opts: GenerateOptions = {}): Promise<GeneratedDataset> {
  const t0 = performance.now();
  const o = checkOptions(opts);
  const file = basename(handle.summary.file || handle.path);
  const ontology = opts.ontologyName ?? file;
  const idPrefix = `${idStem(ontology)}-`;
  const leftOut = relationsLeftOut(handle.closure, opts);
  const ctx = new GenContext(handle, opts.scope, leftOut.ids);
  requireMaterial(ctx, file, o);
  const progress = (stage: string, f: number) => opts.onProgress?.({ stage, fraction: Math.min(1, Math.max(0, f)) });
  const tick = ticker(progress, opts.signal);
  const share = o.mcqCount + o.oqCount > 0 ? o.mcqCount / (o.mcqCount + o.oqCount) : 0;
  const given = opts.root !== undefined ? resolveRoot(ctx, opts.root) : null;
  const branch = given === null ? undefined : ctx.ix.descendants(given);
  if (branch && o.mcqCount > 0 && !ctx.axioms.some((a) => branch.has(a.a)))
    throw new UserError(
      'no-branch',
      `no class under "${ctx.ix.nameOf(given!)}" states an existential restriction with a named filler, so no multiple-choice question can be built within it.`,
    );

  progress('mcq', 0);
  const tm = performance.now();
  const mcq =
    o.mcqCount > 0
      ? await generateMcqs(ctx, {
          count: o.mcqCount,
          slots: o.slots,
          rand: seededRandom(o.seed),
          ontology,
          idPrefix,
          subjects: branch,
          tick: tick('mcq', o.mcqCount, 0, share),
          prove: proveOf(opts),
        })
      : { items: [] as McqItem[], warnings: [] };
  const mcqSeconds = (performance.now() - tm) / 1000;

  const to = performance.now();
  let oq: OqPart = { items: [], root: null, branchSize: 0, warnings: [] };
  if (o.oqCount > 0) {
    progress('oq', share);
    oq = await oqPart(
      ctx,
      o,
      { given, file, ontology, idPrefix, explicitCounts: opts.conditions !== undefined, prove: proveOf(opts) },
      tick('oq', o.oqCount, share, 1 - share),
    );
  }
  const oqSeconds = (performance.now() - to) / 1000;
  progress('done', 1);

  const stats = generateStats(ctx, o, {
    ontology,
    mcq: mcq.items,
    given,
    oq,
    seconds: { mcq: round(mcqSeconds), oq: round(oqSeconds), total: round((performance.now() - t0) / 1000) },
  });
  const warnings = [...(leftOut.note ? [leftOut.note] : []), ...mcq.warnings, ...oq.warnings, ...ctx.gaps.warnings()];
  return { items: [...mcq.items, ...oq.items], warnings, stats };
}

/** How wrong options and unsure members are proven, when a decider is given. */
function proveOf(opts: GenerateOptions): McqGenOptions['prove'] {
  if (!opts.decider) return undefined;
  return { decider: opts.decider, deadlineMs: opts.dlDeadlineMs ?? DL_DEADLINE_MS.generation, signal: opts.signal };
}

/** The OQs of a run, under the given root or the one `defaultRoot` picks. */
interface OqPart {
  items: OqItem[];
  root: number | null;
  branchSize: number;
  warnings: string[];
}

async function oqPart(
  ctx: GenContext,
  o: CheckedOptions,
  at: {
    given: number | null;
    file: string;
    ontology: string;
    idPrefix: string;
    explicitCounts: boolean;
    prove: McqGenOptions['prove'];
  },
  tick: (done: number) => Promise<void>,
): Promise<OqPart> {
  const root = at.given ?? defaultRoot(ctx, new ConditionPool(ctx), Math.min(...o.conditionCounts));
  if (root === null) {
    throw new UserError(
      'no-branch',
      `no top-level class of ${at.file} has concepts with 2 or more relation restrictions (own or inherited), so no open question can be built; give a branch root with --root.`,
    );
  }
  const oq = await generateOqs(ctx, {
    count: o.oqCount,
    root,
    conditionCounts: o.conditionCounts,
    explicitCounts: at.explicitCounts,
    maxAnswers: o.maxAnswers,
    rand: seededRandom((o.seed ^ 0x5bd1e995) >>> 0),
    ontology: at.ontology,
    idPrefix: at.idPrefix,
    tick,
    prove: at.prove,
  });
  return { items: oq.items, root, branchSize: oq.branchSize, warnings: oq.warnings };
}

/**
 * Progress for one part of the run (its share of the bar from `base`), with a check for cancelling;
 * every 50 ms it yields to the event loop, so a long run stays responsive.
 */
function ticker(progress: (stage: string, f: number) => void, signal: AbortSignal | undefined) {
  let lastYield = performance.now();
  return (stage: string, total: number, base: number, span: number) => async (done: number) => {
    throwIfAborted(signal);
    progress(stage, base + (span * done) / Math.max(1, total));
    if (performance.now() - lastYield > 50) {
      await new Promise<void>((r) => setImmediate(r));
      lastYield = performance.now();
      throwIfAborted(signal);
    }
  };
}

function generateStats(
  ctx: GenContext,
  o: CheckedOptions,
  r: { ontology: string; mcq: McqItem[]; given: number | null; oq: OqPart; seconds: GenerateStats['seconds'] },
): GenerateStats {
  const count = <T>(xs: T[], key: (x: T) => string) => {
    const out: Record<string, number> = {};
    for (const x of xs) out[key(x)] = (out[key(x)] ?? 0) + 1;
    return out;
  };
  const named = (id: number | null) => (id === null ? null : { iri: ctx.ix.iri(id), name: ctx.ix.nameOf(id) });
  const answerSizes = r.oq.items.map((q) => q.answers.length);
  return {
    ontology: r.ontology,
    seed: o.seed,
    mcq: {
      requested: o.mcqCount,
      generated: r.mcq.length,
      bySlot: { subject: 0, relation: 0, filler: 0, ...count(r.mcq, (q) => q.slot) },
      byGoldCount: count(r.mcq, (q) => String(q.gold.length)),
      sourceAxioms: ctx.axioms.length,
      root: named(r.given),
    },
    oq: {
      requested: o.oqCount,
      generated: r.oq.items.length,
      byConditions: count(r.oq.items, (q) => String(q.n)),
      root: named(r.oq.root),
      branchSize: r.oq.branchSize,
      meanAnswers: answerSizes.length ? round(answerSizes.reduce((a, b) => a + b, 0) / answerSizes.length) : 0,
      maxAnswers: answerSizes.length ? Math.max(...answerSizes) : 0,
    },
    seconds: r.seconds,
  };
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
