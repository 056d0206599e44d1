/**
 * The grammar: turns tokens into a DialectQuery, or fails with a one-sentence
 * error and a hint. Recursive descent over the token array, one token of
 * lookahead over a lazy token stream, so linear in the input length. This
 * file reads the form; each form's rule has its own parse-*.ts.
 *
 *   query    := DESCRIBE name
 *             | (ASK | EXPLAIN) [WHERE] group            -- one ground triple
 *             | SELECT [DISTINCT|REDUCED] var [values] [WHERE] group [values]
 *   group    := "{" ( triple | values )* "}"
 *   triple   := term term term ( "," term | ";" term term )* ["." | ";"]
 *   values   := VALUES var "{" ( name [","] )+ "}"
 *   term     := name | var
 *
 * Deliberate tolerances (documented in index.ts): lower-case keywords,
 * DISTINCT/REDUCED, a missing WHERE, a missing "." between or after
 * conditions, ";" used instead of "." when the same subject is repeated,
 * SPARQL's ";" and "," shorthands, commas between VALUES names, and VALUES
 * before, inside or after the WHERE braces.
 */
import type { DialectQuery } from './ast';
import { Cursor } from './cursor';
import { fail, snippet } from './errors';
import type { DialectLimits } from './limits';
import { parseDescribe } from './parse-describe';
import { parseSelect } from './parse-select';
import { parseStatement } from './parse-statement';
import type { TokenStream } from './tokenize';
import { failAt, MODIFIER_KEYWORDS, PATTERN_KEYWORDS, UPDATE_KEYWORDS } from './unexpected-token';

/** Parses the tokens of one query into a DialectQuery. */
export function parseTokens(tokens: TokenStream, limits: DialectLimits): DialectQuery {
  const c = new Cursor(tokens, limits);
  const first = c.peek();
  if (first.kind === 'end') fail('The query is empty.', 'general');
  if (first.kind === 'string') {
    fail(`A query starts with DESCRIBE, ASK, SELECT or EXPLAIN, not with the name ${snippet(first.value)}.`, 'general');
  }
  if (first.kind === 'prefixed' && first.value.endsWith(':')) {
    fail(
      `The text starts with the label ${snippet(first.value)}; send only the query (an "Action:" label is fine).`,
      'general',
    );
  }
  if (first.kind !== 'word') failAt(first, 'at the start of the query', 'general');
  c.advance();
  switch (first.value.toUpperCase()) {
    case 'DESCRIBE':
      return parseDescribe(c);
    case 'ASK':
      return parseStatement(c, 'ask');
    case 'EXPLAIN':
      return parseStatement(c, 'explain');
    case 'SELECT':
      return parseSelect(c);
    case 'QUERY':
      return fail(
        'The query(...) wrapper is unbalanced; write query(<query>) with one closing parenthesis.',
        'general',
      );
    case 'CONSTRUCT':
      return fail('CONSTRUCT is not supported; use DESCRIBE, ASK, SELECT or EXPLAIN.', 'general');
    default: {
      const upper = first.value.toUpperCase();
      if (
        UPDATE_KEYWORDS.has(upper) ||
        PATTERN_KEYWORDS.has(upper) ||
        MODIFIER_KEYWORDS.has(upper) ||
        upper === 'PREFIX' ||
        upper === 'BASE' ||
        upper === 'VALUES' ||
        upper === 'WHERE' ||
        upper === 'UNDEF'
      ) {
        return failAt(first, 'at the start of the query', 'general');
      }
      return fail(
        `Unknown query form ${snippet(first.value)}; a query starts with DESCRIBE, ASK, SELECT or EXPLAIN.`,
        'general',
      );
    }
  }
}
