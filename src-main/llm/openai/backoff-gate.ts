import { isRetryableStatus, retryDelayMs, sleep, type RetryPolicy } from './retry';

/**
 * One pause shared by every request to a server. When N requests are in flight and the server
 * answers 429 or 5xx, each request's own retry would come back at about the same moment and overload
 * it again; instead the first such answer closes the gate for everyone: for the server's Retry-After
 * when it gives one, else for an exponential backoff that grows with consecutive refusals (capped)
 * and resets on the first good answer.
 */
export class BackoffGate {
  private openAt = 0;
  private strikes = 0;

  constructor(
    private readonly policy: RetryPolicy = { maxRetries: 0, baseDelayMs: 500, maxDelayMs: 30_000 },
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until requests may go out again (0 when open). */
  get waitMs(): number {
    return Math.max(0, this.openAt - this.now());
  }

  async wait(signal?: AbortSignal | null): Promise<void> {
    for (let ms = this.waitMs; ms > 0; ms = this.waitMs) await sleep(ms, signal ?? undefined);
  }

  /** Records a server answer: a refusal closes the gate, a success resets the backoff. */
  observe(status: number, retryAfter: string | null): void {
    if (status === 429 || (isRetryableStatus(status) && status >= 500)) {
      const ms = retryDelayMs(this.strikes, this.policy, retryAfter);
      this.strikes = Math.min(this.strikes + 1, 16);
      this.openAt = Math.max(this.openAt, this.now() + ms);
    } else if (status < 400) {
      this.strikes = 0;
    }
  }
}

/** A fetch that waits at the gate before each request and reports each answer's status to it. */
export function gatedFetch(gate: BackoffGate, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    await gate.wait(init?.signal);
    const res = await base(input, init);
    gate.observe(res.status, res.headers.get('retry-after'));
    return res;
  };
}
