import type * as oxigraph from 'oxigraph';
import { UserError } from '../../../core/errors';
import type { SparqlKind, SparqlResult } from './sparql-types';
import { sparqlSyntaxError } from './sparql-errors';
import { withClosurePrefixes } from './sparql-prefixes';
export type { SparqlKind, SparqlResult } from './sparql-types';

const UPDATE =
  /\b(INSERT|DELETE|LOAD|CLEAR|CREATE|DROP|COPY|MOVE|ADD)\b(\s+(DATA|WHERE|SILENT|GRAPH|DEFAULT|ALL|NAMED|\{|<))/i;
const FORM = /^\s*(?:(?:PREFIX\s+[^\s:]*:\s*<[^>]*>|BASE\s+<[^>]*>)\s*)*(SELECT|ASK|CONSTRUCT|DESCRIBE)\b/i;

function stripComments(q: string): string {
  // '#' starts a comment outside IRIs and strings; good enough to find the query form.
  return q.replace(
    /("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|<[^>\s]*>)|#[^\n]*/g,
    (m, keep: string | undefined) => keep ?? '',
  );
}

function term(t: oxigraph.Term): string {
  switch (t.termType) {
    case 'NamedNode':
      return t.value;
    case 'Literal':
      return t.value;
    case 'BlankNode':
      return `_:${t.value}`;
    default:
      return String(t.value);
  }
}

export interface CheckedSparql {
  kind: SparqlKind;
  /** The query without comments, which the row cap rewrites. */
  clean: string;
  /** Where the query form keyword starts in `clean` (after PREFIX/BASE lines). */
  formAt: number;
}

/** The checks that need no engine: length, updates refused, a known query form. */
export function checkSparql(query: string): CheckedSparql {
  if (query.length > 100_000)
    throw new UserError('sparql-too-long', 'The SPARQL query is longer than 100,000 characters.');
  const clean = stripComments(query);
  if (UPDATE.test(clean) && !FORM.test(clean)) {
    throw new UserError(
      'sparql-update',
      'Only read-only queries (SELECT, ASK, CONSTRUCT, DESCRIBE) are allowed; updates are refused.',
    );
  }
  const m = FORM.exec(clean);
  if (!m)
    throw new UserError(
      'sparql-form',
      'Start the query with SELECT, ASK, CONSTRUCT or DESCRIBE (PREFIX lines may come first).',
    );
  return { kind: m[1].toLowerCase() as SparqlKind, clean, formAt: m.index + m[0].length - m[1].length };
}

/**
 * A SELECT with a row cap the engine itself applies, so it stops producing solutions at the cap instead
 * of materialising every row first (Oxigraph's JS API has no streaming): the query becomes a sub-select
 * under `LIMIT`, and rows are solutions, so "more than the cap" stays exact. CONSTRUCT and DESCRIBE are
 * not rewritten (a solution limit would not say whether triples were cut off); the deadline and the
 * memory budget bound them. null when no rewrite applies.
 */
export function cappedQuery(c: CheckedSparql, limit: number): string | null {
  if (c.kind !== 'select') return null;
  if (/\bFROM\b/i.test(c.clean.slice(c.formAt).split('{', 1)[0])) return null; // a dataset clause cannot go in a sub-select
  return `${c.clean.slice(0, c.formAt)}SELECT * WHERE {\n${c.clean.slice(c.formAt)}\n} LIMIT ${limit}`;
}

/**
 * Read-only SPARQL 1.1 over the closure graph; updates are refused before they reach the engine.
 * Synchronous and unbounded in time: the web server and the CLI call it through SparqlRunner, which
 * runs it in a worker thread under a deadline.
 */
export function runSparql(store: oxigraph.Store, query: string, maxRows = 1000): SparqlResult {
  const prefixed = withClosurePrefixes(query, checkSparql(query).clean);
  const checked = checkSparql(prefixed.query);
  const { kind, clean } = checked;
  const capped = cappedQuery(checked, maxRows + 1);
  const syntaxError = (e: unknown) => sparqlSyntaxError((e as Error).message ?? String(e), query, prefixed.addedLines);
  let out;
  try {
    out = store.query(capped ?? prefixed.query);
  } catch (e) {
    if (capped === null) throw syntaxError(e);
    try {
      // The rewrite can clash with the query's own modifiers (a VALUES block after LIMIT); the original decides.
      out = store.query(prefixed.query);
    } catch (e2) {
      throw syntaxError(e2);
    }
  }
  if (typeof out === 'boolean')
    return { kind: 'ask', variables: [], rows: [], boolean: out, truncated: false, total: 0 };
  if (typeof out === 'string') throw new UserError('sparql-form', 'Unexpected serialized result.');
  const items = out as unknown[];
  const rows: Record<string, string>[] = [];
  const vars = new Set<string>();
  for (const item of items.slice(0, maxRows)) {
    if (item instanceof Map) {
      const row: Record<string, string> = {};
      for (const [k, v] of item as Map<string, oxigraph.Term>) {
        vars.add(k);
        row[k] = term(v);
      }
      rows.push(row);
    } else {
      const q = item as oxigraph.Quad;
      vars.add('subject').add('predicate').add('object');
      rows.push({ subject: term(q.subject), predicate: term(q.predicate), object: term(q.object) });
    }
  }
  const variables = kind === 'select' ? selectVariables(clean, vars) : ['subject', 'predicate', 'object'];
  const truncated = items.length > rows.length;
  // With the cap applied by the engine the full count is unknown; `total` is what was counted.
  return { kind, variables, rows, truncated, total: capped === null || !truncated ? items.length : rows.length };
}

function selectVariables(q: string, seen: Set<string>): string[] {
  const head = /SELECT\s+(?:DISTINCT\s+|REDUCED\s+)?([\s\S]*?)\s*(?:WHERE|\{)/i.exec(q)?.[1] ?? '';
  const declared = [...head.matchAll(/[?$]([A-Za-z_][\w]*)/g)].map((m) => m[1]);
  const out = declared.length && !head.includes('*') ? declared : [...seen];
  return [...new Set(out)];
}
