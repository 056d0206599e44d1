import { fewOf } from '../../core/few-of';
import { UserError } from '../../core/errors';
import type { DatasetItem } from '../dataset-types';
import type { DatasetReview, DatasetReviewCounts, ItemEdit, ItemReview, ReviewRecord } from './review-types';

export const MAX_QUESTION = 4000;
export const MAX_OPTION_NAME = 500;

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Checks an edit against its item and returns it in normal form: whitespace collapsed, and only what
 * differs from the item kept (undefined when nothing does). Refuses what would change the item's meaning
 * silently: options an OQ does not have, keys the MCQ does not have, empty or duplicate option names.
 */
export function normaliseEdit(item: DatasetItem, edit: ItemEdit): ItemEdit | undefined {
  const bad = (why: string) => new UserError('bad-edit', `Item ${item.id}: ${why}`);
  const out: ItemEdit = {};
  if (edit.question !== undefined) {
    const q = clean(edit.question);
    if (!q) throw bad('the question cannot be empty.');
    if (q.length > MAX_QUESTION) throw bad(`the question is longer than ${MAX_QUESTION} characters.`);
    if (q !== item.question) out.question = q;
  }
  if (edit.options && Object.keys(edit.options).length) {
    if (item.kind !== 'mcq')
      throw bad('an open question has no options to rename; only its question text can be edited.');
    const names = new Map(item.options.map((o) => [o.key, o.name]));
    const changed: Record<string, string> = {};
    for (const [key, raw] of Object.entries(edit.options)) {
      if (!names.has(key)) throw bad(`there is no option ${key}.`);
      const name = clean(raw);
      if (!name) throw bad(`option ${key} needs a name.`);
      if (name.length > MAX_OPTION_NAME) throw bad(`the name of option ${key} is too long.`);
      names.set(key, name);
      if (name !== item.options.find((o) => o.key === key)!.name) changed[key] = name;
    }
    const seen = new Map<string, string>();
    for (const [key, name] of names) {
      const k = name.toLowerCase();
      if (seen.has(k)) throw bad(`options ${seen.get(k)} and ${key} would both read "${name}".`);
      seen.set(k, key);
    }
    if (Object.keys(changed).length) out.options = changed;
  }
  return out.question !== undefined || out.options ? out : undefined;
}

/** The item as the reviewer left it: the same item with the edited wording. Never changes gold or IRIs. */
export function applyEdit(item: DatasetItem, edit: ItemEdit | undefined): DatasetItem {
  if (!edit) return item;
  const question = edit.question ?? item.question;
  if (item.kind === 'oq') return { ...item, question };
  return {
    ...item,
    question,
    options: item.options.map((o) => ({ ...o, name: optionName(edit, o.key) ?? o.name })),
  };
}

/** The edited name of one option; an own entry only (a key such as `toString` is not inherited). */
export function optionName(edit: ItemEdit, key: string): string | undefined {
  return edit.options && Object.hasOwn(edit.options, key) ? edit.options[key] : undefined;
}

/** The items export keeps: every item not rejected, edits applied, in file order. */
export function acceptedItems(items: readonly DatasetItem[], review: ReviewRecord): DatasetItem[] {
  return items
    .filter((it) => review.items.get(it.id)?.decision !== 'rejected')
    .map((it) => applyEdit(it, review.items.get(it.id)?.edit));
}

export function reviewCounts(items: readonly DatasetItem[], review: ReviewRecord): DatasetReviewCounts {
  let rejected = 0;
  let edited = 0;
  for (const it of items) {
    const r = review.items.get(it.id);
    if (r?.decision === 'rejected') rejected++;
    if (r?.edit) edited++;
  }
  return { total: items.length, accepted: items.length - rejected, rejected, edited };
}

/**
 * Keeps the review entries that still fit the dataset (it may have been rewritten since): entries for
 * items it no longer holds, and edits that no longer apply, are dropped with a warning.
 */
export function reconcile(
  items: readonly DatasetItem[],
  review: ReviewRecord,
): { review: ReviewRecord; warnings: string[] } {
  const byId = new Map(items.map((it) => [it.id, it]));
  const kept = new Map<string, ItemReview>();
  const gone: string[] = [];
  const stale: string[] = [];
  for (const [id, r] of review.items) {
    const item = byId.get(id);
    if (!item) {
      gone.push(id);
      continue;
    }
    let edit = r.edit;
    if (edit) {
      try {
        edit = normaliseEdit(item, edit);
      } catch {
        edit = undefined;
        stale.push(id);
      }
    }
    if (r.decision === 'rejected' || edit) kept.set(id, { ...r, edit });
  }
  const warnings: string[] = [];
  if (gone.length)
    warnings.push(
      `${gone.length} reviewed item${gone.length === 1 ? ' is' : 's are'} no longer in the dataset (${fewOf(gone)}); their review was dropped.`,
    );
  if (stale.length)
    warnings.push(
      `The edits of ${stale.length} item${stale.length === 1 ? '' : 's'} no longer fit the dataset (${stale.slice(0, 5).join(', ')}) and were dropped.`,
    );
  return { review: { ...review, items: kept }, warnings };
}

/** The sidecar and wire form: every id becomes an own property, whatever its name. */
export function reviewToWire(review: ReviewRecord): DatasetReview {
  const items: Record<string, ItemReview> = {};
  for (const [id, r] of review.items)
    Object.defineProperty(items, id, { value: r, enumerable: true, writable: true, configurable: true });
  return { version: 1, dataset: review.dataset, datasetHash: review.datasetHash, items };
}
