import type { QueryForm, ObservationKind, QueryResult } from '../query-types';
export type {
  QueryForm,
  Verdict,
  ObservationKind,
  ResultEntity,
  JustificationAxiom,
  QueryResult,
} from '../query-types';

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
