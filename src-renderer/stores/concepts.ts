import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { Card, QueryResult, SearchHit } from '../../src-main/api/contract';
import { api, toApiError } from '../api';
import { explainQuery } from '../util/dialect';
import { useAppStore } from './app';
import { useClassDetailStore } from './class-detail';
import { useOntologyStore } from './ontology';

export interface ExplainState {
  loading: boolean;
  result?: QueryResult;
  error?: string;
}

/** The concept browser: search as you type, the open card, a back stack, and explanations. */
export const useConceptsStore = defineStore('concepts', () => {
  const text = ref('');
  const hits = ref<SearchHit[]>([]);
  const searching = ref(false);
  const searchError = ref<string | null>(null);
  const searchedFor = ref('');
  /** Obsolete classes are left out of the results unless this is on. */
  const includeObsolete = ref(false);
  const card = ref<Card | null>(null);
  const cardLoading = ref(false);
  const cardError = ref<string | null>(null);
  const backStack = ref<string[]>([]);
  const explains = ref<Record<string, ExplainState>>({});
  let timer: number | undefined;
  let seq = 0;
  let forOntology: string | null = null;
  let forContent: string | null = null;

  /** Another ontology starts afresh; the same one reloaded keeps the search and the card, fetched again. */
  function resetIfOntologyChanged() {
    const ont = useOntologyStore();
    if (ont.contentKey === forContent) return;
    forContent = ont.contentKey;
    useClassDetailStore().reset();
    if (ont.currentId !== null && ont.currentId === forOntology) {
      explains.value = {};
      if (text.value.trim()) void search(text.value);
      if (card.value) void openIri(card.value.iri, false);
      return;
    }
    forOntology = ont.currentId;
    hits.value = [];
    card.value = null;
    cardError.value = null;
    backStack.value = [];
    explains.value = {};
    searchedFor.value = '';
  }

  async function search(q: string) {
    resetIfOntologyChanged();
    const ontologyId = useOntologyStore().currentId;
    const my = ++seq;
    text.value = q;
    if (!ontologyId || !q.trim()) {
      hits.value = [];
      searchedFor.value = '';
      searchError.value = null;
      return;
    }
    searching.value = true;
    try {
      const r = await api().call('ontology.search', {
        ontologyId,
        text: q.trim().slice(0, 10_000),
        limit: 30,
        includeObsolete: includeObsolete.value,
      });
      if (my !== seq) return;
      hits.value = r;
      searchedFor.value = q.trim();
      searchError.value = null;
    } catch (e) {
      if (my === seq) searchError.value = toApiError(e).message;
    } finally {
      if (my === seq) searching.value = false;
    }
  }

  /** Shows or hides obsolete classes, and searches again for the same text. */
  function setIncludeObsolete(on: boolean) {
    includeObsolete.value = on;
    if (text.value.trim()) void search(text.value);
  }

  /** Search-as-you-type: waits for a pause in typing. */
  function searchSoon(q: string, ms = 180) {
    text.value = q;
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void search(q), ms);
  }

  async function openIri(iri: string, push = true) {
    resetIfOntologyChanged();
    const ontologyId = useOntologyStore().currentId;
    if (!ontologyId) return;
    if (push && card.value && card.value.iri !== iri) backStack.value = [...backStack.value.slice(-49), card.value.iri];
    cardLoading.value = true;
    cardError.value = null;
    try {
      card.value = await api().call('ontology.card', { ontologyId, iri });
      explains.value = {};
      // Stated against inferred, its axioms and its lineage come from the reasoner's session, after the card.
      useClassDetailStore().show(card.value.iri);
    } catch (e) {
      cardError.value = toApiError(e).message;
    } finally {
      cardLoading.value = false;
    }
  }

  /** Opens a concept from anywhere (evidence cards, query results) in the browser view. */
  function show(iri: string) {
    useAppStore().go('concepts');
    void openIri(iri);
  }

  function back() {
    const prev = backStack.value[backStack.value.length - 1];
    if (!prev) return;
    backStack.value = backStack.value.slice(0, -1);
    void openIri(prev, false);
  }

  /** Why does "A r B" (or "A is a B") hold? Runs EXPLAIN and keeps the answer under `key`. */
  async function explain(key: string, subject: string, relation: string, filler: string) {
    const ontologyId = useOntologyStore().currentId;
    if (!ontologyId) return;
    if (explains.value[key]?.result && !explains.value[key]?.error) {
      const { [key]: _drop, ...rest } = explains.value;
      explains.value = rest; // a second click folds it away
      return;
    }
    explains.value = { ...explains.value, [key]: { loading: true } };
    try {
      const r = await api().call('query.run', { ontologyId, query: explainQuery(subject, relation, filler) });
      explains.value = {
        ...explains.value,
        [key]: { loading: false, result: r, error: r.kind === 'error' ? r.observation : undefined },
      };
    } catch (e) {
      explains.value = { ...explains.value, [key]: { loading: false, error: toApiError(e).message } };
    }
  }

  return {
    text,
    hits,
    searching,
    searchError,
    searchedFor,
    includeObsolete,
    card,
    cardLoading,
    cardError,
    backStack,
    explains,
    search,
    searchSoon,
    setIncludeObsolete,
    openIri,
    show,
    back,
    explain,
    resetIfOntologyChanged,
  };
});
