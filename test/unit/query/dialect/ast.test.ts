import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  DIALECT_FORMS,
  isDialectForm,
  type DialectForm,
  type DialectQuery,
  type ParseResult,
} from '../../../../src-main/query/dialect/ast';

describe('ast', () => {
  it('lists each form once', () => {
    expect(DIALECT_FORMS).toEqual([
      'describe',
      'ask',
      'select-subjects',
      'select-fillers',
      'select-relations',
      'explain',
    ]);
    expect(new Set(DIALECT_FORMS).size).toBe(DIALECT_FORMS.length);
  });

  it('recognises form names and nothing else', () => {
    for (const form of DIALECT_FORMS) expect(isDialectForm(form)).toBe(true);
    expect(isDialectForm('select')).toBe(false);
    expect(isDialectForm('DESCRIBE')).toBe(false);
    expect(isDialectForm(undefined)).toBe(false);
    expect(isDialectForm(3)).toBe(false);
  });

  it('ties every AST variant to exactly the listed forms', () => {
    expectTypeOf<DialectQuery['form']>().toEqualTypeOf<DialectForm>();
  });

  it('narrows on form', () => {
    const query = { form: 'select-subjects', variable: 'x', conditions: [] } as DialectQuery;
    if (query.form === 'select-subjects') {
      expectTypeOf(query.values).toEqualTypeOf<string[] | undefined>();
      expectTypeOf(query.conditions).toEqualTypeOf<{ relation: string; filler: string }[]>();
    }
  });

  it('makes ParseResult a discriminated union on ok', () => {
    const failure: ParseResult = { ok: false, error: 'e', hint: 'h' };
    if (!failure.ok) expectTypeOf(failure.hint).toBeString();
    const success: ParseResult = { ok: true, query: { form: 'describe', name: 'x' }, normalized: 'DESCRIBE "x"' };
    if (success.ok) expectTypeOf(success.query).toEqualTypeOf<DialectQuery>();
  });
});
