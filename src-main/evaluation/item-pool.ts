import { setMaxListeners } from 'node:events';
import { TaskCancelledError } from '../core/task';
import { turnTaker } from '../core/yield-turn';

/** What an item's `run` may hand back: the item's own follow-up work, done off its slot (see runPool). */
export type FinishItem = () => Promise<void> | void;

export interface PoolOptions<T> {
  items: readonly T[];
  /** Items in flight at once (at least 1). */
  concurrency: number;
  signal?: AbortSignal;
  /**
   * Works on one item; `signal` fires when the run is cancelled. It may return a finisher: the slot is
   * then free for the next item at once, and the finisher runs in a queue of its own.
   */
  run: (item: T, index: number, signal: AbortSignal) => Promise<void | FinishItem>;
}

/**
 * Runs `run` over the items with up to `concurrency` in flight, starting them in order. Each item
 * finishes on its own (the caller stores its result there), so what is done is never lost:
 * - a failure stops new items from starting; the ones in flight run to their end, then the first
 *   failure is thrown;
 * - cancelling (the signal) aborts the items in flight and throws TaskCancelledError once they settle.
 *
 * Finishers (scoring, checks, storing) run one at a time, in the order their items' runs ended, while
 * the slots already wait on the next items: against a remote model the client's own work then hides in
 * the time the replies take, instead of delaying every next request behind up to N items' work. A
 * finisher queued before a cancel or a failure still runs, so an answer in hand is still stored.
 */
export async function runPool<T>(o: PoolOptions<T>): Promise<void> {
  const n = Math.max(1, Math.floor(o.concurrency));
  const inner = new AbortController();
  // Every item in flight listens on it (its request, its retries): more than Node's default of 10.
  setMaxListeners(0, inner.signal);
  const onAbort = () => inner.abort(o.signal?.reason);
  if (o.signal?.aborted) throw new TaskCancelledError();
  o.signal?.addEventListener('abort', onAbort, { once: true });
  let next = 0;
  let failure: { error: unknown } | null = null;
  let finishing: Promise<void> = Promise.resolve();
  // Items a method answers at once (reasoner-only, string-match) would otherwise run the whole pool in
  // microtasks: the server could answer nothing, not even a cancel, and the store's writes would wait to the end.
  const breathe = turnTaker();
  const worker = async () => {
    while (!failure && !inner.signal.aborted && next < o.items.length) {
      await breathe();
      if (failure || inner.signal.aborted || next >= o.items.length) break;
      const i = next++;
      try {
        const finish = await o.run(o.items[i], i, inner.signal);
        if (finish)
          finishing = finishing.then(async () => {
            try {
              await finish();
            } catch (e) {
              failure ??= { error: e };
            }
          });
      } catch (e) {
        failure ??= { error: e };
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(n, o.items.length) }, worker));
    await finishing;
  } finally {
    o.signal?.removeEventListener('abort', onAbort);
  }
  if (o.signal?.aborted) throw new TaskCancelledError();
  if (failure) throw (failure as { error: unknown }).error;
}
