import { readFileSync, renameSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { writeOutputFile } from '../../core/output-policy';
import type { DatasetReview } from './review-types';

/** `<dir>/<name>.jsonl` → `<dir>/<name><suffix>`; other extensions keep theirs (`x.json` → `x.json<suffix>`). */
function sibling(datasetPath: string, suffix: string): string {
  const name = basename(datasetPath);
  return join(dirname(datasetPath), `${name.replace(/\.jsonl$/i, '')}${suffix}`);
}

export const reviewPathFor = (datasetPath: string) => sibling(datasetPath, '.review.json');
export const acceptedPathFor = (datasetPath: string) => sibling(datasetPath, '.accepted.jsonl');

const text = (max: number) => z.string().min(1).max(max);
const ReviewFileSchema = z
  .object({
    version: z.literal(1),
    dataset: z.string().max(4096),
    datasetHash: z.string().max(128),
    items: z.record(
      text(500),
      z
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
        .strict(),
    ),
  })
  .strict();

export function emptyReview(datasetPath: string, hash: string): DatasetReview {
  return { version: 1, dataset: basename(datasetPath), datasetHash: hash, items: {} };
}

/**
 * The sidecar of a dataset, or null when there is none. A sidecar that is not valid JSON or not a review
 * is set aside (renamed `.damaged-<time>`, never deleted) and reported; the review starts afresh.
 */
export function readReviewFile(datasetPath: string): { review: DatasetReview | null; warning?: string } {
  const path = reviewPathFor(datasetPath);
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { review: null };
    return {
      review: null,
      warning: `The review file ${basename(path)} cannot be read (${(e as NodeJS.ErrnoException).code}).`,
    };
  }
  let parsed: z.SafeParseReturnType<unknown, DatasetReview>;
  try {
    parsed = ReviewFileSchema.safeParse(JSON.parse(raw));
  } catch {
    parsed = { success: false } as z.SafeParseReturnType<unknown, DatasetReview>;
  }
  if (parsed.success) return { review: parsed.data };
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
export function writeReviewFile(datasetPath: string, review: DatasetReview): void {
  writeOutputFile(reviewPathFor(datasetPath), JSON.stringify(review, null, 2) + '\n', {
    inputs: [datasetPath],
    force: true,
  });
}
