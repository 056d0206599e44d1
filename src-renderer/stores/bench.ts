import { useAppStore } from './app';
import { defineStore } from 'pinia';
import { reactive, ref } from 'vue';
import { api } from '../api';
import { readEvaluateResult, readGenerateResult, readReviseResult } from '../util/bench-results';
import { useOntologyStore } from './ontology';
import { createJob } from './job';

export type EvalMethod = 'oa-rag' | 'cot' | 'rag-text' | 'reasoner-only';

/** Dataset generation, Test-2 revision and evaluation: three long tasks over the open ontology. */
export const useBenchStore = defineStore('bench', () => {
  const genForm = reactive({
    mcq: 20,
    oq: 0,
    root: '',
    seed: 42,
    customSlots: false,
    slots: { subject: 1, relation: 1, filler: 1 },
  });
  const generate = createJob(readGenerateResult);
  const reviseForm = reactive({ datasetPath: '' });
  const revise = createJob(readReviseResult);
  const evalForm = reactive({
    datasetPath: '',
    method: 'reasoner-only' as EvalMethod,
    model: '',
    concurrency: 1,
    protocol: 'auto' as 'auto' | 'structured' | 'text',
  });
  const evaluate = createJob(readEvaluateResult);
  const formError = ref<string | null>(null);

  function ontologyId(): string | null {
    return useOntologyStore().currentId;
  }

  async function runGenerate() {
    const id = ontologyId();
    if (!id) return;
    const mcq = Math.max(0, Math.floor(Number(genForm.mcq) || 0));
    const oq = Math.max(0, Math.floor(Number(genForm.oq) || 0));
    await generate.start(() =>
      api().call('bench.generate', {
        ontologyId: id,
        mcq,
        oq,
        seed: Math.max(0, Math.floor(Number(genForm.seed) || 0)),
        root: genForm.root.trim() || undefined,
        slots: genForm.customSlots
          ? {
              subject: Number(genForm.slots.subject) || 0,
              relation: Number(genForm.slots.relation) || 0,
              filler: Number(genForm.slots.filler) || 0,
            }
          : undefined,
      }),
    );
    const path = generate.result.value?.path;
    if (path) {
      if (!reviseForm.datasetPath) reviseForm.datasetPath = path;
      if (!evalForm.datasetPath) evalForm.datasetPath = path;
    }
  }

  async function runRevise() {
    const id = ontologyId();
    if (!id) return;
    await revise.start(() =>
      api().call('bench.revise', { ontologyId: id, datasetPath: reviseForm.datasetPath.trim() || undefined }),
    );
  }

  async function runEvaluate() {
    const id = ontologyId();
    if (!id) return;
    formError.value = null;
    const datasetPath = evalForm.datasetPath.trim();
    if (!datasetPath) {
      formError.value = 'Give the dataset (a JSONL file from the dataset generator).';
      return;
    }
    if (evalForm.method !== 'reasoner-only' && !evalForm.model.trim() && !useAppStore().info?.defaultModel) {
      formError.value = 'This method needs a model; only reasoner-only runs without one.';
      return;
    }
    await evaluate.start(() =>
      api().call('bench.evaluate', {
        ontologyId: id,
        datasetPath,
        method: evalForm.method,
        model: evalForm.model.trim() || undefined,
        protocol: evalForm.protocol,
        concurrency:
          Number.isInteger(evalForm.concurrency) && evalForm.concurrency > 1
            ? Math.min(64, evalForm.concurrency)
            : undefined,
      }),
    );
  }

  return { genForm, generate, reviseForm, revise, evalForm, evaluate, formError, runGenerate, runRevise, runEvaluate };
});
