import type { ErrorCode } from './error-codes';

export type TaskState = 'running' | 'ok' | 'error' | 'cancelled';

export interface TaskProgress {
  fraction: number;
  stage: string;
}

export interface TaskSnapshot extends TaskProgress {
  id: string;
  kind: string;
  title: string;
  state: TaskState;
  startedAt: number;
  endedAt?: number;
  error?: string;
  /** Stable code of a user-facing error (e.g. 'unavailable'), so UIs need not parse messages. */
  errorCode?: ErrorCode;
}
