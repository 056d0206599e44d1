import type { SparqlResult } from '../../src-main/api/contract';

export type ExportFormat = 'csv' | 'tsv' | 'json';

export interface ExportFile {
  fileName: string;
  mime: string;
  content: string;
}

/** A SPARQL result as a table: SELECT by its variables, CONSTRUCT/DESCRIBE as triples, ASK as one cell. */
export function sparqlTable(r: SparqlResult): { columns: string[]; rows: string[][] } {
  if (r.kind === 'ask') return { columns: ['boolean'], rows: [[String(r.boolean ?? false)]] };
  return { columns: r.variables, rows: r.rows.map((row) => r.variables.map((v) => row[v] ?? '')) };
}

/** RFC 4180: CRLF between records; a field with a comma, quote, line break or edge space is quoted. */
export function toCsv(columns: string[], rows: string[][]): string {
  const field = (s: string) => (/[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return [columns, ...rows].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}

/** Tab-separated, one record a line; tabs, line breaks and backslashes inside a value are escaped as \t, \n, \r, \\. */
export function toTsv(columns: string[], rows: string[][]): string {
  const field = (s: string) =>
    s.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);
  return [columns, ...rows].map((r) => r.map(field).join('\t')).join('\n') + '\n';
}

/** The result as the console holds it, with the query: rows are objects keyed by variable (unbound ones absent). */
export function toJson(r: SparqlResult, query: string): string {
  const { kind, variables, rows, truncated, total } = r;
  const body =
    kind === 'ask'
      ? { query, kind, boolean: r.boolean ?? false }
      : { query, kind, variables, rows, truncated, rowsReturned: rows.length, total };
  return JSON.stringify(body, null, 2) + '\n';
}

export function exportSparql(r: SparqlResult, query: string, format: ExportFormat, stem = 'sparql-result'): ExportFile {
  if (format === 'json') return { fileName: `${stem}.json`, mime: 'application/json', content: toJson(r, query) };
  const { columns, rows } = sparqlTable(r);
  return format === 'csv'
    ? { fileName: `${stem}.csv`, mime: 'text/csv', content: toCsv(columns, rows) }
    : { fileName: `${stem}.tsv`, mime: 'text/tab-separated-values', content: toTsv(columns, rows) };
}
