/**
 * Questions per minute and the time left, from the items answered in this run (items reused from the
 * store cost nothing and would make the rate a lie). The rate is over the last `window` answers, so
 * it follows a server that speeds up or slows down.
 */
export class EvalRate {
  private readonly times: number[] = [];

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly window = 50,
    private readonly started = now(),
  ) {}

  answered(): void {
    this.times.push(this.now());
    if (this.times.length > this.window) this.times.shift();
  }

  /** Questions per minute, or null before the first answer. */
  perMinute(): number | null {
    if (!this.times.length) return null;
    const first = this.times.length >= this.window ? this.times[0] : this.started;
    const count = this.times.length >= this.window ? this.times.length - 1 : this.times.length;
    const ms = this.times[this.times.length - 1] - first;
    return ms > 0 && count > 0 ? (count * 60_000) / ms : null;
  }

  /** Seconds left for `remaining` questions at the current rate, or null when unknown. */
  etaSeconds(remaining: number): number | null {
    const r = this.perMinute();
    return r ? (remaining * 60) / r : null;
  }
}

export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/** "37/500 items · 41.2 questions/min · ETA 11 min 14 s" (rate and ETA once known). */
export function progressStage(done: number, total: number, rate: EvalRate): string {
  const perMin = rate.perMinute();
  const eta = rate.etaSeconds(total - done);
  const parts = [`${done}/${total} items`];
  if (perMin !== null) parts.push(`${perMin >= 10 ? perMin.toFixed(0) : perMin.toFixed(1)} questions/min`);
  if (eta !== null && done < total) parts.push(`ETA ${formatDuration(eta)}`);
  return parts.join(' · ');
}
