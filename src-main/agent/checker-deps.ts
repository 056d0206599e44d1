import type { OntologyHandle } from '../ontology/ontology-handle';
import type { QueryService } from '../query/exec/query-service';
import type { CheckerDeps } from './checked-grounding';

/** The reasoner-side helpers of checkGrounding over one opened ontology and its query service. */
export function checkerDeps(h: OntologyHandle, qs: QueryService): CheckerDeps {
  const namesStmt = h.db.prepare('SELECT n.text FROM name n JOIN entity e ON e.id = n.entity WHERE e.iri = ?');
  return {
    query: (t) => qs.run(t),
    linkConcept: (t) => qs.names.linkConcept(t),
    linkRelation: (t) => qs.names.linkRelation(t),
    namesOf: (iri) => (namesStmt.all(iri) as { text: string }[]).map((r) => r.text),
  };
}
