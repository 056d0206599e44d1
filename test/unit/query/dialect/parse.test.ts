import { describe, expect, it } from 'vitest';
import type { DialectQuery } from '../../../../src-main/query/dialect/ast';
import { asFailure } from '../../../../src-main/query/dialect/errors';
import { hintFor } from '../../../../src-main/query/dialect/help';
import { DEFAULT_DIALECT_LIMITS, type DialectLimits } from '../../../../src-main/query/dialect/limits';
import { classifySelect } from '../../../../src-main/query/dialect/classify-select';
import { parseTokens } from '../../../../src-main/query/dialect/parse';
import { createTokenStream } from '../../../../src-main/query/dialect/tokenize';
import { describeToken, unexpectedToken } from '../../../../src-main/query/dialect/unexpected-token';

function parse(text: string, limits: DialectLimits = DEFAULT_DIALECT_LIMITS): DialectQuery {
  return parseTokens(createTokenStream(text, limits), limits);
}

function failureOf(action: () => unknown): { error: string; hint: string } {
  try {
    action();
  } catch (thrown) {
    const failure = asFailure(thrown);
    if (failure) return failure;
    throw thrown;
  }
  throw new Error('expected a parse failure');
}

const name = (value: string) => ({ kind: 'name' as const, value });
const variable = (value: string) => ({ kind: 'var' as const, value });

describe('parseTokens', () => {
  it('parses each form', () => {
    expect(parse('DESCRIBE "a"')).toEqual({ form: 'describe', name: 'a' });
    expect(parse('ASK { "a" "r" "b" }')).toEqual({ form: 'ask', subject: 'a', relation: 'r', filler: 'b' });
    expect(parse('EXPLAIN { "a" "r" "b" }')).toEqual({ form: 'explain', subject: 'a', relation: 'r', filler: 'b' });
    expect(parse('SELECT ?x { ?x "r" "b" }')).toEqual({
      form: 'select-subjects',
      variable: 'x',
      conditions: [{ relation: 'r', filler: 'b' }],
    });
    expect(parse('SELECT ?o { "a" "r" ?o }')).toEqual({ form: 'select-fillers', subject: 'a', relation: 'r' });
    expect(parse('SELECT ?r { "a" ?r "b" }')).toEqual({ form: 'select-relations', subject: 'a', filler: 'b' });
  });

  it('reads ";" followed by the same subject as a new condition', () => {
    expect(parse('SELECT ?x { ?x "r" "b" ; ?x "s" "c" }')).toMatchObject({
      conditions: [
        { relation: 'r', filler: 'b' },
        { relation: 's', filler: 'c' },
      ],
    });
  });

  it('reads ";" followed by a relation as the SPARQL shorthand', () => {
    expect(parse('SELECT ?x { ?x "r" "b" ; "s" "c" , "d" }')).toMatchObject({
      conditions: [
        { relation: 'r', filler: 'b' },
        { relation: 's', filler: 'c' },
        { relation: 's', filler: 'd' },
      ],
    });
  });

  it('accepts repeated semicolons as SPARQL does', () => {
    expect(parse('SELECT ?x { ?x "r" "b" ;; "s" "c" ; }')).toMatchObject({
      conditions: [
        { relation: 'r', filler: 'b' },
        { relation: 's', filler: 'c' },
      ],
    });
  });

  it('splits conditions without dots by their three parts', () => {
    expect(parse('SELECT ?x { ?x "r" "b" ?x "s" "c" }')).toMatchObject({
      conditions: [
        { relation: 'r', filler: 'b' },
        { relation: 's', filler: 'c' },
      ],
    });
  });

  it('counts shorthand conditions against the limit', () => {
    const limits = { ...DEFAULT_DIALECT_LIMITS, maxConditions: 2 };
    expect(failureOf(() => parse('SELECT ?x { ?x "r" "a" , "b" , "c" }', limits)).error).toMatch(/at most 2/);
  });

  it('stops reading VALUES as soon as the limit is passed', () => {
    const limits = { ...DEFAULT_DIALECT_LIMITS, maxValues: 2 };
    // The unclosed quote after the third name is never reached.
    expect(failureOf(() => parse('SELECT ?x { VALUES ?x { "a" "b" "c" "d', limits)).error).toMatch(/at most 2/);
  });

  it('reports the first problem in reading order', () => {
    expect(failureOf(() => parse('SELECT ?x { ?x "r" "b" FILTER (?x != "c") }')).error).toMatch(/^FILTER/);
  });

  it('uses the hint of the form being parsed', () => {
    expect(failureOf(() => parse('DESCRIBE')).hint).toBe(hintFor('describe'));
    expect(failureOf(() => parse('ASK { "a" }')).hint).toBe(hintFor('ask'));
    expect(failureOf(() => parse('EXPLAIN { "a" }')).hint).toBe(hintFor('explain'));
    expect(failureOf(() => parse('SELECT ?x { VALUES ?y { "a" } ?x "r" "b" }')).hint).toBe(hintFor('values'));
    expect(failureOf(() => parse('SELECT ?x { ?x rdfs:label "b" }')).hint).toBe(hintFor('names'));
    expect(failureOf(() => parse('DROP ALL')).hint).toBe(hintFor('general'));
  });
});

