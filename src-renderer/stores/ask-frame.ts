import { defineStore } from 'pinia';
import { markRaw, ref } from 'vue';
import type {
  AgentQuestion,
  FrameReading,
  FrameTerm,
  QuestionFrameBody,
  TreeRelation,
} from '../../src-main/api/contract';
import { api, toApiError } from '../api';
import { editableFrame, toBody } from '../util/frame-edit';
import { useAskStore } from './ask';
import { useOntologyStore } from './ontology';

export const IS_A: FrameTerm = { iri: 'http://www.w3.org/2000/01/rdf-schema#subClassOf', name: 'is a', from: 'is a' };

/**
 * The question frame in the Ask view: how the question reads before the run (what answers will be
 * checked against), a reviewer's correction of it, and a re-check of an answered question against
 * the corrected frame without running the model again.
 */
export const useAskFrameStore = defineStore('ask-frame', () => {
  /** The reading of the question as it stands in the form. */
  const preview = ref<FrameReading | null>(null);
  const previewError = ref<string | null>(null);
  /** A frame set by hand for the next run (null: the question's words are read). */
  const override = ref<QuestionFrameBody | null>(null);
  /** The frame being edited, and whether it is for the next run or for the shown answer. */
  const draft = ref<QuestionFrameBody | null>(null);
  const draftFor = ref<'run' | 'answer' | null>(null);
  const relations = ref<FrameTerm[]>([IS_A]);
  const busy = ref(false);
  const error = ref<string | null>(null);
  let seq = 0;
  let relationsFor: string | null = null;

  async function read(question: AgentQuestion | null) {
    const ontologyId = useOntologyStore().currentId;
    const my = ++seq;
    if (!ontologyId || !question) {
      preview.value = null;
      return;
    }
    try {
      const r = await api().call('ask.frame', { ontologyId, question });
      if (my !== seq) return;
      preview.value = markRaw(r);
      previewError.value = null;
    } catch (e) {
      if (my !== seq) return;
      preview.value = null;
      previewError.value = toApiError(e).message;
    }
  }

  async function loadRelations() {
    const ontologyId = useOntologyStore().currentId;
    if (!ontologyId || relationsFor === ontologyId) return;
    try {
      const rs: TreeRelation[] = await api().call('ontology.relations', { ontologyId });
      relations.value = [IS_A, ...rs.map((r) => ({ iri: r.iri, name: r.name, from: r.name }))];
      relationsFor = ontologyId;
    } catch (e) {
      error.value = toApiError(e).message;
    }
  }

  /** Concepts for a picker, in the search's order. */
  async function searchConcepts(text: string): Promise<FrameTerm[]> {
    const ontologyId = useOntologyStore().currentId;
    if (!ontologyId || !text.trim()) return [];
    try {
      const hits = await api().call('ontology.search', { ontologyId, text, limit: 12 });
      return hits.map((h) => ({ iri: h.iri, name: h.name, from: text }));
    } catch (e) {
      error.value = toApiError(e).message;
      return [];
    }
  }

  /** Starts editing: the given reading's frame, else its suggestion, else an empty frame of the question's kind. */
  function edit(reading: FrameReading | null, question: AgentQuestion, target: 'run' | 'answer') {
    void loadRelations();
    draft.value = editableFrame(reading, question);
    draftFor.value = target;
    error.value = null;
  }

  function cancelEdit() {
    draft.value = null;
    draftFor.value = null;
  }

  /** The draft becomes the frame of the next run. */
  function useForRun() {
    if (!draft.value) return;
    override.value = toBody(draft.value);
    cancelEdit();
  }

  function clearOverride() {
    override.value = null;
  }

  /** The shown answer is checked again against the draft; the history entry keeps the new frame and check. */
  async function recheck() {
    const ask = useAskStore();
    const ontologyId = useOntologyStore().currentId;
    if (!draft.value || !ask.recordId || !ask.record || !ontologyId) return;
    busy.value = true;
    error.value = null;
    try {
      const r = await api().call('ask.recheck', { ontologyId, historyId: ask.recordId, frame: toBody(draft.value) });
      ask.record = markRaw({ ...ask.record, frame: r.frame, checked: r.checked });
      cancelEdit();
      void ask.loadHistory();
    } catch (e) {
      error.value = toApiError(e).message;
    } finally {
      busy.value = false;
    }
  }

  return {
    preview,
    previewError,
    override,
    draft,
    draftFor,
    relations,
    busy,
    error,
    read,
    loadRelations,
    searchConcepts,
    edit,
    cancelEdit,
    useForRun,
    clearOverride,
    recheck,
  };
});
