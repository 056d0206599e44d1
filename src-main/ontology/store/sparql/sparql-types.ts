/** What a raw SPARQL query over the closure graph answers (wire types: the contract re-exports them). */

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
  /**
   * Rows (of those returned) naming an internal node `urn:oarag:filler:<n>`: the closure graph's stand-in
   * for a complex existential filler, labelled with its class expression. Absent when there are none.
   */
  fillerRows?: number;
}

export interface SparqlPrefix {
  prefix: string;
  iri: string;
}
