import { TaskCancelledError } from '../core/task';

export interface PoolOptions<T> {
  items: readonly T[];
  /** Items in flight at once (at least 1). */
  concurrency: number;
  signal?: AbortSignal;
  /** Works on one item; `signal` fires when the run is cancelled. */
  run: (item: T, index: number, signal: AbortSignal) => Promise<void>;
}

/**
 * Runs `run` over the items with up to `concurrency` in flight, starting them in order. Each item
 * finishes on its own (the caller stores its result there), so what is done is never lost:
 * - a failure stops new items from starting; the ones in flight run to their end, then the first
 *   failure is thrown;
 * - cancelling (the signal) aborts the items in flight and throws TaskCancelledError once they settle.
 */
export async function runPool<T>(o: PoolOptions<T>): Promise<void> {
  const n = Math.max(1, Math.floor(o.concurrency));
  const inner = new AbortController();
  const onAbort = () => inner.abort(o.signal?.reason);
  if (o.signal?.aborted) throw new TaskCancelledError();
  o.signal?.addEventListener('abort', onAbort, { once: true });
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (!failure && !inner.signal.aborted && next < o.items.length) {
      const i = next++;
      try {
        await o.run(o.items[i], i, inner.signal);
      } catch (e) {
        failure ??= { error: e };
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(n, o.items.length) }, worker));
  } finally {
    o.signal?.removeEventListener('abort', onAbort);
  }
  if (o.signal?.aborted) throw new TaskCancelledError();
  if (failure) throw (failure as { error: unknown }).error;
}
