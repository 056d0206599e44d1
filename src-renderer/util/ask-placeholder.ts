import type { QueryExamples } from '../../src-main/api/contract';

/**
 * The Ask box's example question, built from the open ontology (a link A ⊑ ∃r.B of its closure, as the
 * query console's examples are), so it never speaks of another ontology's classes.
 */
export function askPlaceholder(ex: QueryExamples | null, ontologyName: string | null): string {
  const s = ex?.subject?.name;
  const r = ex?.relation?.name;
  if (s && r) return `e.g. Which concepts is every ${s} related to by ${r}?`;
  if (s) return `e.g. What kind of thing is ${s}?`;
  return ontologyName ? `Write a question about ${ontologyName}.` : 'Write a question about the open ontology.';
}
