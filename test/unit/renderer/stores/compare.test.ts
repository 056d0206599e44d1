import { describe, expect, it } from 'vitest';
import type { RunComparison, RunInfo } from '../../../../src-main/api/contract';
import { MAX_COMPARED, useCompareStore } from '../../../../src-renderer/stores/compare';
import { storeHarness } from './harness';

const run = (id: string, dataset: string) => ({ id, dataset }) as RunInfo;
const comparison = {
  runs: [],
  rows: [
    { id: 'q1', differs: true },
    { id: 'q2', differs: false },
  ],
  totals: [],
  notes: [],
} as unknown as RunComparison;

describe('compare store: stored runs side by side', () => {
  const h = storeHarness();

  it('suggests the two newest runs over the newest run’s dataset', () => {
    const s = useCompareStore();
    s.suggest([run('r3', 'd1'), run('r2', 'd2'), run('r1', 'd1')]);
    expect(s.picked).toEqual(['r3', 'r1']);
    s.suggest([run('x', 'd'), run('y', 'd')]);
    expect(s.picked).toEqual(['r3', 'r1']);
  });

  it('refuses fewer than two different runs without calling', async () => {
    const s = useCompareStore();
    s.setRun(0, 'r1');
    s.setRun(1, 'r1');
    await s.compare();
    expect(s.error).toBe('Pick two or more different runs.');
    expect(h.api.calls).toEqual([]);
  });

  it('compares the chosen runs, filters to differing rows, and says why a comparison failed', async () => {
    const s = useCompareStore();
    s.setRun(0, 'r1');
    s.addSlot();
    s.setRun(2, 'r2');
    h.api.reply('evaluation.compare', comparison);
    await s.compare();
    expect(h.api.callsOf('evaluation.compare')).toEqual([{ runIds: ['r1', 'r2'] }]);
    expect(s.rows).toHaveLength(2);
    s.onlyDiffering = true;
    expect(s.rows.map((r) => r.id)).toEqual(['q1']);
    h.api.fail('evaluation.compare', 'not-found', 'Run r2 is gone.');
    await s.compare();
    expect([s.error, s.result, s.loading]).toEqual(['Run r2 is gone.', null, false]);
  });

  it(`holds at most ${MAX_COMPARED} slots and at least two`, () => {
    const s = useCompareStore();
    for (let i = 0; i < 6; i++) s.addSlot();
    expect(s.picked).toHaveLength(MAX_COMPARED);
    for (let i = 0; i < 6; i++) s.removeSlot(0);
    expect(s.picked).toHaveLength(2);
  });
});
