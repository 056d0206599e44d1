import { describe, expect, it, vi } from 'vitest';
import type { ApiTask } from '../../../../src-main/api/contract';
import { useAppStore } from '../../../../src-renderer/stores/app';
import { useTasksStore } from '../../../../src-renderer/stores/tasks';
import { settle } from './fake-api';
import { ontologyInfo, storeHarness } from './harness';

const task = (over: Partial<ApiTask> & Pick<ApiTask, 'id'>): ApiTask =>
  ({ kind: 'load', title: 'Load', state: 'running', fraction: 0, stage: '', startedAt: 1, ...over }) as ApiTask;

describe('tasks store: a tasks.list snapshot, then pushed task.update events', () => {
  const h = storeHarness();

  it('starts from the snapshot and follows pushed updates', async () => {
    h.api.reply('tasks.list', [task({ id: 'a', fraction: 0.2 }), task({ id: 'b', state: 'ok', startedAt: 5 })]);
    const s = useTasksStore();
    s.init();
    await settle();
    expect(s.list.map((t) => t.id)).toEqual(['b', 'a']);
    expect(s.running.map((t) => t.id)).toEqual(['a']);
    h.api.emit('task.update', task({ id: 'a', fraction: 0.7, stage: 'classify' }));
    expect(s.byId.a).toMatchObject({ fraction: 0.7, stage: 'classify', state: 'running' });
    h.api.emit('task.update', task({ id: 'c', startedAt: 9 }));
    expect(s.list.map((t) => t.id)).toEqual(['c', 'b', 'a']);
  });

  it('subscribes once however often init is called', () => {
    h.api.reply('tasks.list', []);
    const s = useTasksStore();
    s.init();
    s.init();
    expect(h.api.listenerCount('task.update')).toBe(1);
    expect(h.api.callsOf('tasks.list')).toHaveLength(1);
  });

  it('keeps a result it holds when a later update of the same task carries none', () => {
    const s = useTasksStore();
    const info = ontologyInfo('/o/a.ofn');
    s.apply(task({ id: 'a', state: 'ok', fraction: 1, result: info } as Partial<ApiTask> & { id: string }));
    s.apply(task({ id: 'a', state: 'ok', fraction: 1 }));
    expect(s.byId.a.result).toEqual(info);
  });

  it('ignores pushed payloads that are not tasks', () => {
    const s = useTasksStore();
    s.apply(null as unknown as ApiTask);
    s.apply({ id: 7 } as unknown as ApiTask);
    expect(s.list).toEqual([]);
  });

  it('fetches the snapshot again after a reconnection, and applies tasks that ended meanwhile', async () => {
    h.api.reply('tasks.list', [task({ id: 'a' })]);
    const s = useTasksStore();
    s.init();
    await settle();
    h.api.reply('tasks.list', [task({ id: 'a', state: 'error', error: 'boom', errorCode: 'parse-error' })]);
    h.conn.reconnect();
    await settle();
    expect(s.byId.a).toMatchObject({ state: 'error', errorCode: 'parse-error' });
  });

  it('waitFor resolves with the pushed end of the task', async () => {
    h.api.reply('tasks.list', []);
    const s = useTasksStore();
    s.init();
    const done = s.waitFor('a', 'load');
    h.api.emit('task.update', task({ id: 'a', fraction: 0.5 }));
    h.api.emit('task.update', task({ id: 'a', state: 'cancelled' }));
    await expect(done).resolves.toMatchObject({ id: 'a', state: 'cancelled' });
  });

  it('waitFor resolves at once for a task that already ended', async () => {
    const s = useTasksStore();
    s.apply(task({ id: 'a', state: 'ok' }));
    await expect(s.waitFor('a', 'load')).resolves.toMatchObject({ state: 'ok' });
  });

  it('waitFor rejects a task of another kind than the caller launched', async () => {
    const s = useTasksStore();
    const done = s.waitFor('a', 'ask');
    s.apply(task({ id: 'a', kind: 'load', state: 'ok' }));
    await expect(done).rejects.toThrow(/is a load task, not ask/);
    s.apply(task({ id: 'b', kind: 'diff', state: 'ok' }));
    await expect(s.waitFor('b', 'evaluate')).rejects.toThrow(/diff task, not evaluate/);
  });

  it('a waiter whose end event was lost learns it from the slow poll', async () => {
    vi.useFakeTimers();
    h.api.reply('tasks.list', []);
    const s = useTasksStore();
    const done = s.waitFor('a', 'generate');
    h.api.reply('tasks.list', [task({ id: 'a', kind: 'generate', state: 'error', error: 'no', errorCode: 'no-mcq' })]);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(done).resolves.toMatchObject({ state: 'error', errorCode: 'no-mcq' });
    expect(h.api.callsOf('tasks.list')).toHaveLength(1);
  });

  it('a refused cancel becomes an error toast with the message', async () => {
    h.api.fail('tasks.cancel', 'not-found', 'No such task.');
    await useTasksStore().cancel('zz');
    expect(useAppStore().toasts).toEqual([expect.objectContaining({ kind: 'error', text: 'No such task.' })]);
  });

  it('clearFinished keeps only running tasks', () => {
    const s = useTasksStore();
    s.apply(task({ id: 'a' }));
    s.apply(task({ id: 'b', state: 'ok' }));
    s.apply(task({ id: 'c', state: 'error' }));
    s.clearFinished();
    expect(Object.keys(s.byId)).toEqual(['a']);
  });
});
