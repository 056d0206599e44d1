import type * as oxigraph from 'oxigraph';
import { UserError } from '../../core/errors';

export type SparqlKind = 'select' | 'ask' | 'construct' | 'describe';

export interface SparqlResult {
  kind: SparqlKind;
  /** select: variable names in order. */
  variables: string[];
  /** select: one row per solution, terms as N-Triples-ish strings; construct/describe: s, p, o. */
  rows: Record<string, string>[];
  boolean?: boolean;
  truncated: boolean;
  total: number;
}

const UPDATE = /\b(INSERT|DELETE|LOAD|CLEAR|CREATE|DROP|COPY|MOVE|ADD)\b(\s+(DATA|WHERE|SILENT|GRAPH|DEFAULT|ALL|NAMED|\{|<))/i;
const FORM = /^\s*(?:(?:PREFIX\s+[^\s:]*:\s*<[^>]*>|BASE\s+<[^>]*>)\s*)*(SELECT|ASK|CONSTRUCT|DESCRIBE)\b/i;

function stripComments(q: string): string {
  // '#' starts a comment outside IRIs and strings; good enough to find the query form.
  return q.replace(/("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|<[^>\s]*>)|#[^\n]*/g, (m, keep: string | undefined) => keep ?? '');
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

/** Read-only SPARQL 1.1 over the closure graph; updates are refused before they reach the engine. */
export function runSparql(store: oxigraph.Store, query: string, maxRows = 1000): SparqlResult {
  if (query.length > 100_000) throw new UserError('sparql-too-long', 'The SPARQL query is longer than 100,000 characters.');
  const clean = stripComments(query);
  if (UPDATE.test(clean) && !FORM.test(clean)) {
    throw new UserError('sparql-update', 'Only read-only queries (SELECT, ASK, CONSTRUCT, DESCRIBE) are allowed; updates are refused.');
  }
  const m = FORM.exec(clean);
  if (!m) throw new UserError('sparql-form', 'Start the query with SELECT, ASK, CONSTRUCT or DESCRIBE (PREFIX lines may come first).');
  const kind = m[1].toLowerCase() as SparqlKind;
  let out;
  try {
    out = store.query(query);
  } catch (e) {
    throw new UserError('sparql-syntax', `SPARQL error: ${(e as Error).message ?? String(e)}`);
  }
  if (typeof out === 'boolean') return { kind: 'ask', variables: [], rows: [], boolean: out, truncated: false, total: 0 };
  if (typeof out === 'string') throw new UserError('sparql-form', 'Unexpected serialized result.');
  const items = out as unknown[];
  const total = items.length;
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
  return { kind, variables, rows, truncated: total > rows.length, total };
}

function selectVariables(q: string, seen: Set<string>): string[] {
  const head = /SELECT\s+(?:DISTINCT\s+|REDUCED\s+)?([\s\S]*?)\s*(?:WHERE|\{)/i.exec(q)?.[1] ?? '';
  const declared = [...head.matchAll(/[?$]([A-Za-z_][\w]*)/g)].map((m) => m[1]);
  const out = declared.length && !head.includes('*') ? declared : [...seen];
  return [...new Set(out)];
}
