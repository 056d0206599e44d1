import { defineStore } from 'pinia';
import { reactive } from 'vue';
import { api } from '../api';
import { useEvaluationStore } from './evaluation';
import { createJob } from './job';
import { useOntologyStore } from './ontology';

/** Test 1 dataset generation and the Test 2 revision: two long tasks over the open ontology. */
export const useDatasetsStore = defineStore('datasets', () => {
  const genForm = reactive({
    mcq: 20,
    oq: 0,
    root: '',
    seed: 42,
    customSlots: false,
    slots: { subject: 1, relation: 1, filler: 1 },
  });
  const generate = createJob('generate');
  const reviseForm = reactive({ datasetPath: '' });
  const revise = createJob('revise');

  async function runGenerate() {
    const id = useOntologyStore().currentId;
    if (!id) return;
    const mcq = Math.max(0, Math.floor(Number(genForm.mcq) || 0));
    const oq = Math.max(0, Math.floor(Number(genForm.oq) || 0));
    await generate.start(() =>
      api().call('datasets.generate', {
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
      const ev = useEvaluationStore();
      if (!ev.form.datasetPath) ev.form.datasetPath = path;
    }
  }

  async function runRevise() {
    const id = useOntologyStore().currentId;
    if (!id) return;
    await revise.start(() =>
      api().call('datasets.revise', { ontologyId: id, datasetPath: reviseForm.datasetPath.trim() || undefined }),
    );
  }

  return { genForm, generate, reviseForm, revise, runGenerate, runRevise };
});
