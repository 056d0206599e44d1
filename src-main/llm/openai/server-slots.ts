import { readCapped } from './bounded-read';

/** How many requests a server answers side by side, and where that was read. */
export interface SlotInfo {
  slots: number;
  source: string;
}

/**
 * The server's parallel slots from llama.cpp's `GET /props` (`total_slots`) or `GET /slots` (one entry per
 * slot, or `total_slots`); null when it offers neither. Never throws: a server that cannot say is
 * handled by the empty-reply burst instead (SlotLimiter).
 */
export async function readServerSlots(
  root: string,
  headers: Record<string, string>,
  fetchImpl: typeof fetch,
  signal?: AbortSignal,
): Promise<SlotInfo | null> {
  for (const page of ['/props', '/slots']) {
    try {
      const res = await fetchImpl(`${root}${page}`, {
        headers: { accept: 'application/json', ...headers },
        signal: AbortSignal.any([AbortSignal.timeout(5000), ...(signal ? [signal] : [])]),
      });
      const { text, truncated } = await readCapped(res, 256 * 1024);
      if (!res.ok || truncated) continue;
      const j = JSON.parse(text) as unknown;
      const n = Array.isArray(j)
        ? j.length
        : j && typeof j === 'object'
          ? (j as { total_slots?: unknown }).total_slots
          : undefined;
      if (typeof n === 'number' && Number.isInteger(n) && n >= 1) return { slots: n, source: `${page} total_slots` };
    } catch {
      /* not offered, not JSON, or not reachable: try the next page */
    }
  }
  return null;
}

/**
 * Requests in flight to one server at most `limit`. Lowered once per empty-reply burst: a server that gave
 * an empty reply while k requests were in flight has fewer than k slots, so from then on at most k - 1 go.
 */
export class SlotLimiter {
  private inFlight = 0;
  private readonly queue: (() => void)[] = [];
  note: string | null = null;

  constructor(private limit = Infinity) {}

  get active(): number {
    return this.inFlight;
  }

  setLimit(n: number, note: string | null): void {
    this.limit = Math.max(1, n);
    if (note) this.note = note;
    this.drain();
  }

  /** An empty reply with `inFlightThen` requests out (counting its own): fewer go at once from now on. */
  emptyBurst(inFlightThen: number, url: string): void {
    if (inFlightThen <= 1 || inFlightThen - 1 >= this.limit) return;
    this.setLimit(
      inFlightThen - 1,
      `${url} gave an empty reply with ${inFlightThen} requests in flight and does not say how many it can serve (no /props or /slots): at most ${inFlightThen - 1} at a time from then on.`,
    );
  }

  async acquire(signal?: AbortSignal): Promise<() => void> {
    while (this.inFlight >= this.limit) {
      await new Promise<void>((resolve, reject) => {
        const go = () => {
          signal?.removeEventListener('abort', stop);
          resolve();
        };
        const stop = () => {
          const i = this.queue.indexOf(go);
          if (i >= 0) this.queue.splice(i, 1);
          reject(signal!.reason);
        };
        if (signal?.aborted) return reject(signal.reason);
        signal?.addEventListener('abort', stop, { once: true });
        this.queue.push(go);
      });
    }
    this.inFlight++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight--;
      this.drain();
    };
  }

  /** Every waiter looks again; those that find no room queue up anew (acquire's loop). */
  private drain(): void {
    for (const go of this.queue.splice(0)) go();
  }
}
