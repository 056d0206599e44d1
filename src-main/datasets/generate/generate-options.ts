import { UserError } from '../../core/errors';
import { SLOTS, type Slot } from './dataset';
import type { GenContext } from './gen-context';
import { OPTION_COUNT } from './mcq-generator';
import { DEFAULT_CONDITION_COUNTS } from './oq-generator';

/** generateDataset's options with their defaults, each checked: bad ones are usage errors. */
export interface CheckedOptions {
  mcqCount: number;
  oqCount: number;
  seed: number;
  slots: Record<Slot, number>;
  conditionCounts: number[];
  maxAnswers: number;
}

export function checkOptions(opts: {
  mcq?: number;
  oq?: number;
  seed?: number;
  slots?: Partial<Record<Slot, number>>;
  conditions?: number[];
  maxAnswers?: number;
}): CheckedOptions {
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
  return { mcqCount, oqCount, seed, slots, conditionCounts, maxAnswers };
}

/** An ontology no question can be built from fails here, saying what it lacks. */
export function requireMaterial(ctx: GenContext, file: string, o: CheckedOptions): void {
  if (ctx.axioms.length === 0 && (o.mcqCount > 0 || o.oqCount > 0)) {
    throw new UserError(
      'no-existentials',
      `${file} states no existential restriction with a named filler (A ⊑ ∃r.B, A ⊑ C ⊓ ∃r.B or A ≡ … ⊓ ∃r.B), so no question can be built from it.`,
    );
  }
  const candidates = ctx.candidateClasses().length;
  if (o.mcqCount > 0 && candidates < OPTION_COUNT) {
    throw new UserError(
      'too-few-concepts',
      `${file} has only ${candidates} usable concepts (satisfiable, not obsolete, below a top-level class), fewer than the ${OPTION_COUNT} options an MCQ needs.`,
    );
  }
}

function checkCount(n: number, what: string): number {
  if (!Number.isInteger(n) || n < 0)
    throw new UserError('usage', `the number of ${what}s must be a whole number ≥ 0, not ${n}.`);
  return n;
}
