/**
 * The abstract syntax of the query dialect the agent uses as its only tool.
 *
 * Every concept and relation appears as the exact text the model wrote between
 * quotes (trimmed of outer whitespace, escapes decoded). Nothing here is
 * linked to the ontology yet: name linking happens later, on these strings.
 */

/** The query forms the dialect knows, one per AST variant. */
export type DialectForm = 'describe' | 'ask' | 'select-subjects' | 'select-fillers' | 'select-relations' | 'explain';

export const DIALECT_FORMS: readonly DialectForm[] = [
  'describe',
  'ask',
  'select-subjects',
  'select-fillers',
  'select-relations',
  'explain',
];

/** `DESCRIBE "name"`: the concept card of one concept. */
export interface DescribeQuery {
  form: 'describe';
  name: string;
}

/**
 * `ASK { "A" "r" "B" }`: is A ⊑ ∃r.B (or A ⊑ B when `relation` is a subclass
 * relation, see `isSubclassRelation`) entailed? `relation` keeps the raw text.
 */
export interface AskQuery {
  form: 'ask';
  subject: string;
  relation: string;
  filler: string;
}

/** `EXPLAIN { "A" "r" "B" }`: the same statement as ASK, asking why it holds. */
export interface ExplainQuery {
  form: 'explain';
  subject: string;
  relation: string;
  filler: string;
}

/** One `?x "relation" "filler"` condition of a subject search. */
export interface Condition {
  relation: string;
  filler: string;
}

/**
 * `SELECT ?x WHERE { ?x "r1" "B1" . ?x "r2" "B2" }`: the concepts meeting
 * every condition. `variable` is the name without its sigil (`x` for `?x`).
 * `values`, when present, restricts the answer to these candidates
 * (`VALUES ?x { "n1" "n2" }`), duplicates removed, order kept.
 */
export interface SelectSubjectsQuery {
  form: 'select-subjects';
  variable: string;
  conditions: Condition[];
  values?: string[];
}

/** `SELECT ?o WHERE { "A" "r" ?o }`: the fillers B with A ⊑ ∃r.B. */
export interface SelectFillersQuery {
  form: 'select-fillers';
  subject: string;
  relation: string;
}

/** `SELECT ?r WHERE { "A" ?r "B" }`: the relations r with A ⊑ ∃r.B. */
export interface SelectRelationsQuery {
  form: 'select-relations';
  subject: string;
  filler: string;
}

export type DialectQuery =
  DescribeQuery | AskQuery | ExplainQuery | SelectSubjectsQuery | SelectFillersQuery | SelectRelationsQuery;

/** What `parseQuery` returns: the query and its canonical text, or a repair note. */
export type ParseResult =
  { ok: true; query: DialectQuery; normalized: string } | { ok: false; error: string; hint: string };

export function isDialectForm(value: unknown): value is DialectForm {
  return typeof value === 'string' && (DIALECT_FORMS as readonly string[]).includes(value);
}
