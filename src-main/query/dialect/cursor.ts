import { fail } from './errors';
import type { HintTopic } from './help';
import type { DialectLimits } from './limits';
import type { Token, TokenStream } from './tokenize';
import { failAt } from './unexpected-token';

export const isPunct = (token: Token, value: string): boolean => token.kind === 'punct' && token.value === value;

export const isKeyword = (token: Token, upper: string): boolean =>
  token.kind === 'word' && token.value.toUpperCase() === upper;

/** The grammar's place in one query's tokens (one token of lookahead), with the limits it enforces. */
export class Cursor {
  constructor(
    private readonly tokens: TokenStream,
    readonly limits: DialectLimits,
  ) {}

  peek(): Token {
    return this.tokens.peek();
  }

  advance(): Token {
    return this.tokens.advance();
  }

  /** Fails unless the query ends here. */
  expectEnd(form: string, topic: HintTopic): void {
    const token = this.peek();
    if (token.kind === 'end') return;
    if (isPunct(token, '}')) fail(`Unbalanced braces: an extra "}" follows the ${form} query.`, topic);
    failAt(token, `after the end of the ${form} query`, topic);
  }
}
