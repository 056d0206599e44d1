/**
 * Seconds per step of a cold load, for `load --json` and `perf:load --profile`. Timing is a few
 * performance.now() calls per step, so it is always on: the figures are cheap and never printed by
 * the code that gathers them.
 */
export class StepClock {
  readonly seconds: Record<string, number> = {};

  add(step: string, seconds: number): void {
    this.seconds[step] = (this.seconds[step] ?? 0) + seconds;
  }

  /** Charges the time since `t0` (a performance.now() value) to `step` and returns now, for chaining laps. */
  lap(step: string, t0: number): number {
    const now = performance.now();
    this.add(step, (now - t0) / 1000);
    return now;
  }

  time<T>(step: string, fn: () => T): T {
    const t0 = performance.now();
    try {
      return fn();
    } finally {
      this.lap(step, t0);
    }
  }

  async timeAsync<T>(step: string, fn: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    try {
      return await fn();
    } finally {
      this.lap(step, t0);
    }
  }

  rounded(digits = 3): Record<string, number> {
    const f = 10 ** digits;
    return Object.fromEntries(Object.entries(this.seconds).map(([k, v]) => [k, Math.round(v * f) / f]));
  }
}

/** Only the numeric entries of a bridge `seconds` object: its keys change as the bridge grows finer timers. */
export function bridgeSeconds(...objs: unknown[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const o of objs) {
    if (!o || typeof o !== 'object') continue;
    for (const [k, v] of Object.entries(o as Record<string, unknown>)) if (typeof v === 'number') out[k] = v;
  }
  return out;
}
