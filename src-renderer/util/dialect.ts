/** Building dialect queries from names shown in the UI. */

/** A name as a dialect string literal: double quotes, with `\` and `"` escaped. */
export function quoteName(name: string): string {
  return `"${name.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** `EXPLAIN { "A" "r" "B" }`; pass "is a" as the relation for a parent. */
export function explainQuery(subject: string, relation: string, filler: string): string {
  return `EXPLAIN { ${quoteName(subject)} ${quoteName(relation)} ${quoteName(filler)} }`;
}

export const DIALECT_EXAMPLES = [
  'DESCRIBE "heart disease"',
  'ASK { "viral myocarditis" "is a" "heart disease" }',
  'SELECT ?x WHERE { ?x "finding site" "heart valve" }',
  'SELECT ?o WHERE { "viral myocarditis" "causative agent" ?o }',
  'EXPLAIN { "viral myocarditis" "is a" "heart disease" }',
];

export const SPARQL_EXAMPLE = `PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?c ?label WHERE {
  ?c rdfs:label ?label .
} LIMIT 20`;
