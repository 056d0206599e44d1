import { describe, expect, it } from 'vitest';
import { capChanges } from '../../../src-main/diff/cap-changes';
import { compareVersions } from '../../../src-main/diff/compare-versions';
import type { DiffReport } from '../../../src-main/diff/diff-types';
import { snapshot } from './snapshot-fixture';

const before = snapshot({ classes: { A_1: { name: 'a' }, A_2: { name: 'b' } } });
const after = snapshot({
  classes: { A_1: { name: 'a!' }, A_2: { name: 'b!' }, A_3: { name: 'c' }, A_4: { name: 'd' }, A_5: { name: 'e' } },
});
const changes = compareVersions(before, after);
const report = {
  version: 1,
  old: { file: 'a', title: null, ontologyIri: null, classes: 2 },
  new: { file: 'b', title: null, ontologyIri: null, classes: 5 },
  namespaces: [],
  counts: { 'class-added': 3, 'label-changed': 2 },
  changes,
} as unknown as DiffReport;

describe('capChanges', () => {
  it('keeps the first changes of each kind and every count', () => {
    const { report: r, capped } = capChanges(report, 2);
    expect(capped).toBe(true);
    expect(r.changes.map((c) => `${c.kind} ${c.class.name}`)).toEqual([
      'class-added c',
      'class-added d',
      'label-changed a!',
      'label-changed b!',
    ]);
    expect(r.counts).toEqual(report.counts);
    expect(report.changes).toHaveLength(5);
  });

  it('says when nothing was left out', () => {
    expect(capChanges(report, 3)).toEqual({ report, capped: false });
  });
});
