import type { AgentRecord, QueryResult, TrajectoryStep } from '../../src-main/api/contract';
import { localName } from './format';

export interface EntityNames {
  /** IRI → display name. */
  names: Record<string, string>;
  /** IRIs that are relations (or RDF vocabulary), which have no concept card to open. */
  relations: Set<string>;
}

const RDF_VOCAB = /^http:\/\/www\.w3\.org\/(1999\/02\/22-rdf-syntax-ns|2000\/01\/rdf-schema|2002\/07\/owl)#/;
const VOCAB_NAMES: Record<string, string> = {
  'http://www.w3.org/2000/01/rdf-schema#subClassOf': 'is a',
  'http://www.w3.org/2002/07/owl#equivalentClass': 'equivalent to',
};

/** Names for the IRIs a record mentions, from the full query results kept in its trajectory. */
export function entityNames(record: AgentRecord | null | undefined): EntityNames {
  const names: Record<string, string> = {};
  const relations = new Set<string>();
  const put = (iri: unknown, name: unknown) => {
    if (typeof iri === 'string' && typeof name === 'string' && name && !names[iri]) names[iri] = name;
  };
  for (const step of (record?.trajectory ?? []) as TrajectoryStep[]) {
    if (step.type !== 'observation') continue;
    const r = (step as { result?: QueryResult }).result;
    if (!r || typeof r !== 'object') continue;
    for (const e of r.results ?? []) put(e.iri, e.name);
    for (const e of r.verdicts ?? []) put(e.iri, e.name);
    for (const e of r.candidates ?? []) put(e.iri, e.name);
    for (const e of r.relations ?? []) {
      put(e.iri, e.name);
      relations.add(e.iri);
    }
    const c = r.card;
    if (c) {
      put(c.iri, c.name);
      for (const e of [...(c.parents ?? []), ...(c.children ?? [])]) put(e.iri, e.name);
      for (const s of c.statedRelations ?? []) {
        put(s.relation.iri, s.relation.name);
        put(s.filler.iri, s.filler.name);
        if (s.relation.iri) relations.add(s.relation.iri);
      }
    }
  }
  return { names, relations };
}

/**
 * Names for an observation's entities from its query: ASK/EXPLAIN { "A" "r" "B" } list their entities
 * in the order of the quoted names, so a query with as many names as entities pairs them up.
 */
export function namesFromQuery(query: string, entities: readonly string[], known: EntityNames): EntityNames {
  const quoted = [...query.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));
  if (!quoted.length || quoted.length !== entities.length) return known;
  const names = { ...known.names };
  const relations = new Set(known.relations);
  entities.forEach((iri, i) => {
    names[iri] ??= quoted[i];
    if (quoted.length === 3 && i === 1 && /^\s*(?:query\(\s*)?(ASK|EXPLAIN)\b/i.test(query)) relations.add(iri);
  });
  return { names, relations };
}

export function displayName(iri: string, known: EntityNames): string {
  return known.names[iri] ?? VOCAB_NAMES[iri] ?? localName(iri);
}

export function isConcept(iri: string, known: EntityNames): boolean {
  return !RDF_VOCAB.test(iri) && !known.relations.has(iri);
}
