import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type {
  DlQueryResult,
  QueryExamples,
  QueryHistoryEntry,
  QueryResult,
  SparqlResult,
} from '../../src-main/api/contract';
import { api, toApiError } from '../api';
import { downloadText } from '../util/download';
import { exportDlQuery } from '../util/dl-export';
import { exportSparql, type ExportFormat } from '../util/table-export';
import { useOntologyStore } from './ontology';

export type QueryMode = 'dialect' | 'sparql' | 'dl';
export interface QueryError {
  code: string;
  message: string;
}
export type ConsoleResult =
  | { mode: 'dialect'; r: QueryResult; ms: number }
  | { mode: 'sparql'; r: SparqlResult; ms: number; query: string }
  | { mode: 'dl'; r: DlQueryResult; ms: number };

/** The query console: dialect or raw SPARQL over the open ontology, with its examples and the logged history. */
export const useQueryStore = defineStore('query', () => {
  const mode = ref<QueryMode>('dialect');
  const dialectText = ref('');
  const sparqlText = ref('');
  /** The DL query tab's Manchester class expression. */
  const dlText = ref('');
  const running = ref(false);
  /** Each tab keeps its own last result and error: the SPARQL tab never shows a dialect answer, nor the reverse. */
  const outcomes = shallowRef<Partial<Record<QueryMode, { result: ConsoleResult | null; error: QueryError | null }>>>(
    {},
  );
  const result = computed(() => outcomes.value[mode.value]?.result ?? null);
  const error = computed(() => outcomes.value[mode.value]?.error ?? null);
  const history = ref<QueryHistoryEntry[]>([]);
  const historyError = ref<string | null>(null);
  const examples = shallowRef<QueryExamples | null>(null);
  const examplesError = ref<string | null>(null);
  /** The ontology the examples were built from (they may still be arriving for a newer one). */
  const examplesOntology = ref<string | null>(null);
  /** Completed runs (success or error), so views and tests can tell a fresh result from an old one. */
  const runs = ref(0);
  let examplesFor: string | null = null;

  /**
   * Fetches the open ontology's examples; the editors take the new first examples unless the user
   * changed what the previous ontology put there.
   */
  async function loadExamples() {
    const ontologyId = useOntologyStore().currentId;
    if (!ontologyId || ontologyId === examplesFor) return;
    examplesFor = ontologyId;
    // Results of another ontology's queries would read as this one's.
    outcomes.value = {};
    const before = examples.value;
    try {
      const ex = await api().call('query.examples', { ontologyId });
      if (examplesFor !== ontologyId) return;
      examples.value = ex;
      examplesOntology.value = ontologyId;
      examplesError.value = null;
      if (dialectText.value === (before?.dialect[0] ?? '')) dialectText.value = ex.dialect[0] ?? '';
      if (sparqlText.value === (before?.sparql[0]?.query ?? '')) sparqlText.value = ex.sparql[0]?.query ?? '';
    } catch (e) {
      if (examplesFor === ontologyId) examplesError.value = toApiError(e).message;
      examplesFor = null;
    }
  }

  async function run() {
    const ontologyId = useOntologyStore().currentId;
    if (!ontologyId || running.value) return;
    const m = mode.value;
    const query = (m === 'dialect' ? dialectText.value : m === 'sparql' ? sparqlText.value : dlText.value).trim();
    if (!query) return;
    running.value = true;
    const t0 = performance.now();
    const settle = (o: { result: ConsoleResult | null; error: QueryError | null }) =>
      (outcomes.value = { ...outcomes.value, [m]: o });
    try {
      if (m === 'dialect')
        settle({
          result: {
            mode: 'dialect',
            r: await api().call('query.run', { ontologyId, query }),
            ms: performance.now() - t0,
          },
          error: null,
        });
      else if (m === 'dl')
        settle({
          result: {
            mode: 'dl',
            r: await api().call('query.dl', { ontologyId, expression: query }),
            ms: performance.now() - t0,
          },
          error: null,
        });
      else
        settle({
          result: {
            mode: 'sparql',
            r: await api().call('query.sparql', { ontologyId, query }),
            ms: performance.now() - t0,
            query,
          },
          error: null,
        });
    } catch (e) {
      const err = toApiError(e);
      settle({ result: null, error: { code: err.code, message: err.message } });
    } finally {
      running.value = false;
      runs.value++;
      void loadHistory();
    }
  }

  /** Saves the SPARQL result shown (the rows returned, at most the row cap) as CSV, TSV or JSON; a DL query's answer likewise. */
  function exportResult(format: ExportFormat) {
    const res = result.value;
    if (res?.mode === 'dl') {
      const f = exportDlQuery(res.r, format);
      downloadText(f.fileName, f.content, f.mime);
      return;
    }
    if (res?.mode !== 'sparql') return;
    const stem = `sparql-${new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}`;
    const f = exportSparql(res.r, res.query, format, stem);
    downloadText(f.fileName, f.content, f.mime);
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
    if (h.form === 'dl' || h.form === 'dl-error') {
      mode.value = 'dl';
      dlText.value = h.query;
    } else if (h.form.startsWith('sparql')) {
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
    dlText,
    running,
    result,
    error,
    history,
    historyError,
    examples,
    examplesError,
    examplesOntology,
    runs,
    run,
    exportResult,
    loadExamples,
    loadHistory,
    reuse,
  };
});
