/**
 * The messages for a token that has no place where it stands. Keywords of full SPARQL get their own
 * explanation and hint, so a model that writes SPARQL learns what the dialect does instead.
 */
import { fail, snippet } from './errors';
import type { HintTopic } from './help';
import type { Token } from './tokenize';

export const UPDATE_KEYWORDS = new Set([
  'INSERT',
  'DELETE',
  'DROP',
  'LOAD',
  'CLEAR',
  'CREATE',
  'COPY',
  'MOVE',
  'ADD',
  'WITH',
  'USING',
]);
export const PATTERN_KEYWORDS = new Set([
  'FILTER',
  'OPTIONAL',
  'UNION',
  'MINUS',
  'BIND',
  'SERVICE',
  'GRAPH',
  'NOT',
  'EXISTS',
]);
export const MODIFIER_KEYWORDS = new Set(['LIMIT', 'OFFSET', 'ORDER', 'GROUP', 'HAVING', 'FROM', 'NAMED', 'BY']);
const FORM_KEYWORDS = new Set(['DESCRIBE', 'ASK', 'SELECT', 'EXPLAIN', 'CONSTRUCT']);

/** How a token reads in an error message. */
export function describeToken(token: Token): string {
  switch (token.kind) {
    case 'string':
      return `name ${snippet(token.value)}`;
    case 'variable':
      return `variable ?${token.value}`;
    case 'punct':
      return `"${token.value}"`;
    case 'end':
      return 'end of the query';
    case 'word':
      return `word ${snippet(token.value)}`;
    default:
      return snippet(token.value);
  }
}

/**
 * The error for a token that has no place where it stands. Keywords of full
 * SPARQL get their own explanation; `where` completes "Unexpected X …".
 */
export function unexpectedToken(token: Token, where: string): string {
  if (token.kind === 'word') {
    const upper = token.value.toUpperCase();
    if (UPDATE_KEYWORDS.has(upper)) return `${upper} is a SPARQL Update keyword; the ontology tool is read-only.`;
    if (PATTERN_KEYWORDS.has(upper)) {
      return `${upper} is not supported; write plain conditions separated by "." (all of them must hold).`;
    }
    if (MODIFIER_KEYWORDS.has(upper)) return `${upper} is not supported; the query returns all matching concepts.`;
    if (upper === 'PREFIX' || upper === 'BASE')
      return `${upper} declarations are not used; write names in double quotes.`;
    if (upper === 'VALUES') return `VALUES is only allowed in SELECT ?x queries whose conditions all start with ?x.`;
    if (upper === 'UNDEF') return 'UNDEF is not supported; list quoted names only.';
    if (upper === 'WHERE') return `Unexpected WHERE ${where}.`;
    if (token.value === 'a') return 'The shorthand a is not supported; write the relation "is a" in double quotes.';
    if (FORM_KEYWORDS.has(upper)) return `Unexpected ${upper} ${where}; send one query per call, without subqueries.`;
    return `Unquoted word ${snippet(token.value)} ${where}; write every name in double quotes, like "coffee drink".`;
  }
  if (token.kind === 'iri')
    return `IRIs such as ${snippet(token.value)} are not supported; write the concept's name in double quotes.`;
  if (token.kind === 'prefixed') {
    return `Prefixed names such as ${snippet(token.value)} are not supported; write the name in double quotes.`;
  }
  if (token.kind === 'number') return `Unexpected number ${snippet(token.value)} ${where}.`;
  if (token.kind === 'end') return `The query ends unexpectedly ${where}.`;
  return `Unexpected ${describeToken(token)} ${where}.`;
}

/** The hint topic for an unexpected keyword, or `fallback`. */
export function topicFor(token: Token, fallback: HintTopic): HintTopic {
  if (token.kind === 'word') {
    const upper = token.value.toUpperCase();
    if (UPDATE_KEYWORDS.has(upper) || PATTERN_KEYWORDS.has(upper) || MODIFIER_KEYWORDS.has(upper)) return 'general';
    if (token.value === 'a') return 'names';
  }
  if (token.kind === 'iri' || token.kind === 'prefixed') return 'names';
  return fallback;
}

/** Fails with the message for `token`, which has no place where it stands. */
export function failAt(token: Token, where: string, topic: HintTopic): never {
  return fail(unexpectedToken(token, where), topicFor(token, topic));
}
