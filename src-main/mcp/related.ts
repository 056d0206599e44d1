import { formatQuery } from '../query/dialect';
import type { QueryResult } from '../query/query-types';
import type { ServedOntology } from './served-ontologies';

/** Relations listed by `related` without a relation or object; each costs one SELECT ?o. */
export const MAX_OVERVIEW_RELATIONS = 25;

export interface RelatedOverview {
  subject: { iri: string; name: string };
  /** One SELECT ?o answer per relation the subject (or an ancestor) states, by relation name. */
  byRelation: { relation: { iri: string; name: string }; result: QueryResult }[];
  /** Relations left out: beyond MAX_OVERVIEW_RELATIONS, or with an ambiguous name. */
  omitted: number;
}

/**
 * Everything a concept is related to: the relations stated on it or inherited from its ancestors,
 * each answered by the query service's own `SELECT ?o WHERE { "A" "r" ?o }`, so the lists are the
 * closure's, with sub-relations and inheritance applied. The dialect takes names, not IRIs, so a
 * relation whose name is ambiguous cannot be asked for this way and is left out (and counted).
 */
export async function relatedOverview(
  o: ServedOntology,
  subjectIri: string,
  subjectName: string,
): Promise<RelatedOverview> {
  const ix = o.handle.closure;
  const a = ix.id(subjectIri)!;
  const props = new Set<number>();
  for (const x of ix.ancestors(a)) for (const l of ix.links[x] ?? []) props.add(l.r);
  const sorted = [...props].sort((x, y) => ix.nameOf(x).localeCompare(ix.nameOf(y)) || ix.compareIri(x, y));
  const shown = sorted.slice(0, MAX_OVERVIEW_RELATIONS);
  const byRelation = [];
  let omitted = sorted.length - shown.length;
  for (const p of shown) {
    const result = await o.query.run(
      formatQuery({ form: 'select-fillers', subject: subjectName, relation: ix.nameOf(p) }),
    );
    if (result.form === 'error') {
      omitted++;
      continue;
    }
    byRelation.push({ relation: { iri: ix.iri(p), name: ix.nameOf(p) }, result });
  }
  return { subject: { iri: subjectIri, name: ix.nameOf(a) }, byRelation, omitted };
}

export function overviewText(v: RelatedOverview): string {
  if (!v.byRelation.length)
    return `${v.subject.name} states no relation to other concepts, and inherits none (its parents are listed by describe).`;
  const lines = v.byRelation.map((b) => `- ${b.result.observation}`);
  if (v.omitted) lines.push(`(${v.omitted} more relations not shown; ask for one with the "relation" argument)`);
  return `Relations of ${v.subject.name} (${v.byRelation.length}${v.omitted ? ` of ${v.byRelation.length + v.omitted}` : ''}):\n${lines.join('\n')}`;
}
