import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ClassAxioms, ClassLineage, StatedInferred, UnsatisfiableExplanation } from '../../src-main/api/contract';
import { api, toApiError } from '../api';
import { useOntologyStore } from './ontology';

/** One fetched part of the open card: loading, its value, or why it failed. */
export interface Part<T> {
  loading: boolean;
  value?: T;
  error?: string;
}

/**
 * What the card shows beside the cache's card: parents and links marked stated or inferred, every
 * ancestor and path, the class's axioms and uses, and why it is unsatisfiable. Each comes from the
 * reasoner's session, so each is fetched on its own, and a reply for a card no longer open is dropped.
 */
export const useClassDetailStore = defineStore('class-detail', () => {
  const iri = ref<string | null>(null);
  const marks = ref<Part<StatedInferred>>({ loading: false });
  const lineage = ref<Part<ClassLineage> | null>(null);
  const axioms = ref<Part<ClassAxioms> | null>(null);
  const why = ref<Part<UnsatisfiableExplanation> | null>(null);
  /** Whether the axioms panel is open; it stays so from card to card. */
  const axiomsOpen = ref(true);
  let forKey: string | null = null;

  function key(): string | null {
    const ont = useOntologyStore();
    return ont.contentKey && iri.value ? `${ont.contentKey}\n${iri.value}` : null;
  }

  /** A card was opened: its marks (and its axioms, if that panel is open) are fetched. */
  function show(classIri: string) {
    iri.value = classIri;
    const k = key();
    if (k === forKey) return;
    forKey = k;
    lineage.value = null;
    why.value = null;
    axioms.value = null;
    void fetch<StatedInferred>('ontology.statedInferred', (p) => (marks.value = p));
    if (axiomsOpen.value) void loadAxioms();
  }

  async function fetch<T>(
    method: 'ontology.statedInferred' | 'ontology.lineage' | 'ontology.axioms' | 'ontology.whyUnsatisfiable',
    set: (p: Part<T>) => void,
  ) {
    const ontologyId = useOntologyStore().currentId;
    const k = key();
    if (!ontologyId || !iri.value || !k) return;
    set({ loading: true });
    try {
      const value = (await api().call(method, { ontologyId, iri: iri.value })) as T;
      if (key() === k) set({ loading: false, value });
    } catch (e) {
      if (key() === k) set({ loading: false, error: toApiError(e).message });
    }
  }

  function loadLineage() {
    if (lineage.value?.value || lineage.value?.loading) return;
    void fetch<ClassLineage>('ontology.lineage', (p) => (lineage.value = p));
  }

  function loadAxioms() {
    if (axioms.value?.value || axioms.value?.loading) return;
    void fetch<ClassAxioms>('ontology.axioms', (p) => (axioms.value = p));
  }

  function toggleAxioms() {
    axiomsOpen.value = !axiomsOpen.value;
    if (axiomsOpen.value) loadAxioms();
  }

  /** Why the class is unsatisfiable; a second click folds the answer away. */
  function explainUnsatisfiable() {
    if (why.value?.value) {
      why.value = null;
      return;
    }
    if (!why.value?.loading) void fetch<UnsatisfiableExplanation>('ontology.whyUnsatisfiable', (p) => (why.value = p));
  }

  /** Another ontology or a reload: everything is fetched again for the card then shown. */
  function reset() {
    forKey = null;
    marks.value = { loading: false };
    lineage.value = null;
    axioms.value = null;
    why.value = null;
  }

  return {
    iri,
    marks,
    lineage,
    axioms,
    why,
    axiomsOpen,
    show,
    loadLineage,
    loadAxioms,
    toggleAxioms,
    explainUnsatisfiable,
    reset,
  };
});
