import { describe, expect, it } from 'vitest';
import { pick, seededRandom } from '../../../../src-main/core/random';
import { makeTypo } from '../../../../src-main/query/linking/typo';
import { gestaltSimilarity, SimilarityBound } from '../../../../src-main/query/linking/similarity';
import { TrigramIndex, trigrams } from '../../../../src-main/query/linking/trigram-index';

const WORDS = [
  'cell',
  'cellular',
  'membrane',
  'nucleus',
  'ion',
  'channel',
  'activity',
  'of',
  'regulation',
  'positive',
  'heart',
  'valve',
  'a',
  'é',
  'x-1',
];

function names(rand: () => number, n: number): string[] {
  return Array.from({ length: n }, () =>
    Array.from({ length: 1 + Math.floor(rand() * 4) }, () => pick(rand, WORDS)).join(' '),
  );
}

/** The straightforward version: counts in a Map, a stable sort by Jaccard overlap. */
function reference(all: string[], query: string, limit: number): number[] {
  const grams = trigrams(query);
  const of = all.map(trigrams);
  const hits = new Map<number, number>();
  for (const g of grams) of.forEach((ng, i) => ng.has(g) && hits.set(i, (hits.get(i) ?? 0) + 1));
  return [...hits]
    .map(([i, c]) => [i, c / (grams.size + of[i].size - c)] as const)
    .sort((x, y) => y[1] - x[1])
    .slice(0, limit)
    .map(([i]) => i);
}

describe('TrigramIndex', () => {
  it('returns the same names in the same order as a plain count-and-sort, ties included', () => {
    const rand = seededRandom(4);
    const all = names(rand, 400);
    const index = new TrigramIndex(all);
    for (let q = 0; q < 60; q++) {
      const query = q % 3 === 0 ? 'zzz qqq' : makeTypo(pick(rand, all), rand, 1);
      for (const limit of [1, 5, 200])
        expect(index.search(query, limit), `${query} / ${limit}`).toEqual(reference(all, query, limit));
    }
  });

  it('can be searched again and again (its counters are reset)', () => {
    const index = new TrigramIndex(['heart valve', 'heart', 'valve']);
    const first = index.search('heart valv', 3);
    expect(index.search('heart valv', 3)).toEqual(first);
    expect(first[0]).toBe(0);
  });
});

describe('SimilarityBound', () => {
  it('is never below the gestalt similarity, and is 1 for the query itself', () => {
    const rand = seededRandom(9);
    const all = names(rand, 300);
    for (let q = 0; q < 30; q++) {
      const query = makeTypo(pick(rand, all), rand, 2);
      const bound = new SimilarityBound(query);
      expect(bound.of(query)).toBe(1);
      for (const x of all) expect(bound.of(x)).toBeGreaterThanOrEqual(gestaltSimilarity(query, x));
    }
  });
});
