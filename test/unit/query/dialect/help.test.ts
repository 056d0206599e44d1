import { describe, expect, it } from 'vitest';
import { DIALECT_HELP, FORM_EXAMPLES, hintFor, type HintTopic } from '../../../../src-main/query/dialect/help';
import { parseQuery } from '../../../../src-main/query/dialect/parse-query';

const TOPICS: HintTopic[] = [
  'general',
  'names',
  'describe',
  'ask',
  'explain',
  'select',
  'select-subjects',
  'values',
  'select-fillers',
  'select-relations',
];

describe('help', () => {
  it('every toy example is a valid query in canonical form', () => {
    for (const example of Object.values(FORM_EXAMPLES)) {
      const result = parseQuery(example);
      expect(result, example).toMatchObject({ ok: true, normalized: example });
    }
  });

  it('DIALECT_HELP shows every form and its example', () => {
    for (const keyword of [
      'DESCRIBE "name"',
      'ASK {',
      'SELECT ?x WHERE',
      'VALUES ?x',
      'SELECT ?o',
      'SELECT ?r',
      'EXPLAIN {',
    ]) {
      expect(DIALECT_HELP).toContain(keyword);
    }
    for (const example of Object.values(FORM_EXAMPLES)) expect(DIALECT_HELP).toContain(example);
  });

  it('DIALECT_HELP is short', () => {
    expect(DIALECT_HELP.length).toBeLessThan(1600);
    expect(DIALECT_HELP.split('\n').length).toBeLessThanOrEqual(10);
  });

  it.each(TOPICS)('the %s hint includes a toy example', (topic) => {
    const hint = hintFor(topic);
    expect(Object.values(FORM_EXAMPLES).some((example) => hint.includes(example))).toBe(true);
  });

  it('form hints show their own form', () => {
    expect(hintFor('describe')).toContain(FORM_EXAMPLES.describe);
    expect(hintFor('ask')).toContain(FORM_EXAMPLES.ask);
    expect(hintFor('explain')).toContain(FORM_EXAMPLES.explain);
    expect(hintFor('values')).toContain(FORM_EXAMPLES.values);
    expect(hintFor('select-fillers')).toContain(FORM_EXAMPLES.selectFillers);
    expect(hintFor('select-relations')).toContain(FORM_EXAMPLES.selectRelations);
    expect(hintFor('select-subjects')).toContain(FORM_EXAMPLES.selectSubjects);
    expect(hintFor('general')).toBe(DIALECT_HELP);
  });
});
