import type { ApiErrorPayload, ErrorCode } from '../../src-main/api/contract';

/** An error from the API, with the stable `code` the main side chose and a message meant for people. */
export class ApiError extends Error implements ApiErrorPayload {
  constructor(
    readonly code: ErrorCode,
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
    // The main side only sends codes from the ErrorCode union (core/error-codes.ts).
    return new ApiError((e as ApiErrorPayload).code, (e as ApiErrorPayload).message);
  }
  return new ApiError('internal', e instanceof Error ? e.message : String(e));
}

/** An error a view shows: the message for people, the code for deciding how to show it. */
export interface ShownError {
  message: string;
  code: ErrorCode;
}

export function shownError(e: unknown): ShownError {
  const err = toApiError(e);
  return { message: err.message, code: err.code };
}
