import { describe, expect, it } from 'vitest';
import type { DiffOutcome, ModelInfo } from '../../../../src-main/api/contract';
import { ApiError, api } from '../../../../src-renderer/api';
import { createJob } from '../../../../src-renderer/stores/job';
import { useTasksStore } from '../../../../src-renderer/stores/tasks';
import { settle } from './fake-api';
import { storeHarness } from './harness';

const model = { path: '/m/a.gguf', fileName: 'a.gguf' } as ModelInfo;

describe('createJob: one long task of a kind, followed through the tasks store', () => {
  const h = storeHarness();
  const begin = () => {
    h.api.reply('tasks.list', []);
    useTasksStore().init();
  };

  it('holds the typed result of a task that ended ok, and is running until then', async () => {
    begin();
    h.api.launches('models.download', 'download', { state: 'ok', result: model });
    const job = createJob('download');
    const p = job.start(() => api().call('models.download', { url: 'http://x/a.gguf' }));
    expect(job.running.value).toBe(true);
    await p;
    expect(job.running.value).toBe(false);
    expect(job.result.value).toEqual(model);
    expect(job.error.value).toBeNull();
    expect(job.task.value).toMatchObject({ kind: 'download', state: 'ok' });
  });

  it("surfaces the task's error code", async () => {
    begin();
    h.api.launches('models.download', 'download', { state: 'error', error: 'HTTP 404', errorCode: 'download' });
    const job = createJob('download');
    await job.start(() => api().call('models.download', { url: 'http://x/a.gguf' }));
    expect(job.error.value).toEqual({ message: 'HTTP 404', code: 'download' });
    expect(job.result.value).toBeNull();
  });

  it("an error without a code is 'internal'; a cancelled task is 'cancelled'", async () => {
    begin();
    h.api.launches('models.download', 'download', { state: 'error', error: 'odd' });
    const job = createJob('download');
    await job.start(() => api().call('models.download', { url: 'u' }));
    expect(job.error.value?.code).toBe('internal');
    h.api.launches('models.download', 'download', { state: 'cancelled' });
    await job.start(() => api().call('models.download', { url: 'u' }));
    expect(job.error.value).toEqual({ message: 'Cancelled.', code: 'cancelled' });
  });

  it("a refused launch surfaces the call's code", async () => {
    begin();
    h.api.fail('diff.run', 'not-open', 'Open it first.');
    const job = createJob('diff');
    await job.start(() => api().call('diff.run', { oldId: 'a', newId: 'b' }));
    expect(job.error.value).toEqual({ message: 'Open it first.', code: 'not-open' });
    expect(job.running.value).toBe(false);
  });

  it('shows no task of another kind under its id', async () => {
    begin();
    const job = createJob('diff');
    const p = job.start(async () => ({ taskId: 'x' }));
    await settle(1);
    h.api.pushTask('x', 'load', { state: 'running' });
    expect(job.task.value).toBeUndefined();
    h.api.pushTask('x', 'load', { state: 'ok', result: {} as never });
    await p;
    // waitFor refused the kind: that is the job's error, not a result.
    expect(job.result.value).toBeNull();
    expect(job.error.value?.code).toBe('internal');
    expect(job.error.value?.message).toMatch(/load task, not diff/);
  });

  it('a second start while one runs is ignored; reset clears', async () => {
    begin();
    const result = { oldId: 'a', newId: 'b' } as DiffOutcome;
    h.api.launches('diff.run', 'diff', { state: 'ok', result });
    const job = createJob('diff');
    const first = job.start(() => api().call('diff.run', { oldId: 'a', newId: 'b' }));
    await job.start(() => Promise.reject(new ApiError('busy', 'no')));
    await first;
    expect(h.api.callsOf('diff.run')).toHaveLength(1);
    expect(job.error.value).toBeNull();
    job.reset();
    expect([job.taskId.value, job.result.value, job.error.value]).toEqual([null, null, null]);
  });
});
