import { describe, expect, it } from 'vitest';
import * as dialect from '../../../../src-main/query/dialect';

describe('dialect public API', () => {
  it('exports the parser, formatter, help and helpers', () => {
    expect(typeof dialect.parseQuery).toBe('function');
    expect(typeof dialect.formatQuery).toBe('function');
    expect(typeof dialect.quoteName).toBe('function');
    expect(typeof dialect.isSubclassRelation).toBe('function');
    expect(typeof dialect.queryNames).toBe('function');
    expect(typeof dialect.resolveLimits).toBe('function');
    expect(typeof dialect.hintFor).toBe('function');
    expect(typeof dialect.DIALECT_HELP).toBe('string');
    expect(dialect.DEFAULT_DIALECT_LIMITS.maxConditions).toBe(8);
    expect(dialect.DIALECT_FORMS).toHaveLength(6);
  });

  it('parses and formats through the index', () => {
    const result = dialect.parseQuery('Action: query(ask { "latte" "is a" "coffee drink" })');
    expect(result).toEqual({
      ok: true,
      query: { form: 'ask', subject: 'latte', relation: 'is a', filler: 'coffee drink' },
      normalized: 'ASK { "latte" "is a" "coffee drink" }',
    });
    if (result.ok && result.query.form === 'ask') expect(dialect.isSubclassRelation(result.query.relation)).toBe(true);
  });

  it('applies custom limits', () => {
    expect(dialect.parseQuery('DESCRIBE "latte"', { maxNameLength: 3 })).toMatchObject({ ok: false });
  });

  it('reports a non-string input as an error instead of throwing', () => {
    expect(dialect.parseQuery(undefined as unknown as string)).toMatchObject({
      ok: false,
      error: 'The query must be text.',
    });
  });
});
