import type { ApiErrorPayload } from '../../src-main/api/contract';

/** An error from the API, with the stable `code` the main side chose and a message meant for people. */
export class ApiError extends Error implements ApiErrorPayload {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  if (
    e &&
    typeof e === 'object' &&
    typeof (e as ApiErrorPayload).code === 'string' &&
    typeof (e as ApiErrorPayload).message === 'string'
  ) {
    return new ApiError((e as ApiErrorPayload).code, (e as ApiErrorPayload).message);
  }
  return new ApiError('internal', e instanceof Error ? e.message : String(e));
}

/** Services other parts of the app have not wired yet answer with this code (or such a task error). */
export function isUnavailable(e: unknown): boolean {
  if (e instanceof ApiError) return e.code === 'unavailable';
  return typeof e === 'string' && /not available in this build/i.test(e);
}
