import { describe, expect, it } from 'vitest';
import type { TaskProgress } from '../../../src-main/core/task';
import type { ItemResult } from '../../../src-main/evaluation/evaluation-types';
import { RunTally } from '../../../src-main/evaluation/run-tally';

const result = (id: string) => ({ id }) as ItemResult;

describe('RunTally', () => {
  it('keeps dataset order whatever order items finish in, and counts reused and answered items apart', () => {
    const progress: TaskProgress[] = [];
    const items: [string, boolean][] = [];
    const tally = new RunTally(
      3,
      (p) => progress.push(p),
      (r, fromStore) => items.push([r.id, fromStore]),
    );
    tally.reuse(1, result('b'));
    tally.progress();
    tally.answer(2, result('c'));
    tally.answer(0, result('a'));
    expect(tally.results.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect([tally.reused, tally.answered]).toEqual([1, 2]);
    expect(items).toEqual([
      ['b', true],
      ['c', false],
      ['a', false],
    ]);
    expect(progress.map((p) => p.fraction)).toEqual([1 / 3, 2 / 3, 1]);
    expect(progress[0].stage).toBe('1/3 items');
  });

  it('reports a run of no items as done', () => {
    const progress: TaskProgress[] = [];
    new RunTally(0, (p) => progress.push(p)).progress('nothing to do');
    expect(progress).toEqual([{ fraction: 1, stage: 'nothing to do' }]);
  });
});
