import { renameSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { UserError } from '../../core/errors';
import { MIB, readInputFile } from '../../core/input-file';
import { writeOutputFile } from '../../core/output-policy';
import { reviewToWire } from './apply-review';
import type { ItemReview, ReviewRecord } from './review-types';

/** `<dir>/<name>.jsonl` → `<dir>/<name><suffix>`; other extensions keep theirs (`x.json` → `x.json<suffix>`). */
function sibling(datasetPath: string, suffix: string): string {
  const name = basename(datasetPath);
  return join(dirname(datasetPath), `${name.replace(/\.jsonl$/i, '')}${suffix}`);
}

export const reviewPathFor = (datasetPath: string) => sibling(datasetPath, '.review.json');
export const acceptedPathFor = (datasetPath: string) => sibling(datasetPath, '.accepted.jsonl');

/** A review sidecar holds a few hundred bytes per reviewed item. */
const MAX_REVIEW_BYTES = 64 * MIB;
const MAX_ITEM_ID = 500;

const text = (max: number) => z.string().min(1).max(max);
const ReviewFileSchema = z
  .object({
    version: z.literal(1),
    dataset: z.string().max(4096),
    datasetHash: z.string().max(128),
    // Checked entry by entry below: a record schema would drop an id such as `__proto__`.
    items: z.custom<object>((v) => !!v && typeof v === 'object' && !Array.isArray(v)),
  })
  .strict();
const ItemReviewSchema = z
  .object({
    decision: z.enum(['accepted', 'rejected']),
    edit: z
      .object({
        question: text(20_000).optional(),
        options: z.record(z.string().min(1).max(8), text(2000)).optional(),
      })
      .strict()
      .optional(),
    at: z.string().max(100),
  })
  .strict();

export function emptyReview(datasetPath: string, hash: string): ReviewRecord {
  return { dataset: basename(datasetPath), datasetHash: hash, items: new Map() };
}

/** The sidecar's JSON as a review, or null when it is not one. */
function parseReview(raw: string): ReviewRecord | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const top = ReviewFileSchema.safeParse(json);
  if (!top.success) return null;
  const items = new Map<string, ItemReview>();
  // JSON.parse makes every key an own property, `__proto__` included.
  for (const [id, entry] of Object.entries(top.data.items)) {
    const r = ItemReviewSchema.safeParse(entry);
    if (!id || id.length > MAX_ITEM_ID || !r.success) return null;
    items.set(id, r.data);
  }
  return { dataset: top.data.dataset, datasetHash: top.data.datasetHash, items };
}

/**
 * The sidecar of a dataset, or null when there is none. A sidecar that is not valid JSON or not a review
 * is set aside (renamed `.damaged-<time>`, never deleted) and reported; the review starts afresh.
 */
export async function readReviewFile(datasetPath: string): Promise<{ review: ReviewRecord | null; warning?: string }> {
  const path = reviewPathFor(datasetPath);
  let raw: Buffer | null;
  try {
    raw = await readInputFile(path, { what: 'review file', maxBytes: MAX_REVIEW_BYTES, missingOk: true });
  } catch (e) {
    // A pipe, a device or a folder in its place is neither read nor moved (nor written: see writeReviewFile).
    return { review: null, warning: e instanceof UserError ? e.message : String(e) };
  }
  if (!raw) return { review: null };
  const parsed = parseReview(raw.toString('utf8'));
  if (parsed) return { review: parsed };
  const aside = `${path}.damaged-${Date.now()}`;
  try {
    renameSync(path, aside);
  } catch {
    return { review: null, warning: `The review file ${basename(path)} is damaged and could not be set aside.` };
  }
  return {
    review: null,
    warning: `The review file ${basename(path)} was damaged; it was kept as ${basename(aside)} and the review starts afresh.`,
  };
}

/** Writes the sidecar atomically; the dataset itself is an input and is never overwritten. */
export function writeReviewFile(datasetPath: string, review: ReviewRecord): void {
  writeOutputFile(reviewPathFor(datasetPath), JSON.stringify(reviewToWire(review), null, 2) + '\n', {
    inputs: [datasetPath],
    force: true,
  });
}
