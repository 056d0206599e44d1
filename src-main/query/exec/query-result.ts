import type { Card } from '../../ontology/cards/card-types';
import type { NameCandidate } from '../linking/link-types';

export type QueryForm = 'describe' | 'ask' | 'select' | 'explain' | 'error';
export type Verdict = 'ENTAILED' | 'NOT ENTAILED' | 'UNKNOWN NAME';
/** What kind of evidence an observation is: the UI draws evidence cards from this. */
export type ObservationKind = 'closure' | 'card' | 'fallback' | 'error';

export interface EntityRef {
  iri: string;
  name: string;
}

export interface JustificationAxiom {
  functional: string;
  text: string;
}

export interface QueryResult {
  query: string;
  form: QueryForm;
  verdict: Verdict | null;
  results: EntityRef[];
  relations: EntityRef[];
  verdicts: (EntityRef & { verdict: Verdict })[];
  candidates: (NameCandidate & { for?: string })[];
  fallback: boolean;
  truncated: boolean;
  total: number;
  /** The text the agent reads. */
  observation: string;
  kind: ObservationKind;
  /** IRIs the observation is about, for evidence cards and the gold-evidence metrics. */
  entities: string[];
  card?: Card;
  justification?: JustificationAxiom[];
  elapsedMs: number;
}

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
