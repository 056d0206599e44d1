import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import type { DialectLimits } from '../../../../src-main/query/dialect/limits';
import { parseQuery } from '../../../../src-main/query/dialect/parse-query';

const SIZE = 100_000;
// Catastrophic backtracking on 100 kB takes seconds to forever; a linear scan takes tens of ms even
// on a loaded 2-core CI machine. The bound separates the two without being a benchmark.
const BUDGET_MS = 1000;

/** Repeats `unit` until the text is at least SIZE characters long. */
function fill(unit: string, prefix = '', suffix = ''): string {
  return prefix + unit.repeat(Math.ceil(SIZE / unit.length)) + suffix;
}

/** Limits that let the whole input reach the tokenizer and parser. */
const UNLIMITED: Partial<DialectLimits> = {
  maxQueryLength: Infinity,
  maxNameLength: Infinity,
  maxConditions: Infinity,
  maxValues: Infinity,
};

const ADVERSARIAL: [string, string][] = [
  ['opening braces', fill('{')],
  ['closing braces', fill('}')],
  ['double quotes', fill('"')],
  ['one unclosed name', fill('a', 'DESCRIBE "')],
  ['a huge valid name', fill('x', 'DESCRIBE "', '"')],
  ['escaped quotes in an unclosed name', fill('\\"', 'DESCRIBE "')],
  ['backslash pairs in a valid name', fill('\\\\', 'DESCRIBE "', '"')],
  ['backticks', fill('`')],
  ['nested query( wrappers', fill('query(', '', 'DESCRIBE "a"')],
  ['query( wrappers closed', fill('query(', '', 'DESCRIBE "a"') + ')'.repeat(SIZE / 6)],
  ['Action labels', fill('Action: ')],
  ['trailing semicolons', fill(';', 'DESCRIBE "a"')],
  ['semicolons inside a group', fill(';', 'SELECT ?x WHERE { ?x "r" "b" ', ' }')],
  ['less-than signs', fill('<')],
  ['an unclosed IRI', fill('a', '<')],
  ['many IRIs', fill('<http://x.org/a> ')],
  ['spaces before a query', fill(' ', '', 'DESCRIBE "a"')],
  ['newlines inside a group', fill('\n', 'SELECT ?x WHERE {', '?x "r" "b" }')],
  ['triple-quote wrapper', fill(' ', '"""DESCRIBE', '"""')],
  ['code fence with a long tag', fill('a', '```', '\nDESCRIBE "a"\n```')],
  ['many valid conditions', fill(' ?x "r" "b" .', 'SELECT ?x WHERE {', ' }')],
  ['many shorthand conditions', fill(' "r" "b" ;', 'SELECT ?x WHERE { ?x "r" "b" ;', ' }')],
  ['many conditions without dots', fill(' ?x "r" "b"', 'SELECT ?x WHERE {', ' }')],
  ['a huge VALUES list', fill(' "v"', 'SELECT ?x WHERE { VALUES ?x {', ' } ?x "r" "b" }')],
  ['a huge VALUES list with commas', fill(' "v",', 'SELECT ?x WHERE { VALUES ?x {', ' } ?x "r" "b" }')],
  ['one long unquoted word', fill('a', 'DESCRIBE ')],
  ['one long non-ASCII word', fill('é', 'DESCRIBE ')],
  ['one long variable', fill('x', 'SELECT ?')],
  ['one long prefixed name', fill('a.', 'DESCRIBE ex:')],
  ['one long number', fill('1')],
  ['NUL bytes', fill('\u0000')],
  ['NUL bytes after a query', fill('\u0000', 'DESCRIBE "a" ')],
  ['emoji in a name', fill('☕👩‍🍳', 'DESCRIBE "', '"')],
  ['a name that starts like an IRI and has spaces', fill('a ', 'DESCRIBE "http://', '"')],
  ['a near-miss name ending with a line break', fill('b', 'DESCRIBE "', '\n"')],
  ['alternating quotes and braces', fill('"{"}')],
  ['repeated incomplete triples', fill('?x "r" ', 'SELECT ?x WHERE { ', '}')],
  ['repeated keywords', fill('SELECT ')],
  ['a wrapper literal with many escapes', fill('\\\\\\"', 'query("DESCRIBE \\"', '\\"")')],
];

function timeOf(action: () => void): number {
  const start = performance.now();
  action();
  return performance.now() - start;
}

describe('parser timing on 100 kB adversarial inputs', () => {
  parseQuery('SELECT ?x WHERE { ?x "r" "b" }'); // warm up the JIT

  it.each(ADVERSARIAL)('%s: rejected quickly under the default limits', (_label, input) => {
    expect(input.length).toBeGreaterThanOrEqual(SIZE);
    let result: ReturnType<typeof parseQuery> | undefined;
    const ms = timeOf(() => {
      result = parseQuery(input);
    });
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/too long/) });
    expect(ms).toBeLessThan(BUDGET_MS);
  });

  it.each(ADVERSARIAL)('%s: fully scanned quickly with every limit lifted', (_label, input) => {
    let result: ReturnType<typeof parseQuery> | undefined;
    const ms = timeOf(() => {
      result = parseQuery(input, UNLIMITED);
    });
    expect(result).toBeDefined();
    if (result && !result.ok) expect(result.error.length).toBeLessThanOrEqual(300);
    expect(ms).toBeLessThan(BUDGET_MS);
  });

  it('all inputs together stay within a few budgets', () => {
    const ms = timeOf(() => {
      for (const [, input] of ADVERSARIAL) parseQuery(input, UNLIMITED);
    });
    expect(ms).toBeLessThan(BUDGET_MS * 5);
  });
});
