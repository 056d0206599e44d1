import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { FileChangeState, OntologyFileChange, OntologyInfo, RecentFile } from '../../src-main/api/contract';
import { api, connection, toApiError } from '../api';
import { baseName } from '../util/format';
import { ontologyLabels } from '../util/ontology-labels';
import { reloadLine } from '../util/reload-line';
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
  /** How each open ontology's file compares with what was loaded (absent: unchanged). */
  const fileStates = ref<Record<string, FileChangeState>>({});
  /** Bumped by every load of an id, so the views showing its content fetch it again. */
  const revisions = ref<Record<string, number>>({});
  const reloading = ref<string | null>(null);
  /** What the last reload of each id did, in this session (see reloadLine). */
  const reloadNotes = ref<Record<string, string>>({});
  let started = false;

  const current = computed(() => list.value.find((o) => o.id === currentId.value) ?? null);
  /** Names for the open ontologies: the title, with the file name when two titles are the same. */
  const labels = computed(() => ontologyLabels(list.value));
  const labelOf = (id: string) => labels.value[id] ?? baseName(id);
  const currentName = computed(() => (current.value ? labelOf(current.value.id) : null));
  const openingTask = computed(() => (opening.value?.taskId ? useTasksStore().byId[opening.value.taskId] : undefined));
  /** A failed load of the current ontology's own file: a reload that failed, shown above every view. */
  const reloadError = computed(() =>
    current.value && openError.value?.path === current.value.path && !opening.value ? openError.value.message : null,
  );
  const currentFileState = computed<FileChangeState>(() =>
    current.value ? (fileStates.value[current.value.id] ?? 'unchanged') : 'unchanged',
  );
  /** The current ontology and which load of it: views key their fetched content on this. */
  const contentKey = computed(() =>
    currentId.value ? `${currentId.value}#${revisions.value[currentId.value] ?? 0}` : null,
  );

  /** Listens for file changes pushed by the main side; a reconnection fetches everything again. */
  function init() {
    if (started) return;
    started = true;
    api().on('ontology.changed', applyChange);
    connection().onReconnect(() => void refresh());
    // Coming back to the window is when an edit made elsewhere matters; the check is a stat when nothing changed.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void refreshStatus();
    });
  }

  function applyChange(c: OntologyFileChange) {
    if (!c || typeof c.ontologyId !== 'string' || !list.value.some((o) => o.id === c.ontologyId)) return;
    const { [c.ontologyId]: _was, ...rest } = fileStates.value;
    fileStates.value = c.state === 'unchanged' ? rest : { ...rest, [c.ontologyId]: c.state };
  }

  /** The file state of the open ontologies, asked now (a snapshot; events keep it current). */
  async function refreshStatus(ids = list.value.map((o) => o.id)) {
    await Promise.all(
      ids.map(async (id) => {
        try {
          const s = await api().call('ontology.status', { ontologyId: id });
          applyChange({ ontologyId: id, path: id, state: s.state });
        } catch {
          // Closed meanwhile, or the connection dropped: a reconnection refreshes everything.
        }
      }),
    );
  }

  async function refresh() {
    try {
      const [l, r] = await Promise.all([api().call('ontology.list', {}), api().call('ontology.recent', {})]);
      list.value = l;
      recent.value = r;
      if (!l.some((o) => o.id === currentId.value)) select(l[0]?.id ?? null);
      fileStates.value = Object.fromEntries(
        Object.entries(fileStates.value).filter(([id]) => l.some((o) => o.id === id)),
      );
      await refreshStatus();
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
  async function open(path: string, catalog?: string): Promise<OntologyInfo | null> {
    const info = await load(path, catalog);
    if (info) useAppStore().notify('ok', `Opened ${labelOf(info.id)}`);
    return info;
  }

  /**
   * Reads an open ontology's file again (the same ontology.open: quick when the content is one the
   * cache holds) and makes it current; the views showing it fetch their content again.
   */
  async function reload(id: string): Promise<OntologyInfo | null> {
    const o = list.value.find((x) => x.id === id);
    if (!o || opening.value) return null;
    reloading.value = id;
    try {
      const info = await load(o.path);
      if (!info) return null;
      reloadNotes.value = { ...reloadNotes.value, [info.id]: reloadLine(info) };
      useAppStore().notify('ok', `Reloaded ${labelOf(info.id)}`);
      return info;
    } finally {
      reloading.value = null;
    }
  }

  async function load(path: string, catalog?: string): Promise<OntologyInfo | null> {
    const p = path.trim();
    if (!p) return null;
    openError.value = null;
    opening.value = { taskId: null, path: p };
    try {
      const c = catalog?.trim();
      const { taskId } = await api().call('ontology.open', c ? { path: p, catalog: c } : { path: p });
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
      revisions.value = { ...revisions.value, [info.id]: (revisions.value[info.id] ?? 0) + 1 };
      const { [info.id]: _note, ...notes } = reloadNotes.value;
      reloadNotes.value = notes;
      select(info.id);
      // The main side watches the new load from its start; what it found since is asked, not assumed.
      void refreshStatus([info.id]);
      void api()
        .call('ontology.recent', {})
        .then(
          (r) => (recent.value = r),
          () => {},
        );
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
      const { [id]: _state, ...states } = fileStates.value;
      fileStates.value = states;
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
    reloadError,
    loaded,
    fileStates,
    currentFileState,
    contentKey,
    reloading,
    reloadNotes,
    init,
    refresh,
    refreshStatus,
    select,
    open,
    reload,
  };
});
