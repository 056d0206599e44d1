import { describe, expect, it } from 'vitest';
import { TaskCancelledError } from '../../../src-main/core/task';
import { runPool } from '../../../src-main/evaluation/item-pool';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Work that holds the thread, as a reasoner-only item's scoring does. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('runPool', () => {
  it('gives the event loop a turn while items that resolve at once run, so a timer-borne cancel lands', async () => {
    const ctl = new AbortController();
    let ran = 0;
    let finished = 0;
    setTimeout(() => ctl.abort(), 60);
    const p = runPool({
      items: Array.from({ length: 400 }, (_, i) => i),
      concurrency: 1,
      signal: ctl.signal,
      run: async () => {
        ran++;
        busy(1);
        return () => {
          busy(1);
          finished++;
        };
      },
    });
    await expect(p).rejects.toBeInstanceOf(TaskCancelledError);
    // 400 items of 2 ms each take 800 ms: the cancel at 60 ms stopped the run long before its end.
    expect(ran).toBeLessThan(200);
    // Every item answered before the cancel was still finished (stored), none half-way.
    expect(finished).toBe(ran);
  });

  it('keeps at most N items in flight and starts them in order', async () => {
    let inFlight = 0;
    let peak = 0;
    const started: number[] = [];
    await runPool({
      items: Array.from({ length: 20 }, (_, i) => i),
      concurrency: 4,
      run: async (x) => {
        started.push(x);
        peak = Math.max(peak, ++inFlight);
        await tick(5 + ((x * 7) % 5));
        inFlight--;
      },
    });
    expect(peak).toBe(4);
    expect(started).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('after a failure starts nothing new, lets the items in flight finish, then throws the first failure', async () => {
    const finished: number[] = [];
    const p = runPool({
      items: Array.from({ length: 10 }, (_, i) => i),
      concurrency: 3,
      run: async (x) => {
        if (x === 1) throw new Error('boom');
        await tick(20);
        finished.push(x);
      },
    });
    await expect(p).rejects.toThrow('boom');
    expect(finished.sort()).toEqual([0, 2]);
  });

  it('cancelling aborts the items in flight and throws TaskCancelledError once they settle', async () => {
    const ctl = new AbortController();
    let settled = 0;
    const p = runPool({
      items: [1, 2, 3, 4, 5, 6],
      concurrency: 2,
      signal: ctl.signal,
      run: (_x, _i, signal) =>
        new Promise<void>((resolve, reject) => {
          const t = setTimeout(resolve, 10_000);
          signal.addEventListener('abort', () => {
            clearTimeout(t);
            settled++;
            reject(new Error('aborted'));
          });
        }),
    });
    setTimeout(() => ctl.abort(), 20);
    await expect(p).rejects.toBeInstanceOf(TaskCancelledError);
    expect(settled).toBe(2);
  });

  it('does nothing for no items, and treats N < 1 as 1', async () => {
    await runPool({
      items: [],
      concurrency: 8,
      run: async () => {
        throw new Error('never');
      },
    });
    let peak = 0;
    let now = 0;
    await runPool({
      items: [1, 2, 3],
      concurrency: 0,
      run: async () => {
        peak = Math.max(peak, ++now);
        await tick(1);
        now--;
      },
    });
    expect(peak).toBe(1);
  });

  it('frees the slot when an item hands back a finisher; finishers run one at a time, in order', async () => {
    const log: string[] = [];
    let finishing = 0;
    await runPool({
      items: [0, 1, 2, 3],
      concurrency: 1,
      run: async (x) => {
        log.push(`run ${x}`);
        await tick(2);
        return async () => {
          expect(++finishing).toBe(1);
          await tick(10);
          log.push(`finish ${x}`);
          finishing--;
        };
      },
    });
    // With one slot, item 1 starts while item 0's finisher is still at work.
    expect(log.indexOf('run 1')).toBeLessThan(log.indexOf('finish 0'));
    expect(log.filter((l) => l.startsWith('finish'))).toEqual(['finish 0', 'finish 1', 'finish 2', 'finish 3']);
  });

  it('still runs a finisher queued before a cancel, then throws TaskCancelledError', async () => {
    const ctl = new AbortController();
    const finished: number[] = [];
    const p = runPool({
      items: [0, 1, 2],
      concurrency: 2,
      signal: ctl.signal,
      run: async (x, _i, signal) => {
        if (x === 0) {
          return async () => {
            await tick(30);
            finished.push(x);
          };
        }
        await new Promise((_r, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
      },
    });
    setTimeout(() => ctl.abort(), 10);
    await expect(p).rejects.toBeInstanceOf(TaskCancelledError);
    expect(finished).toEqual([0]);
  });

  it('a failing finisher stops new items and is thrown after the rest settle', async () => {
    const started: number[] = [];
    const p = runPool({
      items: Array.from({ length: 10 }, (_, i) => i),
      concurrency: 1,
      run: async (x) => {
        started.push(x);
        await tick(5);
        return () => {
          if (x === 1) throw new Error('store failed');
        };
      },
    });
    await expect(p).rejects.toThrow('store failed');
    expect(started.length).toBeLessThan(10);
  });

  it('lets more than ten items in flight listen on the run signal without a listener-leak warning', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      await runPool({
        items: Array.from({ length: 32 }, (_, i) => i),
        concurrency: 16,
        signal: new AbortController().signal,
        run: async (_x, _i, signal) => {
          const onAbort = () => {};
          signal.addEventListener('abort', onAbort);
          await tick(5);
          signal.removeEventListener('abort', onAbort);
        },
      });
      await tick(10);
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });
});
