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
 * Scanning stops at the first problem: an unterminated string or IRI throws
 * instead of being rescanned, which keeps adversarial input linear.
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

function isVariablePart(code: number): boolean {
  return isAsciiLetter(code) || isDigit(code) || code === 0x5f;
}

function isLocalNamePart(code: number): boolean {
  return isWordPart(code) || code === 0x2e /* . */ || code === 0x25; /* % */
}

/** Tokens of `text`, always ending with one `end` token; throws a parse failure on bad input. */
export function tokenize(text: string, options: TokenizeOptions): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const code = text.charCodeAt(i);
    if (isSpace(code)) {
      i++;
      continue;
    }
    const ch = text.charAt(i);
    const start = i;

    if (DOUBLE_OPENERS.includes(ch) || SINGLE_OPENERS.includes(ch)) {
      const closers = DOUBLE_OPENERS.includes(ch) ? DOUBLE_CLOSERS : SINGLE_CLOSERS;
      const { value, next } = readName(text, i + 1, closers, options.maxNameLength);
      tokens.push({ kind: 'string', value, start });
      i = next;
      continue;
    }
    if (PUNCT.includes(ch)) {
      tokens.push({ kind: 'punct', value: ch, start });
      i++;
      continue;
    }
    if (ch === '?' || ch === '$') {
      let j = i + 1;
      while (j < n && isVariablePart(text.charCodeAt(j))) j++;
      if (j === i + 1) {
        fail(`A variable needs a name after "${ch}", such as ?x.`, 'select');
      }
      tokens.push({ kind: 'variable', value: text.slice(i + 1, j), start });
      i = j;
      continue;
    }
    if (isWordStart(code)) {
      let j = i + 1;
      while (j < n && isWordPart(text.charCodeAt(j))) j++;
      if (j < n && text.charCodeAt(j) === 0x3a /* : */) {
        j = readLocalName(text, j + 1);
        tokens.push({ kind: 'prefixed', value: text.slice(i, j), start });
      } else {
        tokens.push({ kind: 'word', value: text.slice(i, j), start });
      }
      i = j;
      continue;
    }
    if (ch === ':') {
      const j = readLocalName(text, i + 1);
      if (j === i + 1) fail('Unexpected ":" outside a name; names go in double quotes.', 'names');
      tokens.push({ kind: 'prefixed', value: text.slice(i, j), start });
      i = j;
      continue;
    }
    if (isDigit(code)) {
      let j = i + 1;
      while (j < n && (isWordPart(text.charCodeAt(j)) || text.charCodeAt(j) === 0x2e)) j++;
      tokens.push({ kind: 'number', value: text.slice(i, j), start });
      i = j;
      continue;
    }
    if (ch === '<') {
      const j = findIriEnd(text, i + 1);
      if (j < 0) fail('Unexpected "<": comparisons and IRIs are not supported; names go in double quotes.', 'names');
      tokens.push({ kind: 'iri', value: text.slice(i, j + 1), start });
      i = j + 1;
      continue;
    }
    failOnCharacter(text, i);
  }
  tokens.push({ kind: 'end', value: '', start: n });
  return tokens;
}

function failOnCharacter(text: string, i: number): never {
  const code = text.charCodeAt(i);
  const ch = text.charAt(i);
  if (code === 0) fail('The query contains a NUL character (U+0000).', 'general');
  if (isControl(code)) fail(`The query contains the control character ${codePointLabel(text, i)}.`, 'general');
  if (ch === '`') fail('Unbalanced backtick or code fence; send the query without backticks.', 'general');
  if (ch === '#') fail('Comments ("#") are not supported; send only the query.', 'general');
  if (ch === '@' || ch === '^') {
    fail(`Unexpected "${ch}": language tags and datatypes are not used; write the plain name in double quotes.`, 'names');
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
function readName(
  text: string,
  from: number,
  closers: string,
  maxNameLength: number,
): { value: string; next: number } {
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
      if (escaped !== '"' && escaped !== "'" && escaped !== '\\') {
        const shown = escaped === '' ? 'at the end of the query' : snippet('\\' + escaped);
        fail(`Unsupported escape ${shown} in a name; only \\", \\' and \\\\ are allowed.`, 'names');
      }
      value += text.slice(chunkStart, j) + escaped;
      j += 1;
      chunkStart = j + 1;
      continue;
    }
    if (code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029) {
      fail(`A line break inside the name starting ${snippet(text.slice(from, j), 30)}; is a closing quote missing?`, 'names');
    }
    if (isForbiddenInName(code)) {
      fail(`The name starting ${snippet(text.slice(from, j), 30)} contains the invisible or control character ${codePointLabel(text, j)}.`, 'names');
    }
    if (code >= 0xd800 && code <= 0xdfff) {
      const pairOk =
        code <= 0xdbff && j + 1 < text.length && text.charCodeAt(j + 1) >= 0xdc00 && text.charCodeAt(j + 1) <= 0xdfff;
      if (!pairOk) fail('A name contains a malformed character (an unpaired UTF-16 surrogate).', 'names');
      j += 1;
    }
  }
  fail(`Unclosed quote: the name starting ${snippet(text.slice(from), 30)} has no closing quote.`, 'names');
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
