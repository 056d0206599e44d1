import { isErrorCode, type ErrorCode } from './error-codes';
import type { TaskState, TaskProgress, TaskSnapshot } from './task-types';
export type { TaskState, TaskProgress, TaskSnapshot } from './task-types';

export type TaskListener = (snap: TaskSnapshot) => void;

let counter = 0;

/**
 * A unit of long work. Progress events are throttled so that a tight loop calling `update` cannot
 * flood an IPC channel or a terminal; stage changes and the end always go through.
 */
export class Task {
  readonly id: string;
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private snap: TaskSnapshot;
  private lastEmit = 0;
  private pending: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly kind: string,
    title: string,
    private readonly listener: TaskListener = () => {},
    private readonly throttleMs = 100,
    parentSignal?: AbortSignal,
  ) {
    this.id = `${kind}-${Date.now().toString(36)}-${(counter++).toString(36)}`;
    this.signal = this.controller.signal;
    this.snap = { id: this.id, kind, title, state: 'running', fraction: 0, stage: 'start', startedAt: Date.now() };
    if (parentSignal) {
      if (parentSignal.aborted) this.controller.abort(parentSignal.reason);
      else parentSignal.addEventListener('abort', () => this.cancel(), { once: true });
    }
  }

  get snapshot(): TaskSnapshot {
    return { ...this.snap };
  }

  update(p: Partial<TaskProgress>): void {
    if (this.snap.state !== 'running') return;
    const stageChanged = p.stage !== undefined && p.stage !== this.snap.stage;
    this.snap = {
      ...this.snap,
      fraction: clamp01(p.fraction ?? this.snap.fraction),
      stage: p.stage ?? this.snap.stage,
    };
    const now = Date.now();
    if (stageChanged || now - this.lastEmit >= this.throttleMs) {
      this.flush();
    } else if (!this.pending) {
      this.pending = setTimeout(() => this.flush(), this.throttleMs - (now - this.lastEmit));
    }
  }

  cancel(): void {
    if (!this.controller.signal.aborted) this.controller.abort(new TaskCancelledError());
  }

  end(state: Exclude<TaskState, 'running'>, error?: string, errorCode?: ErrorCode): void {
    if (this.snap.state !== 'running') return;
    this.snap = {
      ...this.snap,
      state,
      endedAt: Date.now(),
      error,
      errorCode,
      fraction: state === 'ok' ? 1 : this.snap.fraction,
    };
    this.flush();
  }

  /** Runs `work` under this task and ends it according to how the work settles. */
  async run<T>(work: (task: Task) => Promise<T>): Promise<T> {
    try {
      const out = await work(this);
      this.end('ok');
      return out;
    } catch (e) {
      if (this.signal.aborted || e instanceof TaskCancelledError) this.end('cancelled');
      else
        this.end(
          'error',
          e instanceof Error ? e.message : String(e),
          isErrorCode((e as { code?: unknown })?.code) ? (e as { code: ErrorCode }).code : 'internal',
        );
      throw e;
    }
  }

  private flush(): void {
    if (this.pending) clearTimeout(this.pending);
    this.pending = undefined;
    this.lastEmit = Date.now();
    this.listener(this.snapshot);
  }
}

export class TaskCancelledError extends Error {
  constructor() {
    super('Cancelled.');
    this.name = 'TaskCancelledError';
  }
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new TaskCancelledError();
}

function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}
