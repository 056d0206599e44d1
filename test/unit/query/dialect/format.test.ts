import { describe, expect, it } from 'vitest';
import type { DialectQuery } from '../../../../src-main/query/dialect/ast';
import { formatQuery, quoteName } from '../../../../src-main/query/dialect/format';
import { parseQuery } from '../../../../src-main/query/dialect/parse-query';

describe('quoteName', () => {
  it('double-quotes a name and escapes quotes and backslashes', () => {
    expect(quoteName('latte')).toBe('"latte"');
    expect(quoteName('say "hi"')).toBe('"say \\"hi\\""');
    expect(quoteName('a\\b')).toBe('"a\\\\b"');
    expect(quoteName("Crohn's")).toBe('"Crohn\'s"');
  });
});

const CANONICAL: [DialectQuery, string][] = [
  [{ form: 'describe', name: 'latte' }, 'DESCRIBE "latte"'],
  [{ form: 'ask', subject: 'a', relation: 'is a', filler: 'b' }, 'ASK { "a" "is a" "b" }'],
  [{ form: 'explain', subject: 'a', relation: 'r', filler: 'b' }, 'EXPLAIN { "a" "r" "b" }'],
  [
    {
      form: 'select-subjects',
      variable: 'x',
      conditions: [
        { relation: 'r', filler: 'b' },
        { relation: 's', filler: 'c' },
      ],
    },
    'SELECT ?x WHERE { ?x "r" "b" . ?x "s" "c" }',
  ],
  [
    { form: 'select-subjects', variable: 'drink', conditions: [{ relation: 'r', filler: 'b' }], values: ['p', 'q'] },
    'SELECT ?drink WHERE { VALUES ?drink { "p" "q" } ?drink "r" "b" }',
  ],
  [{ form: 'select-fillers', subject: 'a', relation: 'r' }, 'SELECT ?o WHERE { "a" "r" ?o }'],
  [{ form: 'select-relations', subject: 'a', filler: 'b' }, 'SELECT ?r WHERE { "a" ?r "b" }'],
];

describe('formatQuery', () => {
  it.each(CANONICAL)('formats %j', (query, text) => {
    expect(formatQuery(query)).toBe(text);
  });

  it.each(CANONICAL)('round-trips %j through parseQuery', (query) => {
    expect(parseQuery(formatQuery(query))).toEqual({ ok: true, query, normalized: formatQuery(query) });
  });

  it('round-trips names with quotes, backslashes, braces and keywords', () => {
    const query: DialectQuery = {
      form: 'ask',
      subject: 'say "hi" \\ }',
      relation: "it's { . ; ,",
      filler: 'DELETE WHERE { ?s ?p ?o }',
    };
    expect(parseQuery(formatQuery(query))).toMatchObject({ ok: true, query });
  });

  it('is a fixed point: formatting a parsed query again changes nothing', () => {
    const result = parseQuery("select distinct ?y { ?y 'r' 'b' ; 's' 'c' } values ?y { 'p', 'p', 'q' };");
    expect(result.ok).toBe(true);
    if (result.ok) {
      const again = parseQuery(result.normalized);
      expect(again).toEqual(result);
    }
  });
});
