export interface RetryPolicy {
  /** Retries after the first attempt (default 3). */
  maxRetries: number;
  /** First delay (default 500 ms); doubles each retry. */
  baseDelayMs: number;
  /** Cap on one delay, also on a server's Retry-After (default 8 s). */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 8000 };

/** 408, 409 (busy), 425, 429 and 5xx are worth retrying; other 4xx are the request's fault. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 425 || status === 429 || status >= 500;
}

/**
 * Delay before retry number `attempt` (0-based): base·2^attempt with ±25 % jitter, or the server's
 * Retry-After (seconds or HTTP date) when given; both capped at maxDelayMs.
 */
export function retryDelayMs(
  attempt: number,
  policy: RetryPolicy,
  retryAfter?: string | null,
  random: () => number = Math.random,
): number {
  if (retryAfter) {
    const secs = Number(retryAfter);
    const ms = Number.isFinite(secs) ? secs * 1000 : Date.parse(retryAfter) - Date.now();
    if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, policy.maxDelayMs);
  }
  const exp = policy.baseDelayMs * 2 ** attempt;
  return Math.min(policy.maxDelayMs, Math.round(exp * (0.75 + random() * 0.5)));
}

/** Sleeps, waking early (and rejecting with the signal's reason) on abort. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
