import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../../../src-main/query/dialect/parse-query';

/** Small deterministic PRNG (mulberry32) so failures are reproducible. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  'DESCRIBE',
  'ASK',
  'SELECT',
  'EXPLAIN',
  'WHERE',
  'VALUES',
  'DISTINCT',
  'FILTER',
  'DELETE',
  'a',
  'query(',
  ')',
  '{',
  '}',
  '.',
  ';',
  ',',
  '*',
  '?x',
  '?y',
  '$x',
  '"latte"',
  '"is a"',
  "'milk'",
  '“cafe”',
  '"',
  "'",
  '\\',
  '\\"',
  '<http://x>',
  'rdfs:label',
  ':',
  '#',
  '`',
  '```',
  '\n',
  ' ',
  '\t',
  '\u0000',
  '☕',
  '\ud800',
  'Action:',
  '42',
];

function randomQuery(next: () => number): string {
  const length = 1 + Math.floor(next() * 14);
  let text = '';
  for (let i = 0; i < length; i++) {
    text += PIECES[Math.floor(next() * PIECES.length)];
    if (next() < 0.6) text += ' ';
  }
  return text;
}

describe('fuzzing parseQuery with random token soup', () => {
  it('never throws, always returns a well-formed result, and round-trips what it accepts', () => {
    const next = random(20240531);
    let accepted = 0;
    for (let i = 0; i < 5000; i++) {
      const input = randomQuery(next);
      const result = parseQuery(input);
      if (result.ok) {
        accepted++;
        expect(parseQuery(result.normalized), input).toEqual(result);
      } else {
        expect(result.error, input).toMatch(/\S/);
        expect(result.hint, input).toMatch(/\S/);
        expect(result.error, input).not.toMatch(/\n/);
      }
    }
    // Token soup is almost always invalid; the point is that nothing crashes.
    expect(accepted).toBeLessThan(5000);
  });

  it('never throws on random mutations of valid queries', () => {
    const next = random(7);
    const valid = [
      'DESCRIBE "latte"',
      'ASK { "latte" "has ingredient" "milk" }',
      'SELECT ?x WHERE { VALUES ?x { "latte" "mocha" } ?x "has ingredient" "milk" . ?x "is a" "coffee drink" }',
      'SELECT ?o WHERE { "latte" "has ingredient" ?o }',
      'SELECT ?r WHERE { "latte" ?r "milk" }',
      'EXPLAIN { "latte" "is a" "coffee drink" }',
    ];
    for (let i = 0; i < 5000; i++) {
      const base = valid[i % valid.length];
      const at = Math.floor(next() * (base.length + 1));
      const cut = Math.floor(next() * 3);
      const insert = next() < 0.5 ? PIECES[Math.floor(next() * PIECES.length)] : '';
      const input = base.slice(0, at) + insert + base.slice(at + cut);
      const result = parseQuery(input);
      if (result.ok) expect(parseQuery(result.normalized), input).toEqual(result);
      else expect(result.hint, input).toMatch(/\S/);
    }
  });
});
