import { describe, expect, it } from 'vitest';
import { shownError, toApiError, ApiError } from '../../../src-renderer/api/api-error';
import { explainQuery, quoteName } from '../../../src-renderer/util/dialect';
import { fmtParams, fmtPct, fmtSeconds, localName, optionKey } from '../../../src-renderer/util/format';
import { displayName, isConcept, namesFromQuery } from '../../../src-renderer/util/record-names';

describe('renderer helpers', () => {
  it('quotes names for the dialect and builds EXPLAIN queries', () => {
    expect(quoteName('heart')).toBe('"heart"');
    expect(quoteName('say "hi" \\ there')).toBe('"say \\"hi\\" \\\\ there"');
    expect(explainQuery('viral myocarditis', 'is a', 'heart disease')).toBe(
      'EXPLAIN { "viral myocarditis" "is a" "heart disease" }',
    );
  });

  it('formats numbers, times, IRIs and option keys', () => {
    expect(fmtPct(0.8775)).toBe('87.8%');
    expect(fmtPct(null)).toBe('–');
    expect(fmtSeconds(0.25)).toBe('250 ms');
    expect(fmtSeconds(125)).toBe('2 min 5 s');
    expect(localName('http://example.org/cardio#Heart')).toBe('Heart');
    expect(localName('http://purl.obolibrary.org/obo/GO_0005634')).toBe('GO_0005634');
    expect([0, 1, 25].map(optionKey)).toEqual(['A', 'B', 'Z']);
    expect(fmtParams('7615616512')).toBe('7.6 B');
    expect(fmtParams('8B')).toBe('8B');
  });

  it('turns API error payloads into ApiError with their code', () => {
    expect(toApiError({ code: 'not-open', message: 'm' })).toEqual(new ApiError('not-open', 'm'));
    expect(toApiError(new Error('boom')).code).toBe('internal');
    expect(shownError({ code: 'bad-params', message: 'no' })).toEqual({ code: 'bad-params', message: 'no' });
  });

  it('names evidence entities from their query', () => {
    const known = { names: {}, relations: new Set<string>() };
    const n = namesFromQuery('ASK { "viral myocarditis" "finding site" "heart" }', ['e:VM', 'e:fs', 'e:H'], known);
    expect(displayName('e:H', n)).toBe('heart');
    expect(isConcept('e:H', n)).toBe(true);
    expect(isConcept('e:fs', n)).toBe(false);
    expect(isConcept('http://www.w3.org/2000/01/rdf-schema#subClassOf', n)).toBe(false);
    expect(displayName('http://www.w3.org/2000/01/rdf-schema#subClassOf', n)).toBe('is a');
    expect(namesFromQuery('DESCRIBE "x"', ['a', 'b'], known)).toBe(known);
    expect(isConcept('e:r', namesFromQuery('query(ASK { "a" "r" "b" })', ['e:a', 'e:r', 'e:b'], known))).toBe(false);
  });
});
