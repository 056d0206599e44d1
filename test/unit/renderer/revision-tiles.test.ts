import { describe, expect, it } from 'vitest';
import type { ReviseReport } from '../../../src-main/api/contract';
import { revisionTiles } from '../../../src-renderer/util/revision-tiles';

const report: ReviseReport = {
  ontology: '/o/po.obo',
  format: 'obo',
  classesChanged: 12,
  restrictionsRemoved: 30,
  distinctRestrictions: 27,
  statedTwice: 3,
  axiomsRemoved: 5,
  axiomsRewritten: 7,
  excluded: [],
  seconds: 1.2,
};

describe('revisionTiles', () => {
  it('shows each figure once, with words for labels, leaving out those the sentence states', () => {
    const tiles = revisionTiles(report);
    expect(tiles.map((t) => [t.label, t.value])).toEqual([
      ['axioms removed entirely', 5],
      ['axioms rewritten', 7],
    ]);
    for (const t of tiles) {
      expect(t.label).toMatch(/^[a-z0-9 -]+$/i);
      expect(t.label).not.toMatch(/[a-z][A-Z]/);
    }
  });

  it('adds the dataset figures only when a dataset was checked', () => {
    const tiles = revisionTiles({ ...report, items: 20, kept: 17, excluded: [{ id: 'a', reason: 'x' }] });
    const labels = tiles.map((t) => t.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(tiles.slice(2).map((t) => [t.label, t.value])).toEqual([
      ['dataset items checked', 20],
      ['items kept for Test 2', 17],
      ['items left out of Test 2', 1],
    ]);
  });
});
