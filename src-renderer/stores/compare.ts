import { defineStore } from 'pinia';
import { computed, markRaw, ref, shallowRef } from 'vue';
import type { RunComparison, RunInfo } from '../../src-main/api/contract';
import { api, toApiError } from '../api';

export const MAX_COMPARED = 4;

/** Stored evaluation runs side by side per item (evaluation.compare). */
export const useCompareStore = defineStore('compare', () => {
  /** The runs picked, in column order; empty slots are ''. */
  const picked = ref<string[]>(['', '']);
  const result = shallowRef<RunComparison | null>(null);
  const loading = ref(false);
  const error = ref<string | null>(null);
  const onlyDiffering = ref(false);

  const chosen = computed(() => picked.value.filter((id) => id));
  const rows = computed(() => (result.value?.rows ?? []).filter((r) => !onlyDiffering.value || r.differs));
  const ready = computed(() => chosen.value.length >= 2 && new Set(chosen.value).size === chosen.value.length);

  /** Starts from the two newest runs over the same dataset as the newest run, when there are two. */
  function suggest(runs: RunInfo[]) {
    if (chosen.value.length) return;
    const first = runs[0];
    const second = first && runs.find((r) => r.id !== first.id && r.dataset === first.dataset);
    if (first && second) picked.value = [first.id, second.id];
  }

  function setRun(i: number, id: string) {
    const next = [...picked.value];
    next[i] = id;
    picked.value = next;
    result.value = null;
  }

  function addSlot() {
    if (picked.value.length < MAX_COMPARED) picked.value = [...picked.value, ''];
  }

  function removeSlot(i: number) {
    if (picked.value.length <= 2) return;
    picked.value = picked.value.filter((_, j) => j !== i);
    result.value = null;
  }

  async function compare() {
    if (!ready.value) {
      error.value = 'Pick two or more different runs.';
      return;
    }
    loading.value = true;
    error.value = null;
    try {
      result.value = markRaw(await api().call('evaluation.compare', { runIds: chosen.value }));
    } catch (e) {
      error.value = toApiError(e).message;
      result.value = null;
    } finally {
      loading.value = false;
    }
  }

  return {
    picked,
    result,
    loading,
    error,
    onlyDiffering,
    rows,
    ready,
    suggest,
    setRun,
    addSlot,
    removeSlot,
    compare,
  };
});
