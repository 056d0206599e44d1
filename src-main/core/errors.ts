import type { ErrorCode } from './error-codes';

/**
 * An error whose message is meant for the user as it is: the CLI prints it without a stack and the
 * UI shows it verbatim. Anything else reaching the top is a bug and is reported as such.
 */
export class UserError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'UserError';
  }
}

export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
