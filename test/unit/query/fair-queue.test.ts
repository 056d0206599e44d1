import { describe, expect, it } from 'vitest';
import { FairQueue } from '../../../src-main/ontology/store/sparql/fair-queue';

/** Issue #27 item 7: a bounded wait, a fair share per client, 'busy' rather than an unbounded queue. */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('FairQueue', () => {
  it('runs one at a time, the turn passing to another client after each query', async () => {
    const q = new FairQueue({ maxWaitMs: 10_000, perClient: 5, total: 20 });
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(name);
      await sleep(20);
      return name;
    };
    const all = [
      q.run('a', job('a1')),
      q.run('a', job('a2')),
      q.run('a', job('a3')),
      q.run('b', job('b1')),
      q.run('c', job('c1')),
      q.run('b', job('b2')),
    ];
    await Promise.all(all);
    expect(order).toEqual(['a1', 'b1', 'a2', 'c1', 'b2', 'a3']);
  });

  it("refuses a client's burst past its share, and any query past the total, at once with busy", async () => {
    const q = new FairQueue({ maxWaitMs: 10_000, perClient: 2, total: 3 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const running = q.run('a', () => gate);
    const waiting = [q.run('a', async () => 1), q.run('a', async () => 2)];
    const t0 = performance.now();
    await expect(q.run('a', async () => 3)).rejects.toMatchObject({ code: 'busy' });
    const b = q.run('b', async () => 'b');
    await expect(q.run('c', async () => 'c')).rejects.toMatchObject({
      code: 'busy',
      message: expect.stringMatching(/3 SPARQL queries are already waiting/),
    });
    expect(performance.now() - t0).toBeLessThan(100);
    release();
    await running;
    expect(await Promise.all(waiting)).toEqual([1, 2]);
    expect(await b).toBe('b');
  });

  it('a query that waits longer than the bound is refused with busy, and the queue goes on', async () => {
    const q = new FairQueue({ maxWaitMs: 150, perClient: 5, total: 5 });
    const slow = q.run('a', () => sleep(600).then(() => 'slow'));
    const t0 = performance.now();
    await expect(q.run('b', async () => 'late')).rejects.toMatchObject({
      code: 'busy',
      message: expect.stringMatching(/waited 0\.1 s|waited 0\.2 s|waited 150/),
    });
    expect(performance.now() - t0).toBeLessThan(500);
    expect(await slow).toBe('slow');
    expect(await q.run('b', async () => 'next')).toBe('next');
  });

  it('a cancelled waiter leaves the queue', async () => {
    const q = new FairQueue({ maxWaitMs: 10_000, perClient: 1, total: 5 });
    const first = q.run('a', () => sleep(100));
    const ac = new AbortController();
    const w = q.run('a', async () => 'x', ac.signal);
    ac.abort();
    await expect(w).rejects.toThrow(/cancel/i);
    expect(q.waitingCount).toBe(0);
    // Its share is free again.
    expect(await Promise.all([first, q.run('a', async () => 'y')])).toEqual([undefined, 'y']);
  });
});
