/**
 * Splits unwrapped query text into tokens in one left-to-right pass (no
 * regular expressions over the input, so the cost is linear in its length).
 *
 * Names are quoted strings:
 * - double quotes `"…"`, or curly `“…”` (any mix of `"“”` closes; `„` opens);
 * - single quotes `'…'` or `‘…’` as a tolerated slip (any of `'‘’` closes);
 * - escapes `\"`, `\'` and `\\`; any other backslash escape is an error;
 * - a name is trimmed; it must not be empty, hold control, bidi-override or
 *   invisible characters, line breaks, unpaired surrogates, or be an IRI.
 *   Emoji and other printable Unicode are kept verbatim.
 *
 * Tokens are read on demand (`createTokenStream`), so the parser reports the
 * first problem in reading order. Scanning stops at the first problem: an
 * unterminated string or IRI throws instead of being rescanned, which keeps
 * adversarial input linear.
 */
import { codePointLabel, fail, snippet } from './errors';

export type TokenKind = 'word' | 'string' | 'variable' | 'punct' | 'iri' | 'prefixed' | 'number' | 'end';

export type Punct = '{' | '}' | '(' | ')' | '.' | ';' | ',' | '*';

export interface Token {
  kind: TokenKind;
  /**
   * word/prefixed/number/iri: the text as written; string: the decoded, trimmed
   * name; variable: the name without `?`/`$`; punct: the character; end: ''.
   */
  value: string;
  /** Offset of the token in the tokenized text. */
  start: number;
}

export interface TokenizeOptions {
  maxNameLength: number;
}

const PUNCT = '{}().;,*';

/** Longest variable name accepted (variables are echoed in error messages). */
export const MAX_VARIABLE_LENGTH = 64;
const DOUBLE_OPENERS = '"“”„';
const DOUBLE_CLOSERS = '"“”';
const SINGLE_OPENERS = "'‘’‚";
const SINGLE_CLOSERS = "'’‘";

