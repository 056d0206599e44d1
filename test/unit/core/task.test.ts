import { describe, expect, it } from 'vitest';
import { Task, TaskCancelledError, type TaskSnapshot } from '../../../src-main/core/task';

describe('Task', () => {
  it('throttles progress but always reports stage changes and the end', async () => {
    const seen: TaskSnapshot[] = [];
    const t = new Task('load', 'Load', (s) => seen.push(s), 100);
    for (let i = 0; i < 1000; i++) t.update({ fraction: i / 1000, stage: 'parse' });
    t.update({ stage: 'classify', fraction: 0.5 });
    t.end('ok');
    expect(seen.length).toBeLessThan(10);
    expect(seen.some((s) => s.stage === 'classify')).toBe(true);
    expect(seen.at(-1)!.state).toBe('ok');
    expect(seen.at(-1)!.fraction).toBe(1);
  });

  it('run() ends cancelled when the work is aborted', async () => {
    const t = new Task('x', 'X');
    const p = t.run(async (task) => {
      await new Promise((r) => setTimeout(r, 20));
      if (task.signal.aborted) throw new TaskCancelledError();
      return 1;
    });
    t.cancel();
    await expect(p).rejects.toBeInstanceOf(TaskCancelledError);
    expect(t.snapshot.state).toBe('cancelled');
  });

  it('follows a parent signal and ignores updates after the end', () => {
    const parent = new AbortController();
    const t = new Task('x', 'X', () => {}, 100, parent.signal);
    parent.abort();
    expect(t.signal.aborted).toBe(true);
    t.end('error', 'boom');
    t.update({ fraction: 0.9 });
    expect(t.snapshot.state).toBe('error');
    expect(t.snapshot.error).toBe('boom');
    expect(t.snapshot.fraction).toBe(0);
  });
});
