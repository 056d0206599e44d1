import { UserError } from '../core/errors';
import { seededRandom } from '../core/random';
import type { ItemSelection } from './evaluation-types';

/** What a caller asks for: every item, the first N, or N drawn at random with a seed. */
export interface SelectionRequest {
  first?: number;
  sample?: number;
  /** The draw's seed (default 1); only with `sample`. */
  seed?: number;
}

export const DEFAULT_SAMPLE_SEED = 1;

/**
 * The items a run answers. A sample keeps dataset order (only which items is random), so the same
 * seed over the same file gives the same items in the same order, and a report reads like the file.
 */
export function selectItems<T>(items: readonly T[], req: SelectionRequest): { items: T[]; selection: ItemSelection } {
  checkSelection(req);
  const of = items.length;
  const n = req.first ?? req.sample;
  if (n === undefined) return { items: [...items], selection: { mode: 'all', n: of, of } };
  if (req.first !== undefined)
    return { items: items.slice(0, n), selection: { mode: 'first', n: Math.min(n, of), of } };
  const seed = req.seed ?? DEFAULT_SAMPLE_SEED;
  if (n >= of) return { items: [...items], selection: { mode: 'sample', n: of, of, seed } };
  // A partial Fisher–Yates draw of n indices, then back into dataset order.
  const rand = seededRandom(seed);
  const idx = items.map((_, i) => i);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(rand() * (of - i));
    [idx[i], idx[j]] = [idx[j], idx[i]];
  }
  const chosen = idx.slice(0, n).sort((a, b) => a - b);
  return { items: chosen.map((i) => items[i]), selection: { mode: 'sample', n, of, seed } };
}

/** A request that cannot be met fails before any work: both modes at once, a seed without a sample, bad numbers. */
export function checkSelection(req: SelectionRequest): void {
  if (req.first !== undefined && req.sample !== undefined)
    throw new UserError('usage', 'Give either the first N items or a random sample of N, not both.');
  if (req.seed !== undefined && req.sample === undefined)
    throw new UserError('usage', 'A seed only applies to a random sample (give its size too).');
  const n = req.first ?? req.sample;
  if (n !== undefined && (!Number.isInteger(n) || n < 1))
    throw new UserError('usage', `The number of items must be a whole number of at least 1, not ${n}.`);
  if (req.seed !== undefined && (!Number.isInteger(req.seed) || req.seed < 0))
    throw new UserError('usage', `The seed must be a whole number of at least 0, not ${req.seed}.`);
}

/** "all 40 items", "the first 5 of 40 items", "10 of 40 items drawn at random (seed 1)". */
export function describeSelection(s: ItemSelection): string {
  const items = (k: number) => `${k} ${k === 1 ? 'item' : 'items'}`;
  if (s.mode === 'all' || s.n === s.of) return `all ${items(s.of)}`;
  if (s.mode === 'first') return `the first ${s.n} of ${items(s.of)}`;
  return `${s.n} of ${items(s.of)} drawn at random (seed ${s.seed})`;
}
