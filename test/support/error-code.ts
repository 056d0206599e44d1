import type { UserError } from '../../src-main/core/errors';

/** The error code a call failed with, or 'no error': tests compare codes, never message text. */
export async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'no error';
  } catch (e) {
    return (e as UserError).code;
  }
}

/** The same for a call that fails at once. */
export function codeOfSync(f: () => unknown): string {
  try {
    f();
    return 'no error';
  } catch (e) {
    return (e as UserError).code;
  }
}
