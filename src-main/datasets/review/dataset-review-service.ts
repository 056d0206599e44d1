import { basename, resolve } from 'node:path';
import { UserError } from '../../core/errors';
import { writeOutputFile } from '../../core/output-policy';
import type { DatasetItem } from '../dataset-types';
import { readDataset, toJsonl } from '../generate/dataset';
import { acceptedItems, normaliseEdit, reconcile, reviewCounts, reviewToWire } from './apply-review';
import { acceptedPathFor, emptyReview, readReviewFile, reviewPathFor, writeReviewFile } from './review-file';
import type {
  DatasetExport,
  DatasetReviewState,
  ItemDecision,
  ItemEdit,
  ReviewedDataset,
  ReviewRecord,
} from './review-types';

/** Names for the IRIs of a dataset's items; the caller passes the open ontology's when it has one. */
export type ItemNamer = (items: readonly DatasetItem[]) => Record<string, string>;

/**
 * The reviewer's pass over a Test 1 dataset before it is used: reject items or edit their wording, kept
 * in a sidecar next to the dataset (so reopening the same path restores the review), and an export of
 * the accepted items to `<dataset>.accepted.jsonl`, which evaluation then takes like any dataset.
 * Files are read off the event loop (core/input-file), so a pipe or a slow disk never stalls a server.
 */
export class DatasetReviewService {
  constructor(private readonly now: () => Date = () => new Date()) {}

  async open(path: string, namer?: ItemNamer): Promise<ReviewedDataset> {
    const file = resolve(path);
    const { items, review, warnings } = await this.load(file);
    return {
      path: file,
      reviewPath: reviewPathFor(file),
      acceptedPath: acceptedPathFor(file),
      items,
      names: namer ? namer(items) : fallbackNames(items),
      review: reviewToWire(review),
      counts: reviewCounts(items, review),
      warnings,
    };
  }

  async get(path: string): Promise<DatasetReviewState> {
    const { items, review } = await this.load(resolve(path));
    return { review: reviewToWire(review), counts: reviewCounts(items, review) };
  }

  /**
   * Records one item's decision and, optionally, its edited wording (null clears an edit; undefined keeps
   * the one recorded). An accepted item with no edit leaves no entry.
   */
  async set(path: string, id: string, decision: ItemDecision, edit?: ItemEdit | null): Promise<DatasetReviewState> {
    const file = resolve(path);
    const { items, review } = await this.load(file);
    const item = items.find((it) => it.id === id);
    if (!item) throw new UserError('unknown-item', `The dataset ${basename(file)} has no item "${id}".`);
    const kept =
      edit === null ? undefined : edit === undefined ? review.items.get(id)?.edit : normaliseEdit(item, edit);
    const next: ReviewRecord = { ...review, items: new Map(review.items) };
    if (decision === 'accepted' && !kept) next.items.delete(id);
    else next.items.set(id, { decision, ...(kept ? { edit: kept } : {}), at: this.now().toISOString() });
    writeReviewFile(file, next);
    return { review: reviewToWire(next), counts: reviewCounts(items, next) };
  }

  /** Writes the accepted items (edits applied) next to the dataset and returns them for download. */
  async export(path: string): Promise<DatasetExport> {
    const file = resolve(path);
    const { items, review } = await this.load(file);
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
  private async load(file: string): Promise<{ items: DatasetItem[]; review: ReviewRecord; warnings: string[] }> {
    const ds = await readDataset(file);
    const found = await readReviewFile(file);
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
