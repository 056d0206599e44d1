import { defineStore } from 'pinia';
import { computed, markRaw, ref, shallowRef, watch } from 'vue';
import type {
  AgentRecord,
  HistoryEntry,
  QuestionFrameBody,
  QuestionKind,
  TrajectoryStep,
} from '../../src-main/api/contract';
import { api, shownError, toApiError, type ShownError } from '../api';
import { downloadText } from '../util/download';
import { optionKey } from '../util/format';
import { useAppStore } from './app';
import { useOntologyStore } from './ontology';
import { useTasksStore } from './tasks';

export interface OptionRow {
  key: string;
  name: string;
}

const MAX_BUFFERED_TASKS = 10;

/** The Ask view: the question form, the live trajectory of the running question, the record, history. */
export const useAskStore = defineStore('ask', () => {
  const kind = ref<QuestionKind>('mcq');
  const question = ref('');
  const options = ref<OptionRow[]>([
    { key: 'A', name: '' },
    { key: 'B', name: '' },
  ]);
  const model = ref('');
  /** How the agent's steps are exchanged: 'auto' is structured wherever the backend can enforce it. */
  const protocol = ref<'auto' | 'structured' | 'text'>('auto');
  const taskId = ref<string | null>(null);
  const stepsByTask = shallowRef<Record<string, TrajectoryStep[]>>({});
  const record = shallowRef<AgentRecord | null>(null);
  const recordId = ref<string | null>(null);
  /** The ontology and model the shown record (or running question) is about. */
  const recordOntology = ref<string | null>(null);
  const recordModel = ref<string | null>(null);
  const error = ref<ShownError | null>(null);
  const formError = ref<string | null>(null);
  const submitting = ref(false);
  const history = ref<HistoryEntry[]>([]);
  const historySearch = ref('');
  const historyLoading = ref(false);
  const historyError = ref<string | null>(null);
  let started = false;

  const task = computed(() => (taskId.value ? useTasksStore().byId[taskId.value] : undefined));
  const running = computed(() => submitting.value || task.value?.state === 'running');
  const liveSteps = computed(() => (taskId.value ? (stepsByTask.value[taskId.value] ?? []) : []));
  /** While running, the streamed steps; afterwards the record's full trajectory. */
  const steps = computed(() => (record.value && !running.value ? record.value.trajectory : liveSteps.value));
  const needsOptions = computed(() => kind.value === 'mcq' || kind.value === 'single');

  function init() {
    if (started) return;
    started = true;
    api().on('ask.step', ({ taskId: id, step }) => {
      const prev = stepsByTask.value[id] ?? [];
      let next = { ...stepsByTask.value, [id]: markRaw([...prev, step]) };
      const ids = Object.keys(next);
      if (ids.length > MAX_BUFFERED_TASKS)
        next = Object.fromEntries(ids.slice(-MAX_BUFFERED_TASKS).map((k) => [k, next[k]]));
      stepsByTask.value = next;
    });
    const s = useAppStore().settings;
    if (s?.defaultModel && !model.value) model.value = s.defaultModel;
    watch(
      () => useOntologyStore().currentId,
      (id) => ontologyChanged(id),
    );
  }

  function addOption() {
    if (options.value.length >= 26) return;
    options.value = [...options.value, { key: optionKey(options.value.length), name: '' }];
  }

  function removeOption(i: number) {
    options.value = options.value.filter((_, j) => j !== i).map((o, j) => ({ key: optionKey(j), name: o.name }));
  }

  function validate(): string | null {
    if (!useOntologyStore().currentId) return 'Open an ontology first (Ontologies view).';
    if (!question.value.trim()) return 'Write a question.';
    if (!model.value.trim() && !useAppStore().info?.defaultModel)
      return 'Give a model: a .gguf path, openai:<url>#<model> or scripted:<file.json>.';
    if (needsOptions.value) {
      const filled = options.value.filter((o) => o.name.trim());
      if (filled.length < 2) return 'A choice question needs at least two options.';
    }
    return null;
  }

  /** `frame`: a statement a reviewer set for this question, used instead of reading its words. */
  async function submit(frame?: QuestionFrameBody | null) {
    if (running.value) return;
    formError.value = validate();
    if (formError.value) return;
    const ontologyId = useOntologyStore().currentId!;
    const app = useAppStore();
    // An empty field means the default model (the settings' one, else the built-in one).
    const spec = model.value.trim() || app.info?.defaultModel || '';
    const opts = needsOptions.value
      ? options.value.filter((o) => o.name.trim()).map((o, i) => ({ key: optionKey(i), name: o.name.trim() }))
      : undefined;
    error.value = null;
    record.value = null;
    recordId.value = null;
    recordOntology.value = ontologyId;
    recordModel.value = spec;
    submitting.value = true;
    try {
      const r = await api().call('ask.start', {
        ontologyId,
        model: spec,
        protocol: protocol.value,
        question: { kind: kind.value, question: question.value.trim(), options: opts },
        ...(frame ? { frame } : {}),
      });
      taskId.value = r.taskId;
      submitting.value = false;
      const t = await useTasksStore().waitFor(r.taskId, 'ask');
      if (taskId.value !== r.taskId) return;
      if (t.state === 'ok') {
        record.value = t.result ? markRaw(t.result.record) : null;
        recordId.value = t.result?.id ?? null;
        // Remembered only once it has loaded and answered: a spec that fails never becomes the default.
        if (app.settings && app.settings.defaultModel !== spec) void app.saveSettings({ defaultModel: spec });
        void loadHistory();
      } else {
        error.value =
          t.state === 'cancelled'
            ? { message: 'The question was cancelled.', code: 'cancelled' }
            : { message: t.error ?? 'The question failed.', code: t.errorCode ?? 'internal' };
      }
    } catch (e) {
      error.value = shownError(e);
    } finally {
      submitting.value = false;
    }
  }

  async function cancel() {
    if (taskId.value) await useTasksStore().cancel(taskId.value);
  }

  async function loadHistory() {
    historyLoading.value = true;
    try {
      history.value = await api().call('history.list', { search: historySearch.value.trim() || undefined, limit: 200 });
      historyError.value = null;
    } catch (e) {
      historyError.value = toApiError(e).message;
    } finally {
      historyLoading.value = false;
    }
  }

  async function openHistory(id: string) {
    try {
      const r = await api().call('history.get', { id });
      taskId.value = null;
      record.value = markRaw(r);
      recordId.value = id;
      const entry = history.value.find((x) => x.id === id);
      recordOntology.value = entry?.ontology ?? null;
      recordModel.value = entry?.model ?? null;
      error.value = null;
      kind.value = r.question.kind;
      question.value = r.question.question;
      if (r.question.options?.length) options.value = r.question.options.map((o) => ({ ...o }));
    } catch (e) {
      useAppStore().notify('error', toApiError(e).message);
    }
  }

  /** Another ontology became current: what is shown about the previous one goes, unless it is still running. */
  function ontologyChanged(id: string | null) {
    if (running.value || recordOntology.value === null || recordOntology.value === id) return;
    taskId.value = null;
    record.value = null;
    recordId.value = null;
    recordOntology.value = null;
    recordModel.value = null;
    error.value = null;
  }

  async function exportRecord(id: string, format: 'json' | 'markdown') {
    try {
      const r = await api().call('history.export', { id, format });
      downloadText(r.fileName, r.content, r.mime);
    } catch (e) {
      useAppStore().notify('error', toApiError(e).message);
    }
  }

  return {
    kind,
    question,
    options,
    model,
    protocol,
    taskId,
    task,
    running,
    steps,
    liveSteps,
    record,
    recordId,
    recordOntology,
    recordModel,
    error,
    formError,
    needsOptions,
    history,
    historySearch,
    historyLoading,
    historyError,
    init,
    addOption,
    removeOption,
    submit,
    cancel,
    loadHistory,
    openHistory,
    ontologyChanged,
    exportRecord,
  };
});
