/**
 * The parser's entry point: limits → unwrap → tokenize → grammar → canonical text.
 * Never throws for any input string (only for an invalid `limits` argument).
 */
import type { ParseResult } from './ast';
import { asFailure, fail } from './errors';
import { formatQuery } from './format';
import { resolveLimits, type DialectLimits } from './limits';
import { parseTokens } from './parse';
import { createTokenStream } from './tokenize';
import { unwrapQuery } from './unwrap';

export function parseQuery(input: string, limits?: Partial<DialectLimits>): ParseResult {
  const resolved = resolveLimits(limits);
  try {
    if (typeof input !== 'string') fail('The query must be text.', 'general');
    if (input.length > resolved.maxQueryLength) {
      fail(`The query is too long (${input.length} characters; the limit is ${resolved.maxQueryLength}).`, 'general');
    }
    const text = unwrapQuery(input);
    if (text === '') fail('The query is empty.', 'general');
    const query = parseTokens(createTokenStream(text, resolved), resolved);
    return { ok: true, query, normalized: formatQuery(query) };
  } catch (thrown) {
    const failure = asFailure(thrown);
    if (failure === undefined) throw thrown;
    return { ok: false, error: failure.error, hint: failure.hint };
  }
}
