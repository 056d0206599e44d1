import { describe, expect, it } from 'vitest';
import { TaskRegistry, type RegisteredTask } from '../../../src-main/core/task-registry';
import { throwIfAborted } from '../../../src-main/core/task';

describe('TaskRegistry', () => {
  it('reports the result with the final update and supports cancel', async () => {
    const reg = new TaskRegistry();
    const seen: RegisteredTask[] = [];
    reg.events.on('update', (t: RegisteredTask) => seen.push(t));
    const ok = reg.launch('x', 'X', async (t) => {
      t.update({ stage: 'work', fraction: 0.5 });
      return { n: 42 };
    });
    const slow = reg.launch('y', 'Y', async (t) => {
      for (;;) {
        await new Promise((r) => setTimeout(r, 5));
        throwIfAborted(t.signal);
      }
    });
    await new Promise((r) => setTimeout(r, 30));
    expect(reg.cancel(slow.id)).toBe(true);
    await new Promise((r) => setTimeout(r, 30));
    expect(reg.get(ok.id)).toMatchObject({ state: 'ok', result: { n: 42 } });
    expect(reg.get(slow.id)!.state).toBe('cancelled');
    expect(seen.find((s) => s.id === ok.id && s.state === 'ok')?.result).toEqual({ n: 42 });
    expect(reg.cancel(ok.id)).toBe(false);
  });
});
