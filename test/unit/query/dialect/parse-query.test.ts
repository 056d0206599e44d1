import { describe, expect, it } from 'vitest';
import type { DialectQuery } from '../../../../src-main/query/dialect/ast';
import { parseQuery } from '../../../../src-main/query/dialect/parse-query';

function parsed(input: string): DialectQuery {
  const result = parseQuery(input);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(input)} to parse, got: ${result.error}`);
  return result.query;
}

const DESCRIBE_X: DialectQuery = { form: 'describe', name: 'cappuccino' };
const ASK_X: DialectQuery = { form: 'ask', subject: 'cappuccino', relation: 'has ingredient', filler: 'milk' };
const SELECT_X: DialectQuery = {
  form: 'select-subjects',
  variable: 'x',
  conditions: [
    { relation: 'has ingredient', filler: 'milk' },
    { relation: 'is a', filler: 'coffee drink' },
  ],
};

describe('parseQuery: the forms', () => {
  it('DESCRIBE "name"', () => {
    const result = parseQuery('DESCRIBE "cappuccino"');
    expect(result).toEqual({ ok: true, query: DESCRIBE_X, normalized: 'DESCRIBE "cappuccino"' });
  });

  it('ASK with an ordinary relation', () => {
    expect(parsed('ASK { "cappuccino" "has ingredient" "milk" }')).toEqual(ASK_X);
  });

  it('ASK with "is a" keeps the raw relation text', () => {
    expect(parsed('ASK { "cappuccino" "is a" "coffee drink" }')).toEqual({
      form: 'ask',
      subject: 'cappuccino',
      relation: 'is a',
      filler: 'coffee drink',
    });
  });

  it('ASK with "subClassOf" keeps the raw relation text', () => {
    expect(parsed('ASK { "cappuccino" "subClassOf" "coffee drink" }')).toMatchObject({ relation: 'subClassOf' });
  });

  it('SELECT ?x with one condition', () => {
    expect(parsed('SELECT ?x WHERE { ?x "has ingredient" "milk" }')).toEqual({
      form: 'select-subjects',
      variable: 'x',
      conditions: [{ relation: 'has ingredient', filler: 'milk' }],
    });
  });

  it('SELECT ?x with several conditions, including "is a"', () => {
    expect(parsed('SELECT ?x WHERE { ?x "has ingredient" "milk" . ?x "is a" "coffee drink" }')).toEqual(SELECT_X);
  });

  it('SELECT ?x with VALUES inside WHERE', () => {
    const query = parsed('SELECT ?x WHERE { VALUES ?x { "latte" "espresso" } ?x "has ingredient" "milk" }');
    expect(query).toEqual({
      form: 'select-subjects',
      variable: 'x',
      conditions: [{ relation: 'has ingredient', filler: 'milk' }],
      values: ['latte', 'espresso'],
    });
  });

  it('SELECT ?x with VALUES after the conditions inside WHERE', () => {
    expect(parsed('SELECT ?x WHERE { ?x "has ingredient" "milk" . VALUES ?x { "latte" } }')).toMatchObject({
      values: ['latte'],
    });
  });

  it('SELECT ?x with VALUES before WHERE', () => {
    expect(parsed('SELECT ?x VALUES ?x { "latte" "espresso" } WHERE { ?x "has ingredient" "milk" }')).toMatchObject({
      form: 'select-subjects',
      values: ['latte', 'espresso'],
    });
  });

  it('SELECT ?x with VALUES after the closing brace (SPARQL position)', () => {
    expect(parsed('SELECT ?x WHERE { ?x "has ingredient" "milk" } VALUES ?x { "latte" }')).toMatchObject({
      values: ['latte'],
    });
  });

  it('VALUES drops duplicate names and keeps the order', () => {
    expect(parsed('SELECT ?x WHERE { VALUES ?x { "b" "a" "b" } ?x "r" "c" }')).toMatchObject({ values: ['b', 'a'] });
  });

  it('SELECT ?o: the fillers of a relation', () => {
    expect(parsed('SELECT ?o WHERE { "cappuccino" "has ingredient" ?o }')).toEqual({
      form: 'select-fillers',
      subject: 'cappuccino',
      relation: 'has ingredient',
    });
  });

  it('SELECT ?o with "is a" (ancestors)', () => {
    expect(parsed('SELECT ?o WHERE { "cappuccino" "is a" ?o }')).toEqual({
      form: 'select-fillers',
      subject: 'cappuccino',
      relation: 'is a',
    });
  });

  it('SELECT ?r: the relations between two concepts', () => {
    expect(parsed('SELECT ?r WHERE { "cappuccino" ?r "milk" }')).toEqual({
      form: 'select-relations',
      subject: 'cappuccino',
      filler: 'milk',
    });
  });

  it('EXPLAIN { "A" "r" "B" }', () => {
    expect(parsed('EXPLAIN { "cappuccino" "has ingredient" "milk" }')).toEqual({
      form: 'explain',
      subject: 'cappuccino',
      relation: 'has ingredient',
      filler: 'milk',
    });
  });

  it('returns the canonical text as normalized', () => {
    const result = parseQuery("select distinct ?item { ?item 'has ingredient' 'milk' ; 'is a' 'coffee drink' }");
    expect(result.ok && result.normalized).toBe(
      'SELECT ?item WHERE { ?item "has ingredient" "milk" . ?item "is a" "coffee drink" }',
    );
  });
});

describe('parseQuery: names', () => {
  it('keeps an apostrophe inside a double-quoted name', () => {
    expect(parsed('DESCRIBE "Crohn\'s disease"')).toEqual({ form: 'describe', name: "Crohn's disease" });
  });

  it('decodes escaped double quotes', () => {
    expect(parsed('DESCRIBE "the \\"best\\" latte"')).toEqual({ form: 'describe', name: 'the "best" latte' });
  });

  it('decodes an escaped backslash', () => {
    expect(parsed('DESCRIBE "a\\\\b"')).toEqual({ form: 'describe', name: 'a\\b' });
  });

  it('decodes an escaped apostrophe inside single quotes', () => {
    expect(parsed("DESCRIBE 'Crohn\\'s disease'")).toEqual({ form: 'describe', name: "Crohn's disease" });
  });

  it('trims whitespace just inside the quotes but keeps inner spacing', () => {
    expect(parsed('DESCRIBE "  flat  white "')).toEqual({ form: 'describe', name: 'flat  white' });
  });

  it('accepts emoji and non-Latin letters verbatim', () => {
    expect(parsed('DESCRIBE "☕ café 咖啡 👩‍🍳"')).toEqual({ form: 'describe', name: '☕ café 咖啡 👩‍🍳' });
  });

  it('keeps a curly apostrophe inside a name verbatim', () => {
    expect(parsed('DESCRIBE "Crohn’s disease"')).toEqual({ form: 'describe', name: 'Crohn’s disease' });
  });

  it('accepts names that look like ontology ids (they may be alternative names)', () => {
    expect(parsed('DESCRIBE "GO:0007076"')).toEqual({ form: 'describe', name: 'GO:0007076' });
  });
});

/** Each tolerated slip, next to the clean query it must equal. */
const SLIPS: { slip: string; input: string; expected: DialectQuery }[] = [
  { slip: 'single quotes instead of double', input: "DESCRIBE 'cappuccino'", expected: DESCRIBE_X },
  { slip: 'single quotes in ASK', input: "ASK { 'cappuccino' 'has ingredient' 'milk' }", expected: ASK_X },
  { slip: 'mixed single and double quotes', input: `ASK { "cappuccino" 'has ingredient' "milk" }`, expected: ASK_X },
  {
    slip: 'missing final dot',
    input: 'SELECT ?x WHERE { ?x "has ingredient" "milk" . ?x "is a" "coffee drink" }',
    expected: SELECT_X,
  },
  {
    slip: 'final dot present',
    input: 'SELECT ?x WHERE { ?x "has ingredient" "milk" . ?x "is a" "coffee drink" . }',
    expected: SELECT_X,
  },
  { slip: 'final dot in ASK', input: 'ASK { "cappuccino" "has ingredient" "milk" . }', expected: ASK_X },
  {
    slip: 'missing dot between conditions (newline separated)',
    input: 'SELECT ?x WHERE {\n  ?x "has ingredient" "milk"\n  ?x "is a" "coffee drink"\n}',
    expected: SELECT_X,
  },
  {
    slip: 'extra whitespace and newlines',
    input: '\n\n   SELECT\n\t?x\n   WHERE   {\n ?x   "has ingredient"\n"milk" .\n\n ?x "is a"   "coffee drink"   }  \n',
    expected: SELECT_X,
  },
  {
    slip: 'no whitespace at all',
    input: 'SELECT ?x WHERE{?x"has ingredient""milk".?x"is a""coffee drink"}',
    expected: SELECT_X,
  },
  { slip: 'non-breaking spaces between tokens', input: 'DESCRIBE\u00a0"cappuccino"', expected: DESCRIBE_X },
  {
    slip: 'lowercase keywords',
    input: 'select ?x where { ?x "has ingredient" "milk" . ?x "is a" "coffee drink" }',
    expected: SELECT_X,
  },
  { slip: 'mixed-case keywords', input: 'Describe "cappuccino"', expected: DESCRIBE_X },
  { slip: 'lowercase ask', input: 'ask { "cappuccino" "has ingredient" "milk" }', expected: ASK_X },
  { slip: 'trailing semicolon', input: 'DESCRIBE "cappuccino";', expected: DESCRIBE_X },
  { slip: 'trailing semicolon after braces', input: 'ASK { "cappuccino" "has ingredient" "milk" };', expected: ASK_X },
  { slip: 'several trailing semicolons and spaces', input: 'DESCRIBE "cappuccino" ; ; ', expected: DESCRIBE_X },
  {
    slip: '";" instead of "." between conditions (subject repeated)',
    input: 'SELECT ?x WHERE { ?x "has ingredient" "milk" ; ?x "is a" "coffee drink" }',
    expected: SELECT_X,
  },
  {
    slip: 'SPARQL ";" shorthand (subject omitted)',
    input: 'SELECT ?x WHERE { ?x "has ingredient" "milk" ; "is a" "coffee drink" }',
    expected: SELECT_X,
  },
  {
    slip: 'trailing ";" inside the braces',
    input: 'SELECT ?x WHERE { ?x "has ingredient" "milk" . ?x "is a" "coffee drink" ; }',
    expected: SELECT_X,
  },
  {
    slip: 'SPARQL "," shorthand (same relation)',
    input: 'SELECT ?x WHERE { ?x "has ingredient" "milk" , "sugar" }',
    expected: {
      form: 'select-subjects',
      variable: 'x',
      conditions: [
        { relation: 'has ingredient', filler: 'milk' },
        { relation: 'has ingredient', filler: 'sugar' },
      ],
    },
  },
  { slip: 'surrounding backticks', input: '`DESCRIBE "cappuccino"`', expected: DESCRIBE_X },
  { slip: 'double backticks', input: '``DESCRIBE "cappuccino"``', expected: DESCRIBE_X },
  { slip: '```sparql fence', input: '```sparql\nDESCRIBE "cappuccino"\n```', expected: DESCRIBE_X },
  {
    slip: '``` fence without language',
    input: '```\nASK { "cappuccino" "has ingredient" "milk" }\n```',
    expected: ASK_X,
  },
  { slip: '```SPARQL fence on one line', input: '```SPARQL DESCRIBE "cappuccino"```', expected: DESCRIBE_X },
  { slip: 'fence with no tag on one line', input: '```DESCRIBE "cappuccino"```', expected: DESCRIBE_X },
  { slip: 'query(...) wrapper', input: 'query(DESCRIBE "cappuccino")', expected: DESCRIBE_X },
  {
    slip: 'Query ( ... ) with space and capital',
    input: 'Query (ASK { "cappuccino" "has ingredient" "milk" })',
    expected: ASK_X,
  },
  { slip: 'query("...") with sloppy inner quotes', input: 'query("DESCRIBE "cappuccino"")', expected: DESCRIBE_X },
  { slip: 'query("...") with escaped inner quotes', input: 'query("DESCRIBE \\"cappuccino\\"")', expected: DESCRIBE_X },
  {
    slip: "query('...') single-quoted literal",
    input: `query('ASK { "cappuccino" "has ingredient" "milk" }')`,
    expected: ASK_X,
  },
  { slip: 'query("""...""") triple-quoted literal', input: 'query("""DESCRIBE "cappuccino"""")', expected: DESCRIBE_X },
  { slip: 'Action: query(...)', input: 'Action: query(DESCRIBE "cappuccino")', expected: DESCRIBE_X },
  {
    slip: 'Action: query(...) with a trailing semicolon',
    input: 'Action: query(DESCRIBE "cappuccino");',
    expected: DESCRIBE_X,
  },
  { slip: 'action label on its own line', input: 'action:\nquery(\n  DESCRIBE "cappuccino"\n)', expected: DESCRIBE_X },
  {
    slip: 'Action: with a fenced query(...)',
    input: 'Action: ```\nquery(SELECT ?x WHERE { ?x "has ingredient" "milk" . ?x "is a" "coffee drink" })\n```',
    expected: SELECT_X,
  },
  {
    slip: 'fenced query inside query(...)',
    input: 'query(```sparql\nDESCRIBE "cappuccino"\n```)',
    expected: DESCRIBE_X,
  },
  { slip: 'curly double quotes', input: 'DESCRIBE “cappuccino”', expected: DESCRIBE_X },
  { slip: 'curly single quotes', input: 'ASK { ‘cappuccino’ ‘has ingredient’ ‘milk’ }', expected: ASK_X },
  { slip: 'right curly quotes on both sides', input: 'DESCRIBE ”cappuccino”', expected: DESCRIBE_X },
  { slip: 'German low-high quotes', input: 'DESCRIBE „cappuccino“', expected: DESCRIBE_X },
  {
    slip: 'curly quotes with a curly apostrophe inside',
    input: 'DESCRIBE “Crohn’s disease”',
    expected: { form: 'describe', name: 'Crohn’s disease' },
  },
  { slip: 'query(“...”) with curly wrapper quotes', input: 'query(“DESCRIBE "cappuccino"”)', expected: DESCRIBE_X },
  {
    slip: 'SELECT DISTINCT',
    input: 'SELECT DISTINCT ?x WHERE { ?x "has ingredient" "milk" . ?x "is a" "coffee drink" }',
    expected: SELECT_X,
  },
  {
    slip: 'SELECT REDUCED',
    input: 'SELECT REDUCED ?x WHERE { ?x "has ingredient" "milk" . ?x "is a" "coffee drink" }',
    expected: SELECT_X,
  },
  {
    slip: 'SELECT without WHERE',
    input: 'SELECT ?x { ?x "has ingredient" "milk" . ?x "is a" "coffee drink" }',
    expected: SELECT_X,
  },
  { slip: 'ASK WHERE { ... }', input: 'ASK WHERE { "cappuccino" "has ingredient" "milk" }', expected: ASK_X },
  {
    slip: 'variable other than x',
    input: 'SELECT ?drink WHERE { ?drink "has ingredient" "milk" }',
    expected: {
      form: 'select-subjects',
      variable: 'drink',
      conditions: [{ relation: 'has ingredient', filler: 'milk' }],
    },
  },
  {
    slip: '$x variable',
    input: 'SELECT $x WHERE { $x "has ingredient" "milk" . $x "is a" "coffee drink" }',
    expected: SELECT_X,
  },
  {
    slip: '?x used for fillers',
    input: 'SELECT ?x WHERE { "cappuccino" "has ingredient" ?x }',
    expected: { form: 'select-fillers', subject: 'cappuccino', relation: 'has ingredient' },
  },
  {
    slip: '?rel used for relations',
    input: 'SELECT ?rel WHERE { "cappuccino" ?rel "milk" }',
    expected: { form: 'select-relations', subject: 'cappuccino', filler: 'milk' },
  },
  {
    slip: 'commas between VALUES names',
    input: 'SELECT ?x WHERE { VALUES ?x { "latte", "espresso" } ?x "has ingredient" "milk" }',
    expected: {
      form: 'select-subjects',
      variable: 'x',
      conditions: [{ relation: 'has ingredient', filler: 'milk' }],
      values: ['latte', 'espresso'],
    },
  },
  {
    slip: 'dot after an inner VALUES block',
    input: 'SELECT ?x WHERE { VALUES ?x { "latte" } . ?x "has ingredient" "milk" }',
    expected: {
      form: 'select-subjects',
      variable: 'x',
      conditions: [{ relation: 'has ingredient', filler: 'milk' }],
      values: ['latte'],
    },
  },
  { slip: 'byte-order mark before the query', input: '\ufeffDESCRIBE "cappuccino"', expected: DESCRIBE_X },
  {
    slip: 'CRLF line endings',
    input: 'SELECT ?x WHERE {\r\n ?x "has ingredient" "milk" .\r\n ?x "is a" "coffee drink"\r\n}',
    expected: SELECT_X,
  },
  { slip: 'whitespace inside quotes', input: 'ASK { " cappuccino " "has ingredient " " milk" }', expected: ASK_X },
];

describe('parseQuery: tolerated slips', () => {
  it.each(SLIPS)('$slip', ({ input, expected }) => {
    expect(parsed(input)).toEqual(expected);
  });
});
