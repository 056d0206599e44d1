/**
 * Peels the packaging LLMs put around a query, layer by layer, before it is
 * tokenized:
 *
 * - an `Action:` label;
 * - trailing semicolons (`DESCRIBE "x";`);
 * - a code fence (```` ```sparql ... ``` ````, language tag optional);
 * - inline backticks (`` `DESCRIBE "x"` ``);
 * - a `query(...)` call (any case);
 * - a string literal holding the whole query (`"DESCRIBE \"x\""`, `'...'`,
 *   `"""..."""`, smart quotes), recognised only when its content starts with a
 *   query keyword. JSON/JS escapes inside an ASCII-quoted literal are decoded.
 *
 * Layers nest in any order (`Action: query("...")`), up to MAX_LAYERS deep.
 * Nothing here inspects the query itself; whatever is left over is a
 * tokenizer error. Every step is a constant number of linear passes.
 */

export const MAX_LAYERS = 8;

const ACTION_LABEL = /action[ \t]*:/iy;
const QUERY_CALL = /query[ \t]*\(/iy;
const STARTS_WITH_KEYWORD = /\s*(?:describe|ask|select|explain)(?![A-Za-z0-9_])/iy;
const FENCE_TAG = /[A-Za-z0-9_+-]+/y;

const DOUBLE_WRAPPERS = '"“”„';
const DOUBLE_CLOSERS = '"“”';
const SINGLE_WRAPPERS = "'‘’‚";
const SINGLE_CLOSERS = "'’‘";

/** The query text inside all recognised wrappers, trimmed. */
export function unwrapQuery(raw: string): string {
  let text = raw.trim();
  for (let layer = 0; layer < MAX_LAYERS; layer++) {
    const peeled = peelLayer(text);
    if (peeled === undefined) break;
    text = peeled.trim();
  }
  return text;
}

/** Removes one outer layer from trimmed `text`, or returns undefined if there is none. */
export function peelLayer(text: string): string | undefined {
  return (
    stripActionLabel(text) ??
    stripTrailingSemicolons(text) ??
    stripFence(text) ??
    stripBackticks(text) ??
    stripQueryCall(text) ??
    stripStringLiteral(text)
  );
}

function matchAtStart(pattern: RegExp, text: string): string | undefined {
  pattern.lastIndex = 0;
  const match = pattern.exec(text);
  return match ? match[0] : undefined;
}

function stripActionLabel(text: string): string | undefined {
  const label = matchAtStart(ACTION_LABEL, text);
  return label === undefined ? undefined : text.slice(label.length);
}

function stripTrailingSemicolons(text: string): string | undefined {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x3b /* ; */) end--;
  return end === text.length ? undefined : text.slice(0, end);
}

function stripFence(text: string): string | undefined {
  if (text.length < 6 || !text.startsWith('```') || !text.endsWith('```')) return undefined;
  const inner = text.slice(3, -3);
  const tag = matchAtStart(FENCE_TAG, inner);
  if (tag === undefined) return inner;
  const after = inner.charAt(tag.length);
  const tagIsLanguage = (after === '' || /\s/.test(after)) && !isQueryKeyword(tag);
  return tagIsLanguage ? inner.slice(tag.length) : inner;
}

function stripBackticks(text: string): string | undefined {
  if (text.length < 2 || !text.startsWith('`') || !text.endsWith('`')) return undefined;
  return text.slice(1, -1);
}

function stripQueryCall(text: string): string | undefined {
  if (!text.endsWith(')')) return undefined;
  const opener = matchAtStart(QUERY_CALL, text);
  return opener === undefined ? undefined : text.slice(opener.length, -1);
}

function stripStringLiteral(text: string): string | undefined {
  if (text.length < 2) return undefined;
  let inner: string;
  let ascii: boolean;
  if (
    text.length >= 6 &&
    ((text.startsWith('"""') && text.endsWith('"""')) || (text.startsWith("'''") && text.endsWith("'''")))
  ) {
    inner = text.slice(3, -3);
    ascii = true;
  } else {
    const first = text.charAt(0);
    const last = text.charAt(text.length - 1);
    const double = DOUBLE_WRAPPERS.includes(first) && DOUBLE_CLOSERS.includes(last);
    const single = SINGLE_WRAPPERS.includes(first) && SINGLE_CLOSERS.includes(last);
    if (!double && !single) return undefined;
    inner = text.slice(1, -1);
    ascii = first === '"' || first === "'";
  }
  if (matchAtStart(STARTS_WITH_KEYWORD, inner) === undefined) return undefined;
  return ascii && inner.includes('\\') ? decodeLiteralEscapes(inner) : inner;
}

function isQueryKeyword(word: string): boolean {
  const upper = word.toUpperCase();
  return upper === 'DESCRIBE' || upper === 'ASK' || upper === 'SELECT' || upper === 'EXPLAIN';
}

const LITERAL_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\',
  '"': '"',
  "'": "'",
  n: '\n',
  r: '\r',
  t: '\t',
};

/**
 * Decodes the escapes of a string literal that wrapped a whole query
 * (`\\`, `\"`, `\'`, `\n`, `\r`, `\t`); any other backslash is kept as written.
 */
export function decodeLiteralEscapes(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) !== 0x5c /* \ */ || i + 1 >= text.length) continue;
    const decoded = LITERAL_ESCAPES[text.charAt(i + 1)];
    if (decoded === undefined) continue;
    out += text.slice(from, i) + decoded;
    i += 1;
    from = i + 1;
  }
  return out + text.slice(from);
}
