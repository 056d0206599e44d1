/**
 * The canonical text of a query, used in observations and as `normalized`.
 * Parsing the output gives back the same query (round trip):
 *
 *   DESCRIBE "name"
 *   ASK { "A" "r" "B" }            EXPLAIN { "A" "r" "B" }
 *   SELECT ?x WHERE { VALUES ?x { "n1" "n2" } ?x "r1" "B1" . ?x "r2" "B2" }
 *   SELECT ?o WHERE { "A" "r" ?o }  SELECT ?r WHERE { "A" ?r "B" }
 */
import type { DialectQuery } from './ast';

/** `name` in double quotes, with `"` and `\` escaped by a backslash. */
export function quoteName(name: string): string {
  return '"' + name.replace(/["\\]/g, (c) => '\\' + c) + '"';
}

export function formatQuery(query: DialectQuery): string {
  switch (query.form) {
    case 'describe':
      return `DESCRIBE ${quoteName(query.name)}`;
    case 'ask':
    case 'explain':
      return `${query.form.toUpperCase()} { ${quoteName(query.subject)} ${quoteName(query.relation)} ${quoteName(query.filler)} }`;
    case 'select-subjects': {
      const v = `?${query.variable}`;
      const parts: string[] = [];
      if (query.values !== undefined) parts.push(`VALUES ${v} { ${query.values.map(quoteName).join(' ')} }`);
      parts.push(query.conditions.map((c) => `${v} ${quoteName(c.relation)} ${quoteName(c.filler)}`).join(' . '));
      return `SELECT ${v} WHERE { ${parts.join(' ')} }`;
    }
    case 'select-fillers':
      return `SELECT ?o WHERE { ${quoteName(query.subject)} ${quoteName(query.relation)} ?o }`;
    case 'select-relations':
      return `SELECT ?r WHERE { ${quoteName(query.subject)} ?r ${quoteName(query.filler)} }`;
  }
}
