import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { QueryHistoryEntry, QueryResult, SparqlResult } from '../../src-main/api/contract';
import { api, toApiError } from '../api';
import { DIALECT_EXAMPLES, SPARQL_EXAMPLE } from '../util/dialect';
import { useOntologyStore } from './ontology';

export type QueryMode = 'dialect' | 'sparql';
export type ConsoleResult =
  { mode: 'dialect'; r: QueryResult; ms: number } | { mode: 'sparql'; r: SparqlResult; ms: number };

/** The query console: dialect or raw SPARQL over the open ontology, with the logged history. */
export const useQueryStore = defineStore('query', () => {
  const mode = ref<QueryMode>('dialect');
  const dialectText = ref(DIALECT_EXAMPLES[1]);
  const sparqlText = ref(SPARQL_EXAMPLE);
  const running = ref(false);
  const result = shallowRef<ConsoleResult | null>(null);
  const error = ref<{ code: string; message: string } | null>(null);
  const history = ref<QueryHistoryEntry[]>([]);
  const historyError = ref<string | null>(null);
  /** Completed runs (success or error), so views and tests can tell a fresh result from an old one. */
  const runs = ref(0);

  async function run() {
    const ontologyId = useOntologyStore().currentId;
    if (!ontologyId || running.value) return;
    const m = mode.value;
    const query = (m === 'dialect' ? dialectText.value : sparqlText.value).trim();
    if (!query) return;
    running.value = true;
    error.value = null;
    const t0 = performance.now();
    try {
      if (m === 'dialect')
        result.value = {
          mode: 'dialect',
          r: await api().call('query.run', { ontologyId, query }),
          ms: performance.now() - t0,
        };
      else
        result.value = {
          mode: 'sparql',
          r: await api().call('query.sparql', { ontologyId, query }),
          ms: performance.now() - t0,
        };
    } catch (e) {
      const err = toApiError(e);
      error.value = { code: err.code, message: err.message };
      result.value = null;
    } finally {
      running.value = false;
      runs.value++;
      void loadHistory();
    }
  }

  async function loadHistory() {
    try {
      history.value = await api().call('query.history', {
        ontologyId: useOntologyStore().currentId ?? undefined,
        limit: 100,
      });
      historyError.value = null;
    } catch (e) {
      historyError.value = toApiError(e).message;
    }
  }

  function reuse(h: QueryHistoryEntry) {
    if (h.form.startsWith('sparql')) {
      mode.value = 'sparql';
      sparqlText.value = h.query;
    } else {
      mode.value = 'dialect';
      dialectText.value = h.query;
    }
  }

  return {
    mode,
    dialectText,
    sparqlText,
    running,
    result,
    error,
    history,
    historyError,
    runs,
    run,
    loadHistory,
    reuse,
  };
});
