import type { QueryForm, ObservationKind, QueryResult } from '../query-types';

/** A result with nothing in it yet: errors and the empty answers start from it. */
export function emptyResult(query: string, form: QueryForm, kind: ObservationKind): QueryResult {
  return {
    query,
    form,
    verdict: null,
    results: [],
    relations: [],
    verdicts: [],
    candidates: [],
    fallback: false,
    truncated: false,
    total: 0,
    observation: '',
    kind,
    entities: [],
    elapsedMs: 0,
  };
}
