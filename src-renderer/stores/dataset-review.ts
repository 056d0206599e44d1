import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type {
  DatasetExport,
  DatasetItem,
  ItemDecision,
  ItemEdit,
  ItemReview,
  ReviewedDataset,
} from '../../src-main/api/contract';
import { api, shownError, type ShownError } from '../api';
import { downloadText } from '../util/download';
import { useDatasetsStore } from './datasets';
import { useEvaluationStore } from './evaluation';

/** The item as the reviewer left it (the same rule as the main side's applyEdit: wording only). */
export function reviewedItem(item: DatasetItem, edit: ItemEdit | undefined): DatasetItem {
  if (!edit) return item;
  const question = edit.question ?? item.question;
  if (item.kind === 'oq') return { ...item, question };
  const own = (key: string) => (edit.options && Object.hasOwn(edit.options, key) ? edit.options[key] : undefined);
  return { ...item, question, options: item.options.map((o) => ({ ...o, name: own(o.key) ?? o.name })) };
}

/** An item's review entry: an own member only, so an id such as `constructor` never reads an inherited one. */
export function reviewOf(items: Record<string, ItemReview> | undefined, id: string): ItemReview | undefined {
  return items && Object.hasOwn(items, id) ? items[id] : undefined;
}

/**
 * The review of one dataset file before it is used: reject items, edit their wording, export the accepted
 * ones. Every decision is saved at once in the sidecar next to the dataset, so reopening restores it.
 */
export const useDatasetReviewStore = defineStore('datasetReview', () => {
  const current = shallowRef<ReviewedDataset | null>(null);
  const openPath = ref('');
  const loading = ref(false);
  const error = ref<ShownError | null>(null);
  const busyItem = ref<string | null>(null);
  const itemError = ref<{ id: string; message: string } | null>(null);
  const exported = shallowRef<DatasetExport | null>(null);
  const exporting = ref(false);
  const exportError = ref<ShownError | null>(null);

  const counts = computed(() => current.value?.counts ?? { total: 0, accepted: 0, rejected: 0, edited: 0 });

  async function open(path: string, ontologyId?: string | null) {
    const p = path.trim();
    if (!p) return;
    loading.value = true;
    error.value = null;
    try {
      current.value = await api().call('datasets.open', { path: p, ontologyId: ontologyId ?? undefined });
      openPath.value = current.value.path;
      exported.value = null;
      exportError.value = null;
      itemError.value = null;
    } catch (e) {
      error.value = shownError(e);
    } finally {
      loading.value = false;
    }
  }

  /** Saves one item's decision, and its edit when given (null clears it). */
  async function decide(id: string, decision: ItemDecision, edit?: ItemEdit | null): Promise<boolean> {
    const ds = current.value;
    if (!ds) return false;
    busyItem.value = id;
    itemError.value = null;
    try {
      const s = await api().call('datasets.review.set', { datasetPath: ds.path, item: id, decision, edit });
      current.value = { ...ds, review: s.review, counts: s.counts };
      exported.value = null;
      return true;
    } catch (e) {
      itemError.value = { id, message: shownError(e).message };
      return false;
    } finally {
      busyItem.value = null;
    }
  }

  function decisionOf(id: string): ItemDecision {
    return reviewOf(current.value?.review.items, id)?.decision ?? 'accepted';
  }

  /**
   * Writes `<dataset>.accepted.jsonl` on the server, downloads it too, and points evaluation and the Test-2
   * revision at it, so that they use only the accepted items.
   */
  async function exportAccepted() {
    const ds = current.value;
    if (!ds) return;
    exporting.value = true;
    exportError.value = null;
    try {
      const r = await api().call('datasets.export', { datasetPath: ds.path });
      exported.value = r;
      downloadText(r.fileName, r.content, r.mime);
      useEvaluationStore().form.datasetPath = r.path;
      useDatasetsStore().reviseForm.datasetPath = r.path;
    } catch (e) {
      exportError.value = shownError(e);
    } finally {
      exporting.value = false;
    }
  }

  return {
    current,
    openPath,
    loading,
    error,
    busyItem,
    itemError,
    exported,
    exporting,
    exportError,
    counts,
    open,
    decide,
    decisionOf,
    exportAccepted,
  };
});
