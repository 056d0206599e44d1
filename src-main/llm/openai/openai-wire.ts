import { LlmError } from '../errors';
import { toStrictJsonSchema } from '../json-schema';
import { estimateTokens } from '../token-estimate';
import type { FinishReason, JsonSchema, ToolCall } from '../types';
import { readCapped } from './bounded-read';

/** The chat-completions URL for a base URL given in any of the usual forms. */
export function chatCompletionsUrl(base: string): string {
  const u = base.replace(/\/+$/, '');
  if (/\/chat\/completions$/.test(u)) return u;
  if (/\/v\d+$/.test(u)) return `${u}/chat/completions`;
  return `${u}/v1/chat/completions`;
}

/**
 * Our own stop for servers that ignore `max_tokens`. The count is an estimate (see chunkTokens), so a
 * margin keeps it from cutting a reply the server itself would have ended in time.
 */
export function ownTokenLimit(maxTokens: number): number {
  return maxTokens + Math.max(8, Math.ceil(maxTokens * 0.1));
}

export interface WireToolCall {
  index?: number;
  function?: { name?: unknown; arguments?: unknown };
}

export function readToolCalls(wire: WireToolCall[]): ToolCall[] {
  const out: ToolCall[] = [];
  for (const c of wire.slice(0, 64)) {
    const name = c?.function?.name;
    if (typeof name !== 'string' || !name) continue;
    const args = c.function?.arguments;
    // Ollama's native shape gives an object; the OpenAI shape a JSON text.
    out.push({
      name,
      arguments: typeof args === 'string' ? args : args && typeof args === 'object' ? JSON.stringify(args) : '',
    });
  }
  return out;
}

/**
 * Servers stream one token per event, so a short chunk counts one; estimating it instead would count
 * " w12" as two and stop honest replies early. Long chunks (a server sending text in bulk) are estimated.
 */
export function chunkTokens(chunk: string): number {
  return chunk.length <= 32 ? 1 : Math.max(1, estimateTokens(chunk));
}

export function mapFinish(reason: string | null | undefined): FinishReason {
  return reason === 'length' ? 'length' : 'stop';
}

export function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

export function mib(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

export function anySignal(...signals: (AbortSignal | undefined)[]): AbortSignal {
  return AbortSignal.any(signals.filter((s): s is AbortSignal => s !== undefined));
}

/** A body read that ends as soon as the request is aborted, even if the underlying stream would not notice. */
export function raceAbort<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

/** Without structured outputs, the schema goes into the (first) system message. */
export function withSchemaInstruction(
  msgs: { role: string; content: string }[],
  schema: JsonSchema,
): { role: string; content: string }[] {
  const note = `Answer with one JSON value that matches this JSON schema, and nothing else (no prose, no code fence):\n${JSON.stringify(toStrictJsonSchema(schema))}`;
  const i = msgs.findIndex((m) => m.role === 'system');
  if (i >= 0) return msgs.map((m, j) => (j === i ? { ...m, content: `${m.content}\n\n${note}` } : m));
  return [{ role: 'system', content: note }, ...msgs];
}

export async function readErrorBody(res: Response): Promise<string> {
  try {
    const raw = (await readCapped(res, 64 * 1024)).text.slice(0, 2000);
    try {
      const j = JSON.parse(raw) as { error?: unknown; message?: unknown; detail?: unknown };
      const msg =
        j.error !== undefined
          ? errorText(j.error)
          : typeof j.message === 'string'
            ? j.message
            : typeof j.detail === 'string'
              ? j.detail
              : '';
      if (msg) return msg.slice(0, 300);
    } catch {
      /* not JSON */
    }
    return raw.replace(/\s+/g, ' ').trim().slice(0, 200);
  } catch {
    return '';
  }
}

export function errorText(e: unknown): string {
  if (typeof e === 'string') return e;
  if (e && typeof e === 'object' && 'message' in e && typeof (e as { message: unknown }).message === 'string')
    return (e as { message: string }).message;
  return (JSON.stringify(e) ?? String(e)).slice(0, 300);
}

export function networkReason(e: unknown): string {
  const cause = (e as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code) return cause.code;
  if (cause?.message) return cause.message;
  return e instanceof Error ? e.message : String(e);
}

/** One failed attempt: whether another attempt may help, and the error to report if not. */
export class AttemptFailure extends Error {
  constructor(
    readonly error: LlmError,
    readonly retryable: boolean,
    readonly retryAfter?: string | null,
    /** The server refused the request's schema field (any 4xx, or a 5xx validation error about it). */
    readonly schemaRejected = false,
    /** The server is away (connection refused or reset, 502/503): the outage clock runs, not the retry count. */
    readonly outage?: string,
  ) {
    super(error.message);
  }
}

export interface Usage {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number };
}
