import { defineStore } from 'pinia';
import { computed, reactive, ref, shallowRef } from 'vue';
import type { ApiParams, DatasetPairing, RunInfo } from '../../src-main/api/contract';
import { api, toApiError } from '../api';
import { useAppStore } from './app';
import { createJob } from './job';
import { useOntologyStore } from './ontology';

export type EvalMethod = 'oa-rag' | 'cot' | 'rag-text' | 'reasoner-only' | 'string-match';

const baseName = (p: string) => p.split(/[\\/]/).pop() ?? p;

/**
 * Evaluation runs of a method over a dataset, against an open ontology: by default the one the
 * dataset belongs to (for a Test 2 dataset, its revised ontology), else the current one.
 */
export const useEvaluationStore = defineStore('evaluation', () => {
  const form = reactive({
    datasetPath: '',
    method: 'reasoner-only' as EvalMethod,
    model: '',
    concurrency: 1,
    protocol: 'auto' as 'auto' | 'structured' | 'text',
    /** Which items: all, the first n, or n drawn at random with a seed. */
    items: { mode: 'all' as 'all' | 'first' | 'sample', n: 5, seed: 1 },
    /** The ontology to run against; null: the dataset's own when it is open, else the current one. */
    ontologyId: null as string | null,
  });
  const pairing = ref<DatasetPairing | null>(null);
  const pairingError = ref<string | null>(null);
  let pairingSeq = 0;

  /** Which ontology the dataset belongs to, and where that file is; asked again when the dataset changes. */
  async function loadPairing() {
    const datasetPath = form.datasetPath.trim();
    const my = ++pairingSeq;
    if (!datasetPath) {
      pairing.value = null;
      pairingError.value = null;
      return;
    }
    try {
      const p = await api().call('datasets.pairing', { datasetPath });
      if (my !== pairingSeq) return;
      pairing.value = p;
      pairingError.value = null;
    } catch (e) {
      if (my !== pairingSeq) return;
      pairing.value = null;
      pairingError.value = toApiError(e).message;
    }
  }

  const ontologyId = computed(() => {
    const ont = useOntologyStore();
    const open = (id: string | null | undefined) => (id && ont.list.some((o) => o.id === id) ? id : null);
    return open(form.ontologyId) ?? open(pairing.value?.match?.ontologyId) ?? ont.currentId;
  });

  /** Set when the chosen ontology is not the one the dataset names: what that run would measure. */
  const mismatch = computed(() => {
    const p = pairing.value;
    const id = ontologyId.value;
    if (!p || !id || !p.ontology) return null;
    const file = baseName(useOntologyStore().list.find((o) => o.id === id)?.path ?? id);
    if (file === p.ontology) return null;
    if (p.derivedFrom)
      return p.derivedFrom === file
        ? `This is a Test 2 dataset for ${p.ontology}. ${file} is the original, which still states what Test 2 moved into definitions: the run would measure nothing Test 2 is for.`
        : `This is a Test 2 dataset for ${p.ontology} (revised from ${p.derivedFrom}), not for ${file}.`;
    return `This dataset was built from ${p.ontology}, not from ${file}: its gold answers may not hold here.`;
  });
  const run = createJob('evaluate');
  const formError = ref<string | null>(null);
  /** The request of the last run started, so that a cancelled run resumes as it was asked, whatever the form says now. */
  let lastRequest: ApiParams<'evaluation.run'> | null = null;
  /**
   * A cancelled run: its stored record (found again by dataset and method) with the answers finished
   * before the cancel, and how far it had got. Null when the last run was not cancelled.
   */
  const cancelled = shallowRef<{ run: RunInfo | null; fraction: number; asked: number | null } | null>(null);

  async function launch(req: ApiParams<'evaluation.run'>) {
    lastRequest = req;
    cancelled.value = null;
    await run.start(() => api().call('evaluation.run', req));
    if (run.error.value?.code === 'cancelled') await noteCancelled(req);
  }

  async function noteCancelled(req: ApiParams<'evaluation.run'>) {
    const fraction = run.task.value?.fraction ?? 0;
    const asked = req.first ?? req.sample ?? null;
    let found: RunInfo | null = null;
    try {
      const runs = await api().call('evaluation.runs', {});
      // The run's record is written when it starts, so the newest for this dataset and method is the cancelled one.
      found =
        runs
          .filter((x) => x.datasetPath === req.datasetPath && x.method === req.method)
          .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0] ?? null;
    } catch {
      found = null;
    }
    cancelled.value = { run: found, fraction, asked };
  }

  /** Runs the cancelled request again: the answers stored before the cancel are reused, only the rest are asked. */
  async function resume() {
    if (lastRequest) await launch(lastRequest);
  }

  async function start() {
    const id = ontologyId.value;
    if (!id) return;
    formError.value = null;
    const datasetPath = form.datasetPath.trim();
    if (!datasetPath) {
      formError.value = 'Give the dataset (a JSONL file from the dataset generator).';
      return;
    }
    if (form.method !== 'reasoner-only' && !form.model.trim() && !useAppStore().info?.defaultModel) {
      formError.value = 'This method needs a model; only reasoner-only runs without one.';
      return;
    }
    const { mode, n, seed } = form.items;
    if (mode !== 'all' && !(Number.isInteger(n) && n >= 1)) {
      formError.value = 'Give the number of items as a whole number of at least 1.';
      return;
    }
    if (mode === 'sample' && !(Number.isInteger(seed) && seed >= 0)) {
      formError.value = 'Give the seed as a whole number of at least 0.';
      return;
    }
    await launch({
      ontologyId: id,
      datasetPath,
      method: form.method,
      model: form.model.trim() || undefined,
      protocol: form.protocol,
      concurrency:
        Number.isInteger(form.concurrency) && form.concurrency > 1 ? Math.min(64, form.concurrency) : undefined,
      ...(mode === 'first' ? { first: n } : mode === 'sample' ? { sample: n, seed } : {}),
    });
  }

  return {
    form,
    run,
    formError,
    pairing,
    pairingError,
    ontologyId,
    mismatch,
    cancelled,
    loadPairing,
    start,
    resume,
  };
});
