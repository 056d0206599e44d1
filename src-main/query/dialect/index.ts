/**
 * The query dialect: the small, SPARQL-like language the agent's one tool
 * accepts. Concepts and relations are exact names in double quotes; there are
 * no IRIs. `parseQuery` turns the model's text into a DialectQuery or into a
 * one-sentence error with a hint showing the right form.
 *
 * Tolerated slips (each parses to the same query as the clean form):
 * - wrappers: an `Action:` label, `query(...)`, a string literal around the
 *   whole query (`query("DESCRIBE \"x\"")`), backticks, ```` ```sparql ```` fences;
 * - trailing semicolons after the query;
 * - lower/mixed-case keywords, any whitespace and line breaks between tokens;
 * - single quotes or curly quotes (“ ” ‘ ’) around names;
 * - SELECT DISTINCT/REDUCED, a missing WHERE keyword, any variable name (?x, ?item, $x);
 * - a missing "." after the last condition or between conditions (a condition
 *   always has exactly three parts, so the split is unambiguous);
 * - ";" between conditions: `?x "r1" "B1" ; ?x "r2" "B2"` (";" followed by the
 *   same subject is read as "."), and SPARQL's own shorthands
 *   `?x "r1" "B1" ; "r2" "B2"` and `?x "r" "B1" , "B2"` (same subject/relation);
 * - VALUES before WHERE, inside the braces or after them; commas between its names.
 *
 * Never guessed (these are errors): unquoted words, IRIs, prefixed names, the
 * `a` shorthand, FILTER/OPTIONAL/UNION etc., SPARQL Update, nested braces,
 * several queries, unknown escapes, control characters in the query, line
 * breaks or invisible characters inside names. Emoji inside names are kept.
 */
export type {
  AskQuery,
  Condition,
  DescribeQuery,
  DialectForm,
  DialectQuery,
  ExplainQuery,
  ParseResult,
  SelectFillersQuery,
  SelectRelationsQuery,
  SelectSubjectsQuery,
} from './ast';
export { DIALECT_FORMS, isDialectForm } from './ast';
export { DEFAULT_DIALECT_LIMITS, resolveLimits, type DialectLimits } from './limits';
export { DIALECT_HELP, FORM_EXAMPLES, hintFor, type HintTopic } from './help';
export { formatQuery, quoteName } from './format';
export { isSubclassRelation, normalizeRelationText } from './relations';
export { queryNames, type QueryNames } from './names';
export { parseQuery } from './parse-query';
