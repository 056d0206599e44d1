/** Why an attempt's request was aborted; the error reported depends on it. */
export const USER = Symbol('user');
export const DEADLINE = Symbol('deadline');
export const TIMEOUT = Symbol('timeout');
export const IDLE = Symbol('idle');
export const STOPPED = Symbol('stopped');

/**
 * The abort controller of one attempt: the caller's signal, the call's deadline and the attempt's own
 * request timeout abort it, each with its reason; so do a stalled stream (IDLE) and our own stop (STOPPED).
 */
export class AttemptAbort {
  private readonly ctl = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly onUserAbort = () => this.ctl.abort(USER);
  private readonly onDeadline = () => this.ctl.abort(DEADLINE);

  constructor(
    private readonly user: AbortSignal | undefined,
    private readonly deadline: AbortSignal,
    requestTimeoutMs: number,
  ) {
    user?.addEventListener('abort', this.onUserAbort, { once: true });
    deadline.addEventListener('abort', this.onDeadline, { once: true });
    if (deadline.aborted) this.ctl.abort(DEADLINE);
    this.timer = setTimeout(() => this.ctl.abort(TIMEOUT), requestTimeoutMs);
  }

  get signal(): AbortSignal {
    return this.ctl.signal;
  }

  /** Aborted by the caller, whatever the recorded reason. */
  get byUser(): boolean {
    return this.user?.aborted === true || this.ctl.signal.reason === USER;
  }

  abort(reason: symbol): void {
    this.ctl.abort(reason);
  }

  /** The request timeout covers the answer's headers (and a whole non-streamed body); a stream has its idle limit. */
  clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  dispose(): void {
    this.clearTimer();
    this.user?.removeEventListener('abort', this.onUserAbort);
    this.deadline.removeEventListener('abort', this.onDeadline);
  }
}
