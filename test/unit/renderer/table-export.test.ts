import { describe, expect, it } from 'vitest';
import type { SparqlResult } from '../../../src-main/api/contract';
import { exportSparql, toCsv, toTsv } from '../../../src-renderer/util/table-export';

const select: SparqlResult = {
  kind: 'select',
  variables: ['c', 'label'],
  rows: [
    { c: 'http://x/1', label: 'plain' },
    { c: 'http://x/2', label: 'comma, "quoted"\nand a line' },
    { c: 'http://x/3' },
  ],
  truncated: true,
  total: 3,
};

describe('SPARQL result export', () => {
  it('writes RFC 4180 CSV: quotes doubled, fields with commas or line breaks quoted, CRLF records', () => {
    expect(exportSparql(select, 'SELECT …', 'csv')).toEqual({
      fileName: 'sparql-result.csv',
      mime: 'text/csv',
      content: 'c,label\r\nhttp://x/1,plain\r\nhttp://x/2,"comma, ""quoted""\nand a line"\r\nhttp://x/3,\r\n',
    });
    expect(toCsv(['a'], [[' edge']])).toBe('a\r\n" edge"\r\n');
  });

  it('writes TSV with tabs, line breaks and backslashes escaped, so one row is one line', () => {
    expect(exportSparql(select, 'q', 'tsv').content).toBe(
      'c\tlabel\nhttp://x/1\tplain\nhttp://x/2\tcomma, "quoted"\\nand a line\nhttp://x/3\t\n',
    );
    expect(toTsv(['a'], [['t\there\\']])).toBe('a\nt\\there\\\\\n');
  });

  it('writes JSON with the query, the rows as returned and whether they were cut off', () => {
    const j = JSON.parse(exportSparql(select, 'SELECT ?c ?label …', 'json').content);
    expect(j).toEqual({
      query: 'SELECT ?c ?label …',
      kind: 'select',
      variables: ['c', 'label'],
      rows: select.rows,
      truncated: true,
      rowsReturned: 3,
      total: 3,
    });
  });

  it('exports an ASK answer as one boolean', () => {
    const ask: SparqlResult = { kind: 'ask', variables: [], rows: [], boolean: true, truncated: false, total: 0 };
    expect(exportSparql(ask, 'ASK {}', 'csv').content).toBe('boolean\r\ntrue\r\n');
    expect(JSON.parse(exportSparql(ask, 'ASK {}', 'json').content)).toEqual({
      query: 'ASK {}',
      kind: 'ask',
      boolean: true,
    });
  });
});
