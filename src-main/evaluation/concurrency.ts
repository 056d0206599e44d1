import { errorMessage } from '../core/errors';
import { LlmError } from '../llm/errors';
import { isRetryableStatus, retryDelayMs, sleep, type RetryPolicy } from '../llm/openai/retry';
import type { LlmBackend } from '../llm/types';

export const MAX_CONCURRENCY = 64;

/**
 * How many items may be in flight. Only an OpenAI-compatible server answers requests side by side:
 * the local llama.cpp backend generates one sequence at a time (its worker has one context), and a
 * scripted backend hands out replies in call order, so interleaving would give one item's reply to
 * another. Both keep N = 1, as does a run without a model (the reasoner answers synchronously).
 */
export function effectiveConcurrency(
  requested: number | undefined,
  llm: LlmBackend | undefined,
): { n: number; note: string | null } {
  const want = Math.min(MAX_CONCURRENCY, Math.max(1, Math.floor(requested ?? 1)));
  if (want === 1) return { n: 1, note: null };
  if (llm && llm.id.startsWith('openai:')) return { n: want, note: null };
  const what = !llm
    ? 'without a model the reasoner answers one item at a time'
    : llm.id.startsWith('scripted:')
      ? 'a scripted model hands out its replies in order'
      : 'the local model generates one answer at a time';
  return { n: 1, note: `--concurrency ${want} ignored: ${what}, so items run one by one.` };
}

/** Item-level retries after the backend's own retries gave up on an overloaded server. */
export const ITEM_RETRY: RetryPolicy = { maxRetries: 4, baseDelayMs: 2000, maxDelayMs: 30_000 };

/**
 * A 429 or a 5xx that outlasted the backend's own retries: an overloaded server, worth running the
 * whole item again after a pause. A server that cannot be reached at all ends the run instead (it is
 * resumable), rather than stalling it in backoff.
 */
export function isTransient(e: unknown): boolean {
  // An outage was already waited out by the backend, and a validation error will not change: neither is re-run.
  return (
    e instanceof LlmError &&
    e.code === 'http' &&
    !e.permanent &&
    !e.outage &&
    e.status !== undefined &&
    (e.status === 429 || (e.status >= 500 && isRetryableStatus(e.status)))
  );
}

/**
 * Runs one item, and runs it again from the start when it failed on an overloaded or briefly
 * unreachable server, backing off exponentially (with jitter, capped). Nothing of a failed attempt
 * is stored, so the item is counted once whichever attempt succeeds.
 */
export async function withItemRetry<T>(
  run: () => Promise<T>,
  signal: AbortSignal | undefined,
  onRetry?: (attempt: number, delayMs: number, reason: string) => void,
  policy: RetryPolicy = ITEM_RETRY,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      if (signal?.aborted || !isTransient(e) || attempt >= policy.maxRetries) throw e;
      const delay = retryDelayMs(attempt, policy);
      onRetry?.(attempt + 1, delay, errorMessage(e));
      await sleep(delay, signal);
    }
  }
}
