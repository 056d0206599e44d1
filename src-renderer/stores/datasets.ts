import { defineStore } from 'pinia';
import { computed, reactive, ref } from 'vue';
import type { TreeRelation } from '../../src-main/api/contract';
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
  /** Per ontology file: the relations left out of questions, and whether negation shortcuts are used. */
  const choices = ref<Record<string, RelationChoice>>(readChoices());
  const ontologyKey = computed(() => useOntologyStore().current?.path ?? null);
  const relationChoice = computed<RelationChoice>(
    () => (ontologyKey.value && choices.value[ontologyKey.value]) || { exclude: [], includeNegation: false },
  );
  const relations = ref<TreeRelation[]>([]);
  let relationsFor: string | null = null;

  function setRelationChoice(patch: Partial<RelationChoice>) {
    const key = ontologyKey.value;
    if (!key) return;
    choices.value = { ...choices.value, [key]: { ...relationChoice.value, ...patch } };
    try {
      localStorage.setItem(CHOICES_KEY, JSON.stringify(choices.value));
    } catch {
      // Storage may be full or disabled: the choice lasts for this session.
    }
  }

  function toggleExcluded(iri: string, on: boolean) {
    const now = relationChoice.value.exclude.filter((x) => x !== iri);
    setRelationChoice({ exclude: on ? [...now, iri] : now });
  }

  /** The open ontology's relations, for the blocklist. */
  async function loadRelations() {
    const id = useOntologyStore().currentId;
    if (!id || id === relationsFor) return;
    relationsFor = id;
    try {
      relations.value = await api().call('ontology.relations', { ontologyId: id });
    } catch {
      relations.value = [];
      relationsFor = null;
    }
  }
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
        excludeRelations: relationChoice.value.exclude.length ? [...relationChoice.value.exclude] : undefined,
        includeNegationShortcuts: relationChoice.value.includeNegation || undefined,
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

  return {
    genForm,
    generate,
    reviseForm,
    revise,
    relations,
    relationChoice,
    setRelationChoice,
    toggleExcluded,
    loadRelations,
    runGenerate,
    runRevise,
  };
});

export interface RelationChoice {
  /** IRIs of relations no question may use. */
  exclude: string[];
  /** Use negation shortcuts (lacks_…) too. */
  includeNegation: boolean;
}

const CHOICES_KEY = 'oarag.generateRelations';

function readChoices(): Record<string, RelationChoice> {
  try {
    const v = JSON.parse(localStorage.getItem(CHOICES_KEY) ?? '{}') as unknown;
    return v && typeof v === 'object' ? (v as Record<string, RelationChoice>) : {};
  } catch {
    return {};
  }
}