/** Whitespace between tokens (never inside a name, except plain spaces and non-breaking spaces). */
export function isSpace(code: number): boolean {
  return (
    code === 0x20 ||
    (code >= 0x09 && code <= 0x0d) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200b) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** C0/C1 control characters (including tab and line breaks). */
export function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

/**
 * Characters never allowed in a name: controls, line/paragraph separators,
 * bidi marks and overrides, zero-width space, BOM and non-characters.
 * Zero-width (non-)joiners stay allowed: emoji and some scripts need them.
 */
export function isForbiddenInName(code: number): boolean {
  return (
    isControl(code) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x200b ||
    code === 0x200e ||
    code === 0x200f ||
    code === 0x061c ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff ||
    code === 0xfffe ||
    code === 0xffff
  );
}

function isAsciiLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isWordStart(code: number): boolean {
  return isAsciiLetter(code) || code === 0x5f; /* _ */
}

function isWordPart(code: number): boolean {
  return isAsciiLetter(code) || isDigit(code) || code === 0x5f || code === 0x2d; /* _ - */
}

const NON_ASCII_WORD_START = /^\p{L}$/u;
const NON_ASCII_WORD_PART = /^[\p{L}\p{M}\p{N}]$/u;

/**
 * Length (1 or 2 UTF-16 units) of the letter at `i` when it can start
 * (`start`) or continue an unquoted word, else 0. Non-ASCII letters only make
 * better error messages ("Unquoted word café"); words are never valid names.
 */
function wordCharLength(text: string, i: number, start: boolean): number {
  const code = text.charCodeAt(i);
  if (code < 0x80) return (start ? isWordStart(code) : isWordPart(code)) ? 1 : 0;
  const cp = text.codePointAt(i) ?? code;
  const ch = String.fromCodePoint(cp);
  return (start ? NON_ASCII_WORD_START : NON_ASCII_WORD_PART).test(ch) ? ch.length : 0;
}

function isVariablePart(code: number): boolean {
  return isAsciiLetter(code) || isDigit(code) || code === 0x5f;
}

function isLocalNamePart(code: number): boolean {
  return isWordPart(code) || code === 0x2e /* . */ || code === 0x25; /* % */
}

/** Reads tokens on demand, so problems are reported in reading order. */
export interface TokenStream {
  /** The next token, without consuming it (an `end` token once the text is used up). */
  peek(): Token;
  /** The next token, consumed. */
  advance(): Token;
}

/** A token stream over `text`; reading a bad token throws a parse failure. */
export function createTokenStream(text: string, options: TokenizeOptions): TokenStream {
  let offset = 0;
  let buffered: Token | undefined;
  const peek = (): Token => {
    if (buffered === undefined) {
      const read = readToken(text, offset, options);
      buffered = read.token;
      offset = read.next;
    }
    return buffered;
  };
  return {
    peek,
    advance(): Token {
      const token = peek();
      if (token.kind !== 'end') buffered = undefined;
      return token;
    },
  };
}

/** All tokens of `text`, ending with one `end` token; throws a parse failure on bad input. */
export function tokenize(text: string, options: TokenizeOptions): Token[] {
  const stream = createTokenStream(text, options);
  const tokens: Token[] = [];
  for (;;) {
    const token = stream.advance();
    tokens.push(token);
    if (token.kind === 'end') return tokens;
  }
}

/** The token starting at or after `from` (after whitespace) and the offset just past it. */
export function readToken(text: string, from: number, options: TokenizeOptions): { token: Token; next: number } {
  const n = text.length;
  let i = from;
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  const start = i;
  if (i >= n) return { token: { kind: 'end', value: '', start: n }, next: n };
  const code = text.charCodeAt(i);
  const ch = text.charAt(i);
  const token = (kind: TokenKind, value: string, next: number): { token: Token; next: number } => ({
    token: { kind, value, start },
    next,
  });

  if (DOUBLE_OPENERS.includes(ch) || SINGLE_OPENERS.includes(ch)) {
    const closers = DOUBLE_OPENERS.includes(ch) ? DOUBLE_CLOSERS : SINGLE_CLOSERS;
    const { value, next } = readName(text, i + 1, closers, options.maxNameLength);
    return token('string', value, next);
  }
  if (PUNCT.includes(ch)) return token('punct', ch, i + 1);
  if (ch === '?' || ch === '$') {
    let j = i + 1;
    while (j < n && isVariablePart(text.charCodeAt(j))) j++;
    if (j === i + 1) fail(`A variable needs a name after "${ch}", such as ?x.`, 'select');
    if (j - i - 1 > MAX_VARIABLE_LENGTH) {
      fail(`A variable name is longer than ${MAX_VARIABLE_LENGTH} characters; use a short one such as ?x.`, 'select');
    }
    return token('variable', text.slice(i + 1, j), j);
  }
  const wordStart = wordCharLength(text, i, true);
  if (wordStart > 0) {
    let j = i + wordStart;
    while (j < n) {
      const step = wordCharLength(text, j, false);
      if (step === 0) break;
      j += step;
    }
    if (j < n && text.charCodeAt(j) === 0x3a /* : */) {
      const end = readLocalName(text, j + 1);
      return token('prefixed', text.slice(i, end), end);
    }
    return token('word', text.slice(i, j), j);
  }
  if (ch === ':') {
    const j = readLocalName(text, i + 1);
    if (j === i + 1) fail('Unexpected ":" outside a name; names go in double quotes.', 'names');
    return token('prefixed', text.slice(i, j), j);
  }
  if (isDigit(code)) {
    let j = i + 1;
    while (j < n && (isWordPart(text.charCodeAt(j)) || text.charCodeAt(j) === 0x2e)) j++;
    return token('number', text.slice(i, j), j);
  }
  if (ch === '<') {
    const j = findIriEnd(text, i + 1);
    if (j < 0) fail('Unexpected "<": comparisons and IRIs are not supported; names go in double quotes.', 'names');
    return token('iri', text.slice(i, j + 1), j + 1);
  }
  return failOnCharacter(text, i);
}

function failOnCharacter(text: string, i: number): never {
  const code = text.charCodeAt(i);
  const ch = text.charAt(i);
  if (code === 0) fail('The query contains a NUL character (U+0000).', 'general');
  if (isControl(code)) fail(`The query contains the control character ${codePointLabel(text, i)}.`, 'general');
  if (ch === '`') fail('Unbalanced backtick or code fence; send the query without backticks.', 'general');
  if (ch === '#') fail('Comments ("#") are not supported; send only the query.', 'general');
  if (ch === '@' || ch === '^') {
    fail(
      `Unexpected "${ch}": language tags and datatypes are not used; write the plain name in double quotes.`,
      'names',
    );
  }
  if (ch === '\\') fail('Unexpected backslash outside a name.', 'general');
  const cp = text.codePointAt(i) ?? code;
  const shown = String.fromCodePoint(cp);
  fail(`Unexpected character ${snippet(shown)} (${codePointLabel(text, i)}) outside a quoted name.`, 'names');
}

function readLocalName(text: string, from: number): number {
  let j = from;
  while (j < text.length && isLocalNamePart(text.charCodeAt(j))) j++;
  // A final "." ends the triple, as in SPARQL.
  while (j > from && text.charCodeAt(j - 1) === 0x2e) j--;
  return j;
}

/** Index of the ">" closing an IRI opened before `from`, or -1 if the IRI is broken. */
function findIriEnd(text: string, from: number): number {
  for (let j = from; j < text.length; j++) {
    const code = text.charCodeAt(j);
    if (code === 0x3e /* > */) return j > from ? j : -1;
    if (isSpace(code) || code === 0x3c || code === 0x22 || code === 0x7b || code === 0x7d) return -1;
  }
  return -1;
}

/**
 * Reads a name starting just after its opening quote; returns the decoded,
 * trimmed name and the index after the closing quote.
 */
function readName(text: string, from: number, closers: string, maxNameLength: number): { value: string; next: number } {
  let value = '';
  let chunkStart = from;
  for (let j = from; j < text.length; j++) {
    const code = text.charCodeAt(j);
    const ch = text.charAt(j);
    if (closers.includes(ch)) {
      value += text.slice(chunkStart, j);
      return { value: checkName(value.trim()), next: j + 1 };
    }
    if (j - from >= maxNameLength) {
      fail(`A name is longer than the limit of ${maxNameLength} characters.`, 'names');
    }
    if (code === 0x5c /* \ */) {
      const escaped = text.charAt(j + 1);
      if (escaped === '') fail('A backslash at the end of the query has nothing to escape.', 'names');
      if (escaped !== '"' && escaped !== "'" && escaped !== '\\') {
        fail(`Unsupported escape ${snippet('\\' + escaped)} in a name; only \\", \\' and \\\\ are allowed.`, 'names');
      }
      value += text.slice(chunkStart, j) + escaped;
      j += 1;
      chunkStart = j + 1;
      continue;
    }
    if (code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029) {
      fail(
        `A line break inside the name starting ${snippet(text.slice(from, j), 30)}; is a closing quote missing?`,
        'names',
      );
    }
    if (isForbiddenInName(code)) {
      const after = j > from ? ` after ${snippet(text.slice(from, j), 30)}` : '';
      fail(`A name contains the control or invisible character ${codePointLabel(text, j)}${after}.`, 'names');
    }
    if (code >= 0xd800 && code <= 0xdfff) {
      const pairOk =
        code <= 0xdbff && j + 1 < text.length && text.charCodeAt(j + 1) >= 0xdc00 && text.charCodeAt(j + 1) <= 0xdfff;
      if (!pairOk) fail('A name contains a malformed character (an unpaired UTF-16 surrogate).', 'names');
      j += 1;
    }
  }
  const rest = text.slice(from);
  fail(
    rest.trim() === ''
      ? 'Unclosed quote: a quote at the end of the query is never closed.'
      : `Unclosed quote: the name starting ${snippet(rest, 30)} has no closing quote.`,
    'names',
  );
}

/** Rejects empty names and names that are IRIs (`<…>`, `http://…`, `urn:…` without spaces). */
function checkName(name: string): string {
  if (name === '') fail('Empty name: every name needs some text between its quotes.', 'names');
  const looksLikeIri =
    (name.startsWith('<') && name.endsWith('>')) || (/^(?:https?:\/\/|urn:)/i.test(name) && !/\s/.test(name));
  if (looksLikeIri) {
    fail(`${snippet(name)} is an IRI; write the concept's name in double quotes instead.`, 'names');
  }
  return name;
}
