import type { SparqlPrefix } from './sparql-types';

/**
 * The prefixes every query over the closure graph may use without declaring them: the vocabulary the
 * graph is written in (closure-graph.ts, docs/closure-graph.md) and the OBO PURLs most ontologies
 * name their classes and relations with.
 */
export const CLOSURE_PREFIXES: readonly SparqlPrefix[] = [
  { prefix: 'rdf', iri: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#' },
  { prefix: 'rdfs', iri: 'http://www.w3.org/2000/01/rdf-schema#' },
  { prefix: 'owl', iri: 'http://www.w3.org/2002/07/owl#' },
  { prefix: 'xsd', iri: 'http://www.w3.org/2001/XMLSchema#' },
  { prefix: 'obo', iri: 'http://purl.obolibrary.org/obo/' },
  { prefix: 'oarag', iri: 'https://w3id.org/oa-rag/closure#' },
];

export interface PrefixedQuery {
  query: string;
  /** Lines put before the user's text (0 or 1): error positions are moved back by this much. */
  addedLines: number;
}

/**
 * The query with the closure prefixes it does not declare itself, on one added first line so that
 * error positions stay easy to map back. A prefix the query declares keeps the query's meaning.
 * `clean` is the query without comments (a `PREFIX x:` inside a comment declares nothing).
 */
export function withClosurePrefixes(query: string, clean: string): PrefixedQuery {
  const missing = CLOSURE_PREFIXES.filter((p) => !new RegExp(`\\bPREFIX\\s+${p.prefix}\\s*:`, 'i').test(clean));
  if (!missing.length) return { query, addedLines: 0 };
  return { query: `${missing.map((p) => `PREFIX ${p.prefix}: <${p.iri}>`).join(' ')}\n${query}`, addedLines: 1 };
}
