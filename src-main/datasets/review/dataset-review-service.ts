import { basename, resolve } from 'node:path';
import { UserError } from '../../core/errors';
import { writeOutputFile } from '../../core/output-policy';
import type { DatasetItem } from '../dataset-types';
import { loadDataset, toJsonl } from '../generate/dataset';
import { acceptedItems, normaliseEdit, reconcile, reviewCounts } from './apply-review';
import { acceptedPathFor, emptyReview, readReviewFile, reviewPathFor, writeReviewFile } from './review-file';
import type {
  DatasetExport,
  DatasetReview,
  DatasetReviewState,
  ItemDecision,
  ItemEdit,
  ReviewedDataset,
} from './review-types';

/** Names for the IRIs of a dataset's items; the caller passes the open ontology's when it has one. */
export type ItemNamer = (items: readonly DatasetItem[]) => Record<string, string>;

/**
 * The reviewer's pass over a Test 1 dataset before it is used: reject items or edit their wording, kept
 * in a sidecar next to the dataset (so reopening the same path restores the review), and an export of
 * the accepted items to `<dataset>.accepted.jsonl`, which evaluation then takes like any dataset.
 */
export class DatasetReviewService {
  constructor(private readonly now: () => Date = () => new Date()) {}

  open(path: string, namer?: ItemNamer): ReviewedDataset {
    const file = resolve(path);
    const { items, review, warnings } = this.load(file);
    return {
      path: file,
      reviewPath: reviewPathFor(file),
      acceptedPath: acceptedPathFor(file),
      items,
      names: namer ? namer(items) : fallbackNames(items),
      review,
      counts: reviewCounts(items, review),
      warnings,
    };
  }

  get(path: string): DatasetReviewState {
    const { items, review } = this.load(resolve(path));
    return { review, counts: reviewCounts(items, review) };
  }

  /**
   * Records one item's decision and, optionally, its edited wording (null clears an edit; undefined keeps
   * the one recorded). An accepted item with no edit leaves no entry.
   */
  set(path: string, id: string, decision: ItemDecision, edit?: ItemEdit | null): DatasetReviewState {
    const file = resolve(path);
    const { items, review } = this.load(file);
    const item = items.find((it) => it.id === id);
    if (!item) throw new UserError('unknown-item', `The dataset ${basename(file)} has no item "${id}".`);
    const kept = edit === null ? undefined : edit === undefined ? review.items[id]?.edit : normaliseEdit(item, edit);
    const next: DatasetReview = { ...review, items: { ...review.items } };
    if (decision === 'accepted' && !kept) delete next.items[id];
    else next.items[id] = { decision, ...(kept ? { edit: kept } : {}), at: this.now().toISOString() };
    writeReviewFile(file, next);
    return { review: next, counts: reviewCounts(items, next) };
  }

  /** Writes the accepted items (edits applied) next to the dataset and returns them for download. */
  export(path: string): DatasetExport {
    const file = resolve(path);
    const { items, review } = this.load(file);
    const kept = acceptedItems(items, review);
    if (!kept.length)
      throw new UserError('bad-dataset', `Every item of ${basename(file)} was rejected; there is nothing to export.`);
    const target = acceptedPathFor(file);
    const content = toJsonl(kept);
    writeOutputFile(target, content, { inputs: [file, reviewPathFor(file)], force: true });
    return {
      path: target,
      fileName: basename(target),
      mime: 'application/x-ndjson',
      content,
      ...reviewCounts(items, review),
    };
  }

  /** The dataset and its review, reconciled: a review of another version keeps what still applies. */
  private load(file: string): { items: DatasetItem[]; review: DatasetReview; warnings: string[] } {
    const ds = loadDataset(file);
    const found = readReviewFile(file);
    const warnings = found.warning ? [found.warning] : [];
    if (!found.review) return { items: ds.items, review: emptyReview(file, ds.hash), warnings };
    const r = reconcile(ds.items, found.review);
    if (found.review.datasetHash !== ds.hash)
      warnings.push('The dataset file changed since it was reviewed; the review of the items it still holds is kept.');
    return { items: ds.items, review: { ...r.review, datasetHash: ds.hash }, warnings: [...warnings, ...r.warnings] };
  }
}

/** Without an ontology: names the items carry themselves (options, answers), else the IRI's last segment. */
function fallbackNames(items: readonly DatasetItem[]): Record<string, string> {
  const names: Record<string, string> = {};
  const add = (iri: string, name?: string) => {
    if (!(iri in names) || name) names[iri] = name ?? /[#/]([^#/]+)$/.exec(iri)?.[1] ?? iri;
  };
  for (const it of items) {
    if (it.kind === 'mcq') {
      for (const o of it.options) add(o.iri, o.name);
      for (const x of [it.axiom.subject, it.axiom.relation, it.axiom.filler]) if (!(x in names)) add(x);
    } else {
      for (const a of it.answers) add(a.iri, a.name);
      for (const x of [it.root, ...it.conditions.flatMap((c) => [c.relation, c.filler])]) if (!(x in names)) add(x);
    }
  }
  return names;
}
