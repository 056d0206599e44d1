import { describe, expect, it } from 'vitest';
import { FORM_EXAMPLES } from '../../../../src-main/query/dialect/help';
import { parseQuery } from '../../../../src-main/query/dialect/parse-query';
import { MALFORMED_CASES, VALID_TRICKY_CASES } from './malformed-corpus';

describe('malformed-query corpus', () => {
  it('holds at least 200 cases with distinct labels and inputs', () => {
    expect(MALFORMED_CASES.length).toBeGreaterThanOrEqual(200);
    expect(new Set(MALFORMED_CASES.map((c) => c.label)).size).toBe(MALFORMED_CASES.length);
    expect(new Set(MALFORMED_CASES.map((c) => `${c.input}|${JSON.stringify(c.limits ?? {})}`)).size).toBe(
      MALFORMED_CASES.length,
    );
  });

  it.each(MALFORMED_CASES.map((c) => [c.label, c] as const))('rejects: %s', (_label, c) => {
    let result: ReturnType<typeof parseQuery> | undefined;
    expect(() => {
      result = parseQuery(c.input, c.limits);
    }).not.toThrow();
    if (result === undefined || result.ok) {
      throw new Error(`expected an error, got ${JSON.stringify(result)}`);
    }
    expect(result.error.trim()).not.toBe('');
    expect(result.hint.trim()).not.toBe('');
    // One sentence: short, no raw line breaks, no echo of huge input.
    expect(result.error).not.toMatch(/[\n\r]/);
    expect(result.error.length).toBeLessThanOrEqual(300);
    // The hint shows at least one form with a toy example.
    const hint = result.hint;
    expect(Object.values(FORM_EXAMPLES).some((example) => hint.includes(example))).toBe(true);
    if (c.error) expect(result.error).toMatch(c.error);
  });
});

describe('tricky but valid inputs', () => {
  it.each(VALID_TRICKY_CASES.map((c) => [c.label, c] as const))('parses names verbatim: %s', (_label, c) => {
    const result = parseQuery(c.input);
    expect(result).toMatchObject({ ok: true, query: c.expected });
    if (result.ok) {
      expect(result.query).toEqual(c.expected);
      // The canonical text parses back to the same query.
      expect(parseQuery(result.normalized)).toMatchObject({ ok: true, query: c.expected });
    }
  });
});
