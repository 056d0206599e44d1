import { describe, expect, it } from 'vitest';
import { decodeLiteralEscapes, MAX_LAYERS, peelLayer, unwrapQuery } from '../../../../src-main/query/dialect/unwrap';

const Q = 'DESCRIBE "latte"';

describe('unwrapQuery', () => {
  it.each([
    ['plain query', Q],
    ['surrounding whitespace', `  \n${Q}\n `],
    ['a BOM', `\ufeff${Q}`],
    ['Action label', `Action: ${Q}`],
    ['lowercase action label', `action:${Q}`],
    ['trailing semicolon', `${Q};`],
    ['trailing semicolons with spaces', `${Q} ; ;`],
    ['backticks', `\`${Q}\``],
    ['double backticks', `\`\`${Q}\`\``],
    ['fence with language', `\`\`\`sparql\n${Q}\n\`\`\``],
    ['fence with upper-case language', `\`\`\`SPARQL\n${Q}\n\`\`\``],
    ['fence without language', `\`\`\`\n${Q}\n\`\`\``],
    ['fence on one line without language', `\`\`\`${Q}\`\`\``],
    ['query call', `query(${Q})`],
    ['Query call with a space', `Query (${Q})`],
    ['sloppy string literal', `query("${Q}")`],
    ['escaped string literal', 'query("DESCRIBE \\"latte\\"")'],
    ['single-quoted literal', `query('${Q}')`],
    ['triple-quoted literal', `query("""${Q}""")`],
    ['curly-quoted literal', `query(“${Q}”)`],
    ['everything at once', `Action: \`\`\`sparql\nquery("DESCRIBE \\"latte\\"");\n\`\`\``],
  ])('peels %s', (_label, input) => {
    expect(unwrapQuery(input)).toBe(Q);
  });

  it('keeps a query without wrappers unchanged', () => {
    const select = 'SELECT ?x WHERE { ?x "r" "B" }';
    expect(unwrapQuery(select)).toBe(select);
  });

  it('does not peel a string that is only a name', () => {
    expect(unwrapQuery('"latte"')).toBe('"latte"');
    expect(unwrapQuery('query("latte")')).toBe('"latte"');
  });

  it('keeps a fence tag that is really a query keyword', () => {
    expect(unwrapQuery('```ASK { "a" "r" "b" }```')).toBe('ASK { "a" "r" "b" }');
  });

  it('leaves an unbalanced wrapper for the tokenizer to report', () => {
    expect(unwrapQuery(`query(${Q}`)).toBe(`query(${Q}`);
    expect(unwrapQuery(`\`${Q}`)).toBe(`\`${Q}`);
    expect(unwrapQuery(`\`\`\`sparql\n${Q}`)).toBe(`\`\`\`sparql\n${Q}`);
  });

  it(`stops after ${MAX_LAYERS} layers`, () => {
    const deep = `${'query('.repeat(MAX_LAYERS + 2)}${Q}${')'.repeat(MAX_LAYERS + 2)}`;
    expect(unwrapQuery(deep)).toBe(`query(query(${Q}))`);
  });

  it('does not touch semicolons inside braces or names', () => {
    expect(unwrapQuery('SELECT ?x WHERE { ?x "r" "B" ; }')).toBe('SELECT ?x WHERE { ?x "r" "B" ; }');
    expect(unwrapQuery('DESCRIBE "a;"')).toBe('DESCRIBE "a;"');
  });
});

describe('peelLayer', () => {
  it('returns undefined when there is nothing to peel', () => {
    expect(peelLayer(Q)).toBeUndefined();
    expect(peelLayer('')).toBeUndefined();
  });

  it('peels one layer at a time', () => {
    expect(peelLayer(`Action: query(${Q})`)).toBe(` query(${Q})`);
  });
});

describe('decodeLiteralEscapes', () => {
  it('decodes the escapes of a string literal', () => {
    expect(decodeLiteralEscapes('a\\"b\\\'c\\\\d\\ne\\tf\\rg')).toBe('a"b\'c\\d\ne\tf\rg');
  });

  it('keeps unknown escapes and a final backslash', () => {
    expect(decodeLiteralEscapes('a\\qb\\')).toBe('a\\qb\\');
  });

  it('turns a doubly escaped quote into a singly escaped one', () => {
    expect(decodeLiteralEscapes('DESCRIBE \\"say \\\\\\"hi\\\\\\"\\"')).toBe('DESCRIBE "say \\"hi\\""');
  });
});
