import type { ApiTask } from '../../src-main/api/contract';

/** Seconds since the task started (to its end once it ended); never below 0, whichever clock read last. */
export function elapsedSeconds(t: Pick<ApiTask, 'startedAt' | 'endedAt'>, now = Date.now()): number {
  return Math.max(0, ((t.endedAt ?? now) - t.startedAt) / 1000);
}
