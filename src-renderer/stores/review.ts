import { defineStore } from 'pinia';
import { computed, markRaw, reactive, ref, shallowRef } from 'vue';
import type { ReviewItem, ReviewRow, RunInfo } from '../../src-main/api/contract';
import { api, toApiError } from '../api';
import { downloadText } from '../util/download';
import { useAppStore } from './app';

export type Filter = 'all' | string;

/** Per-question review of one evaluation run: the filterable item table, one item in full, the reviewer's mark. */
export const useReviewStore = defineStore('review', () => {
  const runs = ref<RunInfo[]>([]);
  const runId = ref<string | null>(null);
  const run = shallowRef<RunInfo | null>(null);
  const rows = shallowRef<ReviewRow[]>([]);
  const loading = ref(false);
  const error = ref<string | null>(null);
  const filters = reactive({
    outcome: 'all' as Filter,
    kind: 'all' as Filter,
    slot: 'all' as Filter,
    claimed: 'all' as Filter,
    checked: 'all' as Filter,
    mark: 'all' as Filter,
  });
  const selectedId = ref<string | null>(null);
  const detail = shallowRef<ReviewItem | null>(null);
  const detailError = ref<string | null>(null);
  /** Milliseconds from the click to the item shown (the call and its data; rendering follows). */
  const openMs = ref<number | null>(null);
  const draft = reactive({ verdict: null as 'agree' | 'disagree' | null, note: '' });
  const saving = ref(false);
  let selectSeq = 0;

  const values = (f: (r: ReviewRow) => string | null) =>
    computed(() => [...new Set(rows.value.map(f).filter((x): x is string => x !== null))].sort());
  const kinds = values((r) => r.kind);
  const slots = values((r) => r.slot);
  const claimedLevels = values((r) => r.claimed ?? 'none');
  const checkedLevels = values((r) => r.checked ?? 'none');

  const shown = computed(() =>
    rows.value.filter(
      (r) =>
        (filters.outcome === 'all' || (filters.outcome === 'correct') === r.correct) &&
        (filters.kind === 'all' || r.kind === filters.kind) &&
        (filters.slot === 'all' || r.slot === filters.slot) &&
        (filters.claimed === 'all' || (r.claimed ?? 'none') === filters.claimed) &&
        (filters.checked === 'all' || (r.checked ?? 'none') === filters.checked) &&
        (filters.mark === 'all' ||
          (filters.mark === 'unmarked'
            ? !r.mark && !r.note
            : filters.mark === 'note'
              ? r.note
              : r.mark === filters.mark)),
    ),
  );

  async function loadRuns() {
    try {
      runs.value = await api().call('evaluation.runs', {});
    } catch (e) {
      const err = toApiError(e);
      runs.value = [];
      if (err.code !== 'not-found') error.value = err.message;
    }
  }

  async function open(id: string) {
    loading.value = true;
    error.value = null;
    try {
      const r = await api().call('evaluation.items', { runId: id });
      runId.value = id;
      run.value = markRaw(r.run);
      rows.value = markRaw(r.rows);
      selectedId.value = null;
      detail.value = null;
    } catch (e) {
      error.value = toApiError(e).message;
    } finally {
      loading.value = false;
    }
  }

  async function select(id: string) {
    if (!runId.value) return;
    const seq = ++selectSeq;
    const t0 = performance.now();
    selectedId.value = id;
    detailError.value = null;
    try {
      const d = await api().call('evaluation.item', { runId: runId.value, item: id });
      if (seq !== selectSeq) return;
      detail.value = markRaw(d);
      draft.verdict = d.mark?.verdict ?? null;
      draft.note = d.mark?.note ?? '';
      openMs.value = Math.round(performance.now() - t0);
    } catch (e) {
      if (seq === selectSeq) detailError.value = toApiError(e).message;
    }
  }

  async function saveMark() {
    if (!runId.value || !selectedId.value) return;
    saving.value = true;
    try {
      const m = await api().call('evaluation.mark', {
        runId: runId.value,
        item: selectedId.value,
        verdict: draft.verdict,
        note: draft.note,
      });
      const id = selectedId.value;
      rows.value = markRaw(
        rows.value.map((r) => (r.id === id ? { ...r, mark: m?.verdict ?? null, note: !!m?.note } : r)),
      );
      if (detail.value && detail.value.result.id === id) detail.value = markRaw({ ...detail.value, mark: m });
      useAppStore().notify('ok', m ? 'Mark saved.' : 'Mark removed.');
    } catch (e) {
      useAppStore().notify('error', toApiError(e).message);
    } finally {
      saving.value = false;
    }
  }

  async function exportReport(format: 'markdown' | 'json', id = runId.value) {
    if (!id) return;
    try {
      const r = await api().call('evaluation.export', { runId: id, format });
      downloadText(r.fileName, r.content, r.mime);
    } catch (e) {
      useAppStore().notify('error', toApiError(e).message);
    }
  }

  return {
    runs,
    runId,
    run,
    rows,
    loading,
    error,
    filters,
    selectedId,
    detail,
    detailError,
    openMs,
    draft,
    saving,
    kinds,
    slots,
    claimedLevels,
    checkedLevels,
    shown,
    loadRuns,
    open,
    select,
    saveMark,
    exportReport,
  };
});
