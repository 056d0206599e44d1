import { defineStore } from 'pinia';
import { reactive, ref } from 'vue';
import { api } from '../api';
import { useAppStore } from './app';
import { createJob } from './job';
import { useOntologyStore } from './ontology';

export type EvalMethod = 'oa-rag' | 'cot' | 'rag-text' | 'reasoner-only';

/** Evaluation runs of a method over a dataset, against the open ontology. */
export const useEvaluationStore = defineStore('evaluation', () => {
  const form = reactive({
    datasetPath: '',
    method: 'reasoner-only' as EvalMethod,
    model: '',
    concurrency: 1,
    protocol: 'auto' as 'auto' | 'structured' | 'text',
  });
  const run = createJob('evaluate');
  const formError = ref<string | null>(null);

  async function start() {
    const id = useOntologyStore().currentId;
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
    await run.start(() =>
      api().call('evaluation.run', {
        ontologyId: id,
        datasetPath,
        method: form.method,
        model: form.model.trim() || undefined,
        protocol: form.protocol,
        concurrency:
          Number.isInteger(form.concurrency) && form.concurrency > 1 ? Math.min(64, form.concurrency) : undefined,
      }),
    );
  }

  return { form, run, formError, start };
});
