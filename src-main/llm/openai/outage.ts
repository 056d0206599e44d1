import { LlmError } from '../errors';
import { sleep } from './retry';

/** What a run shows while the server is away. */
export interface ServerWait {
  /** Why: the network error code or the status (`ECONNREFUSED`, `503`). */
  reason: string;
  waitedMs: number;
  limitMs: number;
}

export type ServerWaitListener = (w: ServerWait | null) => void;

export const DEFAULT_RETRY_FOR_MS = 120_000;

// Network failures that mean "the server is not there right now" (restarting, overloaded proxy).
const OUTAGE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'other side closed',
]);

/** A connection refused or reset, or a 502/503: the server is away for a while, not refusing the request. */
export function isOutage(reason: { status?: number; network?: string }): boolean {
  if (reason.status !== undefined) return reason.status === 502 || reason.status === 503;
  return reason.network !== undefined && OUTAGE_CODES.has(reason.network);
}

/**
 * One server's outage, shared by every request to it: the clock starts at the first refused request and
 * stops at the first good answer, so N requests in flight wait out one outage together, up to `limitMs`.
 * Listeners hear each wait (to show "waiting for the server") and the end of it (null).
 */
export class OutageWatch {
  private since: number | null = null;
  private readonly listeners = new Set<ServerWaitListener>();

  constructor(
    public limitMs = DEFAULT_RETRY_FOR_MS,
    private readonly now: () => number = Date.now,
  ) {}

  listen(l: ServerWaitListener): () => void {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  }

  /** A good answer: the outage (if any) is over. */
  recovered(): void {
    if (this.since === null) return;
    this.since = null;
    for (const l of this.listeners) l(null);
  }

  /**
   * Waits before the next attempt after an outage failure (`tries` of them so far in this call), or throws
   * the final error once the outage has lasted past the limit.
   */
  async wait(url: string, reason: string, tries: number, signal: AbortSignal): Promise<void> {
    const t = this.now();
    this.since ??= t;
    const waited = t - this.since;
    if (waited >= this.limitMs) {
      throw new LlmError(
        'http',
        `${url} could not be reached (${reason}) for ${Math.round(waited / 1000)} s, past the ${Math.round(this.limitMs / 1000)} s allowed (--retry-for); stopped waiting for it.`,
        { outage: true },
      );
    }
    for (const l of this.listeners) l({ reason, waitedMs: waited, limitMs: this.limitMs });
    const ms = Math.min(250 * 2 ** Math.min(tries, 5), 5000, this.limitMs - waited + 50);
    await sleep(ms, signal);
  }
}
