import type { OntologyHandle } from '../ontology/ontology-handle';
import type { OntologyInfo } from './contract';

/** An open ontology as the API lists it: its path is its id. */
export function ontologyInfo(h: OntologyHandle): OntologyInfo {
  return {
    id: h.path,
    path: h.path,
    summary: h.summary,
    nameLanguages: [...h.nameLanguages],
    unsatisfiableNamed: h.summary.unsatisfiable.length ? h.unsatisfiableNames(50) : [],
  };
}
