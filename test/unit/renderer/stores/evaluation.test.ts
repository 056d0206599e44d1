import { describe, expect, it } from 'vitest';
import type { ApiTask, DatasetPairing, EvaluationSummary, RunInfo } from '../../../../src-main/api/contract';
import { useAppStore } from '../../../../src-renderer/stores/app';
import { useEvaluationStore } from '../../../../src-renderer/stores/evaluation';
import { useOntologyStore } from '../../../../src-renderer/stores/ontology';
import { etaSeconds, stageHasEta, useTasksStore } from '../../../../src-renderer/stores/tasks';
import { ontologyInfo, storeHarness } from './harness';

const pairing = (over: Partial<DatasetPairing>): DatasetPairing => ({
  ontology: 'a.ofn',
  derivedFrom: null,
  match: null,
  ...over,
});

describe('evaluation store: the dataset pairing, the form and the evaluate task', () => {
  const h = storeHarness();
  const ready = () => {
    h.api.reply('tasks.list', []);
    useTasksStore().init();
    const ont = useOntologyStore();
    ont.list = [ontologyInfo('/o/a.ofn'), ontologyInfo('/o/a.revised.ofn'), ontologyInfo('/o/b.ofn')];
    ont.select('/o/b.ofn');
    return useEvaluationStore();
  };

  it("runs against the dataset's own ontology when it is open, else the current one", async () => {
    const s = ready();
    expect(s.ontologyId).toBe('/o/b.ofn');
    s.form.datasetPath = '/d/a.jsonl';
    h.api.reply('datasets.pairing', pairing({ match: { path: '/o/a.ofn', ontologyId: '/o/a.ofn', via: 'open' } }));
    await s.loadPairing();
    expect(s.ontologyId).toBe('/o/a.ofn');
    expect(s.mismatch).toBeNull();
    s.form.ontologyId = '/o/b.ofn';
    expect(s.mismatch).toMatch(/built from a\.ofn, not from b\.ofn/);
  });

  it('names the Test 2 trap: the original ontology for a revised dataset', async () => {
    const s = ready();
    s.form.datasetPath = '/d/t2.jsonl';
    h.api.reply('datasets.pairing', pairing({ ontology: 'a.revised.ofn', derivedFrom: 'a.ofn' }));
    await s.loadPairing();
    s.form.ontologyId = '/o/a.ofn';
    expect(s.mismatch).toMatch(/Test 2 dataset for a\.revised\.ofn.*original/);
    s.form.ontologyId = '/o/b.ofn';
    expect(s.mismatch).toMatch(/revised from a\.ofn\), not for b\.ofn/);
  });

  it('a pairing that cannot be read says why; the last asked wins', async () => {
    const s = ready();
    s.form.datasetPath = '/d/x.jsonl';
    h.api.fail('datasets.pairing', 'bad-dataset', 'Not a dataset.');
    await s.loadPairing();
    expect([s.pairing, s.pairingError]).toEqual([null, 'Not a dataset.']);
    s.form.datasetPath = '';
    await s.loadPairing();
    expect(s.pairingError).toBeNull();
  });

  it('checks the form before starting', async () => {
    const s = ready();
    await s.start();
    expect(s.formError).toMatch(/Give the dataset/);
    s.form.datasetPath = '/d/a.jsonl';
    s.form.method = 'oa-rag';
    await s.start();
    expect(s.formError).toMatch(/needs a model/);
    useAppStore().info = { defaultModel: '/m/x.gguf' } as never;
    s.form.items = { mode: 'first', n: 0, seed: 1 };
    await s.start();
    expect(s.formError).toMatch(/number of items/);
    s.form.items = { mode: 'sample', n: 3, seed: -1 };
    await s.start();
    expect(s.formError).toMatch(/seed/);
    expect(h.api.callsOf('evaluation.run')).toEqual([]);
  });

  it('starts an evaluate task with the items chosen; its error code is surfaced', async () => {
    const s = ready();
    Object.assign(s.form, { datasetPath: ' /d/a.jsonl ', concurrency: 200, items: { mode: 'sample', n: 3, seed: 7 } });
    h.api.launches('evaluation.run', 'evaluate', {
      state: 'ok',
      result: { runId: 'r1' } as unknown as EvaluationSummary,
    });
    await s.start();
    expect(h.api.callsOf('evaluation.run')).toEqual([
      {
        ontologyId: '/o/b.ofn',
        datasetPath: '/d/a.jsonl',
        method: 'reasoner-only',
        model: undefined,
        protocol: 'auto',
        concurrency: 64,
        sample: 3,
        seed: 7,
      },
    ]);
    expect(s.run.result).toEqual({ runId: 'r1' });
    h.api.launches('evaluation.run', 'evaluate', {
      state: 'error',
      error: 'Item 3 has no gold.',
      errorCode: 'bad-item',
    });
    await s.start();
    expect(s.run.error).toEqual({ message: 'Item 3 has no gold.', code: 'bad-item' });
  });

  it('a cancelled run is not an error to show in red: its stored record is found, and Resume asks the same again', async () => {
    const s = ready();
    Object.assign(s.form, { datasetPath: '/d/a.jsonl', items: { mode: 'first', n: 5, seed: 1 } });
    h.api.launches('evaluation.run', 'evaluate', { state: 'cancelled' });
    const run = (id: string, datasetPath: string, updatedAt: string, items: number) =>
      ({ id, datasetPath, method: 'reasoner-only', updatedAt, items }) as unknown as RunInfo;
    h.api.reply('evaluation.runs', [
      run('older', '/d/a.jsonl', '2026-01-01T00:00:00Z', 5),
      run('other', '/d/b.jsonl', '2026-01-03T00:00:00Z', 9),
      run('this', '/d/a.jsonl', '2026-01-02T00:00:00Z', 3),
    ]);
    await s.start();
    expect(s.run.error?.code).toBe('cancelled');
    expect(s.cancelled?.run?.id).toBe('this');
    expect(s.cancelled?.asked).toBe(5);
    s.form.datasetPath = '/d/changed.jsonl';
    h.api.launches('evaluation.run', 'evaluate', { state: 'ok', result: { runId: 'this' } as EvaluationSummary });
    await s.resume();
    const calls = h.api.callsOf('evaluation.run');
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual(calls[0]);
    expect(s.cancelled).toBeNull();
    expect(s.run.result).toEqual({ runId: 'this' });
  });
});

describe('one time-left figure per task', () => {
  const t = (stage: string) =>
    ({ id: 'a', kind: 'evaluate', title: 'E', state: 'running', fraction: 0.5, stage, startedAt: 0 }) as ApiTask;
  it("leaves the estimate to the task's stage when the stage gives one", () => {
    expect(stageHasEta('12/24 items · 30 questions/min · ETA 13 s')).toBe(true);
    expect(stageHasEta('12/24 items')).toBe(false);
    expect(etaSeconds(t('12/24 items · 30 questions/min · ETA 13 s'), 10_000)).toBeNull();
    expect(etaSeconds(t('12/24 items'), 10_000)).toBeCloseTo(10, 5);
  });
});