describe('classifySelect', () => {
  it('makes a subject search when ?x is always the subject', () => {
    expect(classifySelect('x', [[variable('x'), name('r'), name('b')]], ['c'])).toEqual({
      form: 'select-subjects',
      variable: 'x',
      conditions: [{ relation: 'r', filler: 'b' }],
      values: ['c'],
    });
  });

  it('omits values when there is no VALUES list', () => {
    expect(classifySelect('x', [[variable('x'), name('r'), name('b')]], undefined)).not.toHaveProperty('values');
  });

  it('makes a filler search and a relation search', () => {
    expect(classifySelect('o', [[name('a'), name('r'), variable('o')]], undefined)).toEqual({
      form: 'select-fillers',
      subject: 'a',
      relation: 'r',
    });
    expect(classifySelect('r', [[name('a'), variable('r'), name('b')]], undefined)).toEqual({
      form: 'select-relations',
      subject: 'a',
      filler: 'b',
    });
  });

  it.each([
    ['no conditions', [], /no conditions/],
    ['another variable', [[variable('y'), name('r'), name('b')]], /not the selected/],
    ['the variable twice', [[variable('x'), name('r'), variable('x')]], /twice/],
    ['no variable', [[name('a'), name('r'), name('b')]], /does not mention/],
    [
      'mixed places',
      [
        [variable('x'), name('r'), name('b')],
        [name('a'), variable('x'), name('b')],
      ],
      /same place/,
    ],
    [
      'two filler conditions',
      [
        [name('a'), name('r'), variable('x')],
        [name('c'), name('r'), variable('x')],
      ],
      /exactly one/,
    ],
  ] as const)('rejects %s', (_label, triples, error) => {
    expect(failureOf(() => classifySelect('x', triples as never, undefined)).error).toMatch(error);
  });

  it('rejects VALUES outside subject searches', () => {
    expect(failureOf(() => classifySelect('x', [[name('a'), name('r'), variable('x')]], ['b'])).error).toMatch(
      /VALUES/,
    );
  });
});

describe('messages', () => {
  it('describeToken names each kind of token', () => {
    expect(describeToken({ kind: 'string', value: 'a', start: 0 })).toBe('name "a"');
    expect(describeToken({ kind: 'variable', value: 'x', start: 0 })).toBe('variable ?x');
    expect(describeToken({ kind: 'punct', value: '}', start: 0 })).toBe('"}"');
    expect(describeToken({ kind: 'end', value: '', start: 0 })).toBe('end of the query');
  });

  it('unexpectedToken explains SPARQL keywords', () => {
    const word = (value: string) => ({ kind: 'word' as const, value, start: 0 });
    expect(unexpectedToken(word('delete'), 'here')).toMatch(/read-only/);
    expect(unexpectedToken(word('Optional'), 'here')).toMatch(/OPTIONAL is not supported/);
    expect(unexpectedToken(word('limit'), 'here')).toMatch(/LIMIT is not supported/);
    expect(unexpectedToken(word('prefix'), 'here')).toMatch(/PREFIX/);
    expect(unexpectedToken(word('a'), 'here')).toMatch(/"is a"/);
    expect(unexpectedToken(word('espresso'), 'here')).toMatch(/Unquoted word "espresso" here/);
  });
});
