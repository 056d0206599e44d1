/**
 * The names a query mentions, split by the kind of ontology entity they must
 * be linked to (§4.2.2: every concept and relation name is linked before the
 * query runs). Subclass relations ("is a", "subclass of", …) are built in and
 * need no linking, so they are left out of `relations`.
 */
import type { DialectQuery } from './ast';
import { isSubclassRelation } from './relations';

export interface QueryNames {
  /** Concept names, first occurrence order, no duplicates (VALUES candidates included). */
  concepts: string[];
  /** Relation names that need linking, first occurrence order, no duplicates. */
  relations: string[];
}

export function queryNames(query: DialectQuery): QueryNames {
  const concepts = new Set<string>();
  const relations = new Set<string>();
  const relation = (name: string): void => {
    if (!isSubclassRelation(name)) relations.add(name);
  };
  switch (query.form) {
    case 'describe':
      concepts.add(query.name);
      break;
    case 'ask':
    case 'explain':
      concepts.add(query.subject);
      relation(query.relation);
      concepts.add(query.filler);
      break;
    case 'select-subjects':
      for (const value of query.values ?? []) concepts.add(value);
      for (const condition of query.conditions) {
        relation(condition.relation);
        concepts.add(condition.filler);
      }
      break;
    case 'select-fillers':
      concepts.add(query.subject);
      relation(query.relation);
      break;
    case 'select-relations':
      concepts.add(query.subject);
      concepts.add(query.filler);
      break;
  }
  return { concepts: [...concepts], relations: [...relations] };
}
