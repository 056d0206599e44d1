/**
 * Parse failures. The parser's stages throw a branded failure object which
 * `parseQuery` turns into `{ ok: false, error, hint }`; any other exception is
 * a bug and propagates.
 */
import { hintFor, type HintTopic } from './help';

export interface DialectFailure {
  /** What is wrong, in one sentence. */
  error: string;
  /** The right form(s) with a toy example. */
  hint: string;
}

const BRAND: unique symbol = Symbol('dialect-parse-failure');

interface ThrownFailure {
  [BRAND]: true;
  failure: DialectFailure;
}

/** Abort parsing with `error`; the hint is chosen by `topic`. */
export function fail(error: string, topic: HintTopic): never {
  const thrown: ThrownFailure = { [BRAND]: true, failure: { error, hint: hintFor(topic) } };
  throw thrown;
}

/** The failure carried by a value thrown by `fail`, or undefined for anything else. */
export function asFailure(thrown: unknown): DialectFailure | undefined {
  if (typeof thrown === 'object' && thrown !== null && BRAND in thrown) {
    return (thrown as ThrownFailure).failure;
  }
  return undefined;
}

/**
 * `text` as a short, safe, double-quoted snippet for an error message: cut to
 * `max` characters (never inside a surrogate pair) and JSON-escaped, so control
 * characters, quotes and line breaks show as escapes.
 */
export function snippet(text: string, max = 40): string {
  if (text.length <= max) return JSON.stringify(text);
  let cut = max;
  const last = text.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut -= 1;
  return JSON.stringify(text.slice(0, cut)) + '…';
}

/** `U+0007` style name of the code point at `index`. */
export function codePointLabel(text: string, index: number): string {
  const cp = text.codePointAt(index) ?? 0;
  return 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
}
