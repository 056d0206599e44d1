import { describe, expect, it } from 'vitest';
import { queryNames } from '../../../../src-main/query/dialect/names';

describe('queryNames', () => {
  it('DESCRIBE names one concept', () => {
    expect(queryNames({ form: 'describe', name: 'latte' })).toEqual({ concepts: ['latte'], relations: [] });
  });

  it('ASK and EXPLAIN name two concepts and a relation', () => {
    const expected = { concepts: ['latte', 'milk'], relations: ['has ingredient'] };
    expect(queryNames({ form: 'ask', subject: 'latte', relation: 'has ingredient', filler: 'milk' })).toEqual(expected);
    expect(queryNames({ form: 'explain', subject: 'latte', relation: 'has ingredient', filler: 'milk' })).toEqual(
      expected,
    );
  });

  it('leaves subclass relations out: they need no linking', () => {
    expect(queryNames({ form: 'ask', subject: 'latte', relation: 'subClassOf', filler: 'drink' })).toEqual({
      concepts: ['latte', 'drink'],
      relations: [],
    });
  });

  it('subject searches name candidates, fillers and relations without duplicates', () => {
    expect(
      queryNames({
        form: 'select-subjects',
        variable: 'x',
        conditions: [
          { relation: 'has ingredient', filler: 'milk' },
          { relation: 'is a', filler: 'drink' },
          { relation: 'has ingredient', filler: 'sugar' },
        ],
        values: ['latte', 'milk'],
      }),
    ).toEqual({ concepts: ['latte', 'milk', 'drink', 'sugar'], relations: ['has ingredient'] });
  });

  it('filler and relation searches', () => {
    expect(queryNames({ form: 'select-fillers', subject: 'latte', relation: 'has ingredient' })).toEqual({
      concepts: ['latte'],
      relations: ['has ingredient'],
    });
    expect(queryNames({ form: 'select-relations', subject: 'latte', filler: 'milk' })).toEqual({
      concepts: ['latte', 'milk'],
      relations: [],
    });
  });
});
