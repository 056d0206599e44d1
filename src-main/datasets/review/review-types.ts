import type { DatasetItem } from '../dataset-types';

export type ItemDecision = 'accepted' | 'rejected';

/**
 * What a reviewer may change: wording only, i.e. the question text and the names shown for MCQ options.
 * The options' concepts (IRIs), the gold keys, the source axiom and the evidence stay as generated, so
 * the gold answer is still the one the reasoner checked.
 */
export interface ItemEdit {
  question?: string;
  /** Option key → the name shown for it. */
  options?: Record<string, string>;
}

/** One reviewed item; items without an entry are accepted as generated. */
export interface ItemReview {
  decision: ItemDecision;
  edit?: ItemEdit;
  at: string;
}

/**
 * The review sidecar (`<dataset>.review.json` next to the dataset file) as written and as sent over the
 * API. Its `items` object is only ever built from a ReviewRecord (reviewToWire), with every id an own
 * property: an id such as `__proto__` or `constructor` is a key like any other.
 */
export interface DatasetReview {
  version: 1;
  /** The dataset's file name and the sha256 of its bytes when last reviewed. */
  dataset: string;
  datasetHash: string;
  items: Record<string, ItemReview>;
}

/** A review as the service works with it: item ids are plain strings in a Map, never object keys. */
export interface ReviewRecord {
  dataset: string;
  datasetHash: string;
  items: Map<string, ItemReview>;
}

export interface DatasetReviewCounts {
  total: number;
  accepted: number;
  rejected: number;
  edited: number;
}

/** A dataset file opened for review: its items as in the file, their names, and the review so far. */
export interface ReviewedDataset {
  path: string;
  reviewPath: string;
  /** Where `datasets.export` writes the accepted items (`<dataset>.accepted.jsonl`). */
  acceptedPath: string;
  items: DatasetItem[];
  /** The best name of every IRI the items mention (from the open ontology when one was named). */
  names: Record<string, string>;
  review: DatasetReview;
  counts: DatasetReviewCounts;
  /** E.g. review entries for items the dataset no longer holds (they are dropped). */
  warnings: string[];
}

export interface DatasetReviewState {
  review: DatasetReview;
  counts: DatasetReviewCounts;
}

/** The accepted items, edits applied, as written to `acceptedPath`. */
export interface DatasetExport extends DatasetReviewCounts {
  path: string;
  fileName: string;
  mime: string;
  content: string;
}
