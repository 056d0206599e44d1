import { DEADLINE } from './attempt-abort';

/**
 * The bound on one whole call, paused while the server is away: waiting out an outage has its own limit
 * (OutageWatch), and a call that resumes after it gets the time it had left.
 */
export class CallDeadline {
  private readonly ctl = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private left: number;
  private startedAt = 0;

  constructor(ms: number) {
    this.left = ms;
    this.resume();
  }

  get signal(): AbortSignal {
    return this.ctl.signal;
  }

  pause(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.left = Math.max(0, this.left - (Date.now() - this.startedAt));
  }

  resume(): void {
    if (this.timer || this.ctl.signal.aborted) return;
    this.startedAt = Date.now();
    this.timer = setTimeout(() => this.ctl.abort(DEADLINE), this.left);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
