import { UserError } from '../../../core/errors';
import { CLOSURE_PREFIXES } from './sparql-prefixes';

/**
 * A parse error from Oxigraph as sentences a person can act on. Oxigraph says
 * `error at L:C: expected one of …`: L:C is where its parser gave up, often the end of the query, and
 * the list of alternatives is long and rarely what was meant, so only the position, the text before it
 * and the two cases it names reliably (an undeclared prefix, a message of its own) are kept.
 * `addedLines` are the lines put before the user's text (the predeclared prefixes).
 */
export function sparqlSyntaxError(raw: string, query: string, addedLines: number): UserError {
  const m = /^error at (\d+):(\d+): ([\s\S]*)$/.exec(raw.trim());
  if (!m) return new UserError('sparql-syntax', `The SPARQL query could not be run: ${sentence(raw)}`);
  const line = Number(m[1]) - addedLines;
  const column = Number(m[2]);
  const expected = m[3];
  const before = textBefore(query, line, column);
  const where = line >= 1 ? `at line ${line}, column ${column}` : 'in its first line';
  const after = before ? ` (after “${before}”)` : '';
  const prefixed = /Prefix not found/.test(expected) ? /([A-Za-z][\w.-]*)?:[^\s:]*$/.exec(before) : null;
  if (prefixed) {
    const prefix = prefixed[1] ?? '';
    const known = CLOSURE_PREFIXES.map((p) => p.prefix).join(', ');
    return new UserError(
      'sparql-syntax',
      `The SPARQL query uses the prefix “${prefix}:” without declaring it ${where}. Add a line PREFIX ${prefix}: <…> at the top; ${known} are declared already.`,
    );
  }
  // Oxigraph puts some explanations of its own among the alternatives ("The SELECT contains a variable that is unbound").
  const own = expected
    .replace(/^expected one of\s*/, '')
    .split(/,\s*/)
    .map((s) => s.trim())
    .find((s) => /^[A-Z][A-Za-z]*( [A-Za-z]+){3,}$/.test(s));
  if (own) return new UserError('sparql-syntax', `The SPARQL query is not valid ${where}${after}: ${sentence(own)}`);
  return new UserError(
    'sparql-syntax',
    `The SPARQL query could not be parsed: the parser stopped ${where}${after}. Check the brackets, dots and keywords up to there.`,
  );
}

/** Up to 40 characters of the query before line:column (1-based), on one line. */
function textBefore(query: string, line: number, column: number): string {
  if (line < 1) return '';
  const lines = query.split('\n');
  const upTo = [...lines.slice(0, line - 1), (lines[line - 1] ?? '').slice(0, Math.max(0, column - 1))].join(' ');
  const flat = upTo.replace(/\s+/g, ' ').trim();
  return flat.length > 40 ? `…${flat.slice(-40)}` : flat;
}

function sentence(s: string): string {
  const t = s.trim().replace(/\s+/g, ' ');
  const first = t.charAt(0).toLowerCase() + t.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}
