import { describe, expect, it } from 'vitest';
import { asFailure } from '../../../../src-main/query/dialect/errors';
import {
  createTokenStream,
  isForbiddenInName,
  isSpace,
  MAX_VARIABLE_LENGTH,
  tokenize,
  type Token,
} from '../../../../src-main/query/dialect/tokenize';

const OPTIONS = { maxNameLength: 300 };

function kinds(text: string): [Token['kind'], string][] {
  return tokenize(text, OPTIONS).map((t) => [t.kind, t.value]);
}

function errorOf(text: string, options = OPTIONS): string {
  try {
    tokenize(text, options);
  } catch (thrown) {
    const failure = asFailure(thrown);
    if (failure) return failure.error;
    throw thrown;
  }
  throw new Error(`expected ${JSON.stringify(text)} to fail`);
}

describe('tokenize', () => {
  it('splits a query into words, names, variables and punctuation', () => {
    expect(kinds('SELECT ?x WHERE { ?x "part of" "B" . }')).toEqual([
      ['word', 'SELECT'],
      ['variable', 'x'],
      ['word', 'WHERE'],
      ['punct', '{'],
      ['variable', 'x'],
      ['string', 'part of'],
      ['string', 'B'],
      ['punct', '.'],
      ['punct', '}'],
      ['end', ''],
    ]);
  });

  it('records token offsets', () => {
    expect(tokenize('ASK {"a"}', OPTIONS).map((t) => t.start)).toEqual([0, 4, 5, 8, 9]);
  });

  it('needs no whitespace between tokens', () => {
    expect(kinds('{?x"r""B".}')).toEqual([
      ['punct', '{'],
      ['variable', 'x'],
      ['string', 'r'],
      ['string', 'B'],
      ['punct', '.'],
      ['punct', '}'],
      ['end', ''],
    ]);
  });

  it('reads $ variables and variables with digits and underscores', () => {
    expect(kinds('$x ?item_2 ?1')).toEqual([
      ['variable', 'x'],
      ['variable', 'item_2'],
      ['variable', '1'],
      ['end', ''],
    ]);
  });

  it('reads single, curly and German quotes', () => {
    expect(kinds(`'a' “b” ‘c’ „d“ ”e”`).map(([, v]) => v)).toEqual(['a', 'b', 'c', 'd', 'e', '']);
  });

  it('keeps the other quote family inside a name', () => {
    expect(kinds(`"Crohn's" 'say "hi"' “it’s”`).map(([, v]) => v)).toEqual(["Crohn's", 'say "hi"', 'it’s', '']);
  });

  it('decodes \\" \\\' and \\\\', () => {
    expect(kinds('"a\\"b\\\'c\\\\d"')).toEqual([
      ['string', 'a"b\'c\\d'],
      ['end', ''],
    ]);
  });

  it('trims names', () => {
    expect(kinds('"  a b  "')).toEqual([
      ['string', 'a b'],
      ['end', ''],
    ]);
  });

  it('reads IRIs, prefixed names and numbers as their own kinds', () => {
    expect(kinds('<http://x.org/a> rdfs:label :b 42')).toEqual([
      ['iri', '<http://x.org/a>'],
      ['prefixed', 'rdfs:label'],
      ['prefixed', ':b'],
      ['number', '42'],
      ['end', ''],
    ]);
  });

  it('leaves a final dot out of a prefixed name', () => {
    expect(kinds('ex:a.')).toEqual([
      ['prefixed', 'ex:a'],
      ['punct', '.'],
      ['end', ''],
    ]);
  });

  it('reads non-ASCII letters as part of an unquoted word', () => {
    expect(kinds('café 咖啡')).toEqual([
      ['word', 'café'],
      ['word', '咖啡'],
      ['end', ''],
    ]);
  });

  it('treats unusual spaces between tokens as whitespace', () => {
    expect(kinds('ASK\u00a0{\u2003}\u3000')).toEqual([
      ['word', 'ASK'],
      ['punct', '{'],
      ['punct', '}'],
      ['end', ''],
    ]);
  });

  it('reads tokens lazily, so an error after a token is not raised before it is needed', () => {
    const stream = createTokenStream('DESCRIBE "a" \u0000', OPTIONS);
    expect(stream.advance()).toMatchObject({ kind: 'word', value: 'DESCRIBE' });
    expect(stream.peek()).toMatchObject({ kind: 'string', value: 'a' });
    expect(stream.advance()).toMatchObject({ kind: 'string', value: 'a' });
    expect(() => stream.peek()).toThrow();
  });

  it('keeps returning end at the end', () => {
    const stream = createTokenStream('', OPTIONS);
    expect(stream.advance().kind).toBe('end');
    expect(stream.advance().kind).toBe('end');
  });

  it.each([
    ['"abc', /unclosed quote/i],
    ['"a\nb"', /line break/i],
    ['"a\u0001b"', /U\+0001/],
    ['"a\u202eb"', /U\+202E/],
    ['"\ud800"', /surrogate/],
    ['"a\\qb"', /escape/],
    ['""', /empty name/i],
    ['"<http://x>"', /IRI/],
    ['"http://x.org/a"', /IRI/],
    ['?', /variable needs a name/],
    ['<abc', /"<"/],
    ['< b>', /"<"/],
    ['`', /backtick/],
    ['#', /comments/i],
    ['@', /language tags/],
    ['\u0000', /NUL/],
    ['\u0007', /control character/],
    ['☕', /U\+2615/],
    ['!', /U\+0021/],
    [':', /":"/],
  ])('rejects %j', (text, error) => {
    expect(errorOf(text)).toMatch(error);
  });

  it('limits variable names to MAX_VARIABLE_LENGTH characters', () => {
    expect(kinds(`?${'v'.repeat(MAX_VARIABLE_LENGTH)}`)[0]).toEqual(['variable', 'v'.repeat(MAX_VARIABLE_LENGTH)]);
    expect(errorOf(`?${'v'.repeat(MAX_VARIABLE_LENGTH + 1)}`)).toMatch(/variable name is longer/);
  });

  it('enforces the name length limit while scanning', () => {
    expect(errorOf('"abcdef"', { maxNameLength: 5 })).toMatch(/limit of 5/);
    expect(kinds('"abcde"')).toEqual([
      ['string', 'abcde'],
      ['end', ''],
    ]);
    expect(tokenize('"abcde"', { maxNameLength: 5 })[0].value).toBe('abcde');
  });

  it('accepts emoji with joiners and a paired surrogate in names', () => {
    expect(kinds('"👩‍🍳 ☕"')).toEqual([
      ['string', '👩‍🍳 ☕'],
      ['end', ''],
    ]);
  });
});

describe('character classes', () => {
  it('isSpace covers ASCII and Unicode spaces but not letters', () => {
    for (const ch of [' ', '\t', '\n', '\r', '\u00a0', '\u2003', '\u3000', '\ufeff'])
      expect(isSpace(ch.charCodeAt(0))).toBe(true);
    for (const ch of ['a', '"', '\u0000', '\u200d']) expect(isSpace(ch.charCodeAt(0))).toBe(false);
  });

  it('isForbiddenInName rejects controls and invisible marks but allows joiners', () => {
    for (const code of [0x00, 0x09, 0x0a, 0x1b, 0x7f, 0x85, 0x200b, 0x202e, 0x2066, 0xfeff]) {
      expect(isForbiddenInName(code)).toBe(true);
    }
    for (const code of [0x20, 0x41, 0xe9, 0x200c, 0x200d, 0x2019]) expect(isForbiddenInName(code)).toBe(false);
  });
});
