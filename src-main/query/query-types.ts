import type { Card } from '../ontology/cards/card-types';
import type { NameCandidate } from './linking/link-types';

export type QueryForm = 'describe' | 'ask' | 'select' | 'explain' | 'error';

export type Verdict = 'ENTAILED' | 'NOT ENTAILED' | 'UNKNOWN NAME';

/** What kind of evidence an observation is: the UI draws evidence cards from this. */
export type ObservationKind = 'closure' | 'card' | 'fallback' | 'error';

export interface ResultEntity {
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
  results: ResultEntity[];
  relations: ResultEntity[];
  verdicts: (ResultEntity & { verdict: Verdict })[];
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

export type SparqlKind = 'select' | 'ask' | 'construct' | 'describe';

export interface SparqlResult {
  kind: SparqlKind;
  /** select: variable names in order. */
  variables: string[];
  /** select: one row per solution, terms as N-Triples-ish strings; construct/describe: s, p, o. */
  rows: Record<string, string>[];
  boolean?: boolean;
  /** More rows exist than were returned. */
  truncated: boolean;
  /** Rows counted: the full count when not truncated, otherwise a lower bound (shown as "1,000+"). */
  total: number;
}
