import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { OntologyInfo, RecentFile } from '../../src-main/api/contract';
import { api, toApiError } from '../api';
import { baseName } from '../util/format';
import { ontologyLabels } from '../util/ontology-labels';
import { useAppStore } from './app';
import { useTasksStore } from './tasks';

const CURRENT_KEY = 'oarag.currentOntology';

/** Open ontologies, recent files, and the one the other views work on. */
export const useOntologyStore = defineStore('ontology', () => {
  const list = ref<OntologyInfo[]>([]);
  const recent = ref<RecentFile[]>([]);
  const currentId = ref<string | null>(localStorage.getItem(CURRENT_KEY));
  const opening = ref<{ taskId: string | null; path: string } | null>(null);
  const openError = ref<{ path: string; message: string } | null>(null);
  const loaded = ref(false);

  const closing = ref<string | null>(null);

  const current = computed(() => list.value.find((o) => o.id === currentId.value) ?? null);
  /** Names for the open ontologies: the title, with the file name when two titles are the same. */
  const labels = computed(() => ontologyLabels(list.value));
  const labelOf = (id: string) => labels.value[id] ?? baseName(id);
  const currentName = computed(() => (current.value ? labelOf(current.value.id) : null));
  const openingTask = computed(() => (opening.value?.taskId ? useTasksStore().byId[opening.value.taskId] : undefined));

  async function refresh() {
    try {
      const [l, r] = await Promise.all([api().call('ontology.list', {}), api().call('ontology.recent', {})]);
      list.value = l;
      recent.value = r;
      if (!l.some((o) => o.id === currentId.value)) select(l[0]?.id ?? null);
    } catch (e) {
      useAppStore().notify('error', toApiError(e).message);
    } finally {
      loaded.value = true;
    }
  }

  function select(id: string | null) {
    currentId.value = id;
    if (id) localStorage.setItem(CURRENT_KEY, id);
    else localStorage.removeItem(CURRENT_KEY);
  }

  /** Opens (loads, classifies, caches) an ontology by path and makes it current. */
  async function open(path: string): Promise<OntologyInfo | null> {
    const p = path.trim();
    if (!p) return null;
    openError.value = null;
    opening.value = { taskId: null, path: p };
    try {
      const { taskId } = await api().call('ontology.open', { path: p });
      opening.value = { taskId, path: p };
      const t = await useTasksStore().waitFor(taskId, 'load');
      if (t.state !== 'ok') {
        openError.value = {
          path: p,
          message: t.state === 'cancelled' ? 'Opening was cancelled.' : (t.error ?? 'Opening failed.'),
        };
        return null;
      }
      const info = t.result!;
      list.value = [...list.value.filter((o) => o.id !== info.id), info];
      select(info.id);
      void api()
        .call('ontology.recent', {})
        .then(
          (r) => (recent.value = r),
          () => {},
        );
      useAppStore().notify('ok', `Opened ${labelOf(info.id)}`);
      return info;
    } catch (e) {
      openError.value = { path: p, message: toApiError(e).message };
      return null;
    } finally {
      opening.value = null;
    }
  }

  /** Closes an open ontology; if it was the current one, the most recently opened other one takes over. */
  async function close(id: string): Promise<boolean> {
    const name = labelOf(id);
    closing.value = id;
    try {
      await api().call('ontology.close', { ontologyId: id });
      list.value = list.value.filter((o) => o.id !== id);
      if (currentId.value === id) select(list.value[list.value.length - 1]?.id ?? null);
      useAppStore().notify('ok', `Closed ${name}`);
      return true;
    } catch (e) {
      useAppStore().notify('error', toApiError(e).message);
      return false;
    } finally {
      closing.value = null;
    }
  }

  return {
    list,
    labels,
    labelOf,
    closing,
    close,
    recent,
    currentId,
    current,
    currentName,
    opening,
    openingTask,
    openError,
    loaded,
    refresh,
    select,
    open,
  };
});
