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
  const fillerRows = rowsWithFillers(rows);
  // With the cap applied by the engine the full count is unknown; `total` is what was counted.
  return {
    kind,
    variables,
    rows,
    truncated,
    total: capped === null || !truncated ? items.length : rows.length,
    ...(fillerRows ? { fillerRows } : {}),
  };
}

/**
 * The columns of a SELECT, in the order the query projects them: its variables, and for an
 * `(expression AS ?v)` only ?v. `SELECT *` lists the variables in the order they first occur in the
 * pattern (the solutions' own order is alphabetical). Any bound variable the text does not show comes last.
 */
export function selectVariables(q: string, seen: Set<string>): string[] {
  const m = /\bSELECT\s+(?:DISTINCT\s+|REDUCED\s+)?/i.exec(q);
  if (!m) return [...seen];
  const out: string[] = [];
  let star = false;
  let depth = 0;
  let group = '';
  let i = m.index + m[0].length;
  for (; i < q.length; i++) {
    const ch = q[i];
    if (depth === 0 && (ch === '{' || /^WHERE\b/i.test(q.slice(i, i + 6)))) break;
    if (ch === '(') {
      if (depth++ > 0) group += ch;
      continue;
    }
    if (ch === ')' && depth > 0) {
      if (--depth === 0) {
        const as = /\bAS\s+[?$]([A-Za-z_]\w*)\s*$/i.exec(group);
        if (as) out.push(as[1]);
        group = '';
      } else group += ch;
      continue;
    }
    if (depth > 0) {
      group += ch;
      continue;
    }
    if (ch === '*') star = true;
    else if (ch === '?' || ch === '$') {
      const v = /^[A-Za-z_]\w*/.exec(q.slice(i + 1));
      if (v) {
        out.push(v[0]);
        i += v[0].length;
      }
    }
  }
  if (star || !out.length)
    for (const v of q.slice(i).matchAll(/[?$]([A-Za-z_]\w*)/g)) if (seen.has(v[1])) out.push(v[1]);
  return [...new Set([...out, ...(star || !out.length ? seen : [])])];
}

/** The prefix of the closure graph's stand-ins for complex existential fillers (see docs/closure-graph.md). */
export const FILLER_IRI_PREFIX = 'urn:oarag:filler:';

/** What a reader needs to know about rows that name filler stand-ins. */
export function fillerNote(rows: number): string {
  return `${rows} ${rows === 1 ? 'row names' : 'rows name'} an internal node (${FILLER_IRI_PREFIX}<n>): the closure graph's stand-in for a complex class expression in an existential restriction, not a class of the ontology; its rdfs:label spells the expression.`;
}

/** Rows that name a filler stand-in: an internal node of the closure graph, not a class of the ontology. */
export function rowsWithFillers(rows: Record<string, string>[]): number {
  return rows.filter((r) => Object.values(r).some((v) => v.startsWith(FILLER_IRI_PREFIX))).length;
}
