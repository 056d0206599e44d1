import { UserError } from '../core/errors';
import type { GenerateResult } from './types';

/**
 * - `model-invalid`: the file is not a usable GGUF (checked before any process is started).
 * - `model-load`: llama.cpp refused the model (missing hyperparameter, out of memory, no binary...).
 * - `aborted`: the caller's AbortSignal fired before generation started (mid-generation aborts resolve
 *   with `finish: 'aborted'` instead, keeping the partial text).
 * - `timeout`: a request or an idle stream took too long.
 * - `http`: the server answered an error status, or could not be reached, after the allowed retries.
 * - `script-exhausted`: a scripted backend has no reply left.
 * - `bad-reply`: the server's answer is not what the protocol promises (malformed JSON, no choices...).
 * - `crashed`: the model process died (a native abort such as GGML_ASSERT, a kill, out of memory).
 * - `context-overflow`: the prompt does not fit the context window.
 * - `bad-spec`: a model spec string or option that cannot be understood.
 * - `download`: a model download failed.
 */
export type LlmErrorCode =
  | 'model-invalid'
  | 'model-load'
  | 'aborted'
  | 'timeout'
  | 'http'
  | 'script-exhausted'
  | 'bad-reply'
  | 'crashed'
  | 'context-overflow'
  | 'bad-spec'
  | 'download';

export interface LlmErrorDetail {
  /** HTTP status, when the error comes from a server answer. */
  status?: number;
  /** The text generated before the failure, when there was some. */
  partial?: GenerateResult;
  cause?: unknown;
  /** The server refused the request itself (a validation error): asking again cannot change the answer. */
  permanent?: boolean;
  /** The server stayed unreachable past the time allowed for an outage (`--retry-for`). */
  outage?: boolean;
  /** The server's reply was empty (no output tokens) or cut short by the server, twice. */
  reply?: 'empty' | 'cut';
}

/** Every failure of an LLM backend. The message is one readable sentence meant for the user. */
export class LlmError extends UserError {
  declare readonly code: LlmErrorCode;
  readonly status?: number;
  readonly partial?: GenerateResult;
  readonly permanent?: boolean;
  readonly outage?: boolean;
  readonly reply?: 'empty' | 'cut';

  constructor(code: LlmErrorCode, message: string, detail: LlmErrorDetail = {}) {
    super(code, message, detail.cause);
    this.name = 'LlmError';
    this.status = detail.status;
    this.partial = detail.partial;
    if (detail.permanent) this.permanent = true;
    if (detail.outage) this.outage = true;
    if (detail.reply) this.reply = detail.reply;
    if (detail.cause !== undefined) (this as { cause?: unknown }).cause = detail.cause;
  }
}

export function isLlmError(e: unknown, code?: LlmErrorCode): e is LlmError {
  return e instanceof LlmError && (code === undefined || e.code === code);
}

export function abortedError(what = 'The request'): LlmError {
  return new LlmError('aborted', `${what} was cancelled.`);
}
