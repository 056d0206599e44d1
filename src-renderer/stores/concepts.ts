import { defineStore } from 'pinia';
import { ref, watch } from 'vue';
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
  /** The IRI of the card being fetched, so its own address change does not fetch it twice. */
  let opening: string | null = null;

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
    // A switch to another ontology (not the first one opened, which a bookmarked card may be in) drops the card's address.
    if (forOntology !== null) useAppStore().place('concepts', '', 'replace');
    forOntology = ont.currentId;
    // The other ontology's query would search this one for words it may not use.
    text.value = '';
    window.clearTimeout(timer);
    seq++;
    searching.value = false;
    searchError.value = null;
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

  /** Opens a card; `push`: a new step (the back stack and a history entry), else it replaces the one shown. */
  async function openIri(iri: string, push = true) {
    await openCard(iri, push ? 'push' : 'replace', push);
  }

  async function openCard(iri: string, how: 'push' | 'replace', stack: boolean) {
    resetIfOntologyChanged();
    const ontologyId = useOntologyStore().currentId;
    if (!ontologyId) return;
    if (stack && card.value && card.value.iri !== iri)
      backStack.value = [...backStack.value.slice(-49), card.value.iri];
    cardLoading.value = true;
    cardError.value = null;
    opening = iri;
    try {
      card.value = await api().call('ontology.card', { ontologyId, iri });
      useAppStore().place('concepts', cardSub(card.value.iri), how);
      explains.value = {};
      // Stated against inferred, its axioms and its lineage come from the reasoner's session, after the card.
      useClassDetailStore().show(card.value.iri);
    } catch (e) {
      cardError.value = toApiError(e).message;
    } finally {
      cardLoading.value = false;
      opening = null;
    }
  }

  /** Opens a concept from anywhere (evidence cards, query results) in the browser view. */
  function show(iri: string) {
    const app = useAppStore();
    if (app.view === 'concepts') {
      void openIri(iri);
      return;
    }
    if (card.value && card.value.iri !== iri) backStack.value = [...backStack.value.slice(-49), card.value.iri];
    app.place('concepts', cardSub(iri), 'replace');
    app.go('concepts');
    void openCard(iri, 'replace', false);
  }

  /** The previous card: a step back in the window's history, whose address names it (see followAddress). */
  function back() {
    if (!backStack.value.length) return;
    window.history.back();
  }

  /**
   * The address names the card (#/concepts/<IRI>): Back, Forward, a bookmark or a shared link open it.
   * Back to the card below the top of the back stack pops it; any other card is a step forward.
   */
  function followAddress() {
    const app = useAppStore();
    const sub = app.subs.concepts;
    if (app.view !== 'concepts' || !sub || !useOntologyStore().current) return;
    const iri = iriOfSub(sub);
    if (!iri || iri === opening || (iri === card.value?.iri && !opening)) return;
    const top = backStack.value[backStack.value.length - 1];
    if (top === iri) {
      backStack.value = backStack.value.slice(0, -1);
      void openCard(iri, 'replace', false);
    } else void openCard(iri, 'replace', card.value !== null);
  }
  watch(
    () => [useAppStore().view, useAppStore().subs.concepts, useOntologyStore().current?.id] as const,
    followAddress,
  );

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
    followAddress,
  };
});

const cardSub = (iri: string) => encodeURIComponent(iri);

function iriOfSub(sub: string): string | null {
  try {
    return decodeURIComponent(sub);
  } catch {
    return null;
  }
}
