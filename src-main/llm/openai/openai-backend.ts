import { abortedError, LlmError } from '../errors';
import { toStrictJsonSchema } from '../json-schema';
import { estimatePromptTokens, estimateTokens } from '../token-estimate';
import type { ChatMessage, FinishReason, GenerateOptions, GenerateResult, JsonSchema, LlmBackend } from '../types';
import { DEFAULT_RETRY, isRetryableStatus, retryDelayMs, sleep, type RetryPolicy } from './retry';
import { SseParser } from './sse';

export interface OpenAiBackendOptions {
  /** Server root (`http://127.0.0.1:8080`), its `/v1`, or the full `/v1/chat/completions` URL. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  headers?: Record<string, string>;
  /** Stream with server-sent events (default true). */
  stream?: boolean;
  /** Whole non-streamed request, or until a stream's response headers arrive (default 120 s). */
  requestTimeoutMs?: number;
  /** Longest silence allowed between stream chunks (default 60 s). */
  idleTimeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** 'response_format' (default): strict json_schema, falling back to 'prompt' if the server answers 400 to it. */
  jsonSchemaMode?: 'response_format' | 'prompt';
  fetch?: typeof fetch;
}

/** The chat-completions URL for a base URL given in any of the usual forms. */
export function chatCompletionsUrl(base: string): string {
  const u = base.replace(/\/+$/, '');
  if (/\/chat\/completions$/.test(u)) return u;
  if (/\/v\d+$/.test(u)) return `${u}/chat/completions`;
  return `${u}/v1/chat/completions`;
}

/** One failed attempt: whether another attempt may help, and the error to report if not. */
class AttemptFailure extends Error {
  constructor(
    readonly error: LlmError,
    readonly retryable: boolean,
    readonly retryAfter?: string | null,
    readonly schemaRejected = false,
  ) {
    super(error.message);
  }
}

interface Usage {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number };
}

interface Progress {
  text: string;
}

const TIMEOUT = Symbol('timeout');

/**
 * A backend for any OpenAI-compatible `/v1/chat/completions` server (llama-server, vLLM, LM Studio,
 * Ollama, OpenAI). Retries 408/409/425/429/5xx and network failures with exponential backoff, but never
 * once text has been streamed to the caller. Token counts come from `usage` (asked for in streams with
 * `stream_options.include_usage`); without it they are estimated and flagged `tokensEstimated`.
 */
export class OpenAiBackend implements LlmBackend {
  readonly id: string;
  private readonly url: string;
  private readonly retry: RetryPolicy;
  private schemaFormatRejected = false;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly opts: OpenAiBackendOptions) {
    this.url = chatCompletionsUrl(opts.baseUrl);
    let host = opts.baseUrl;
    try {
      host = new URL(this.url).host;
    } catch {
      throw new LlmError('bad-spec', `${opts.baseUrl} is not a valid URL.`);
    }
    this.id = `openai:${opts.model}@${host}`;
    this.retry = { ...DEFAULT_RETRY, ...opts.retry };
    this.fetchImpl = opts.fetch ?? fetch;
  }

  /** True once the server has refused `response_format: json_schema` (schemas then go into the prompt). */
  get usesPromptForSchemas(): boolean {
    return this.schemaFormatRejected || this.opts.jsonSchemaMode === 'prompt';
  }

  async chat(messages: ChatMessage[], opts: GenerateOptions): Promise<GenerateResult> {
    if (opts.signal?.aborted) throw abortedError('The request');
    const progress: Progress = { text: '' };
    let schemaFormat = opts.jsonSchema !== undefined && !this.usesPromptForSchemas;
    for (let attempt = 0; ; ) {
      try {
        return await this.attempt(messages, opts, schemaFormat, progress);
      } catch (e) {
        if (!(e instanceof AttemptFailure)) throw e;
        if (e.schemaRejected && schemaFormat) {
          this.schemaFormatRejected = true;
          schemaFormat = false;
          continue;
        }
        if (!e.retryable || attempt >= this.retry.maxRetries || progress.text !== '') {
          const tries = attempt + 1;
          if (tries > 1 && e.error.code === 'http') {
            throw new LlmError('http', `${e.error.message} (gave up after ${tries} attempts)`, { status: e.error.status, partial: e.error.partial });
          }
          throw e.error;
        }
        try {
          await sleep(retryDelayMs(attempt, this.retry, e.retryAfter), opts.signal);
        } catch {
          throw abortedError('The request');
        }
        attempt++;
      }
    }
  }

  private body(messages: ChatMessage[], opts: GenerateOptions, schemaFormat: boolean, stream: boolean): string {
    let msgs: { role: string; content: string }[] = messages.map((m) => ({ role: m.role, content: m.content }));
    if (opts.jsonSchema && !schemaFormat) msgs = withSchemaInstruction(msgs, opts.jsonSchema);
    const body: Record<string, unknown> = {
      model: this.opts.model,
      messages: msgs,
      max_tokens: opts.maxTokens,
      temperature: opts.temperature ?? 0,
      stream,
    };
    if (opts.seed !== undefined) body.seed = opts.seed;
    if (opts.stop?.length) body.stop = opts.stop;
    if (stream) body.stream_options = { include_usage: true };
    if (opts.jsonSchema && schemaFormat) {
      body.response_format = { type: 'json_schema', json_schema: { name: 'reply', schema: toStrictJsonSchema(opts.jsonSchema), strict: true } };
    }
    return JSON.stringify(body);
  }

  private async attempt(messages: ChatMessage[], opts: GenerateOptions, schemaFormat: boolean, progress: Progress): Promise<GenerateResult> {
    const stream = this.opts.stream ?? true;
    const ctl = new AbortController();
    const onUserAbort = () => ctl.abort(opts.signal?.reason);
    opts.signal?.addEventListener('abort', onUserAbort, { once: true });
    const requestTimeoutMs = this.opts.requestTimeoutMs ?? 120_000;
    let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => ctl.abort(TIMEOUT), requestTimeoutMs);
    const clearTimer = () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
    };
    const timedOut = () => ctl.signal.aborted && ctl.signal.reason === TIMEOUT;
    try {
      let res: Response;
      try {
        res = await this.fetchImpl(this.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: stream ? 'text/event-stream' : 'application/json',
            ...(this.opts.apiKey ? { authorization: `Bearer ${this.opts.apiKey}` } : {}),
            ...this.opts.headers,
          },
          body: this.body(messages, opts, schemaFormat, stream),
          signal: ctl.signal,
        });
      } catch (e) {
        if (opts.signal?.aborted) throw abortedError('The request');
        if (timedOut()) throw new AttemptFailure(new LlmError('timeout', `${this.url} did not answer within ${requestTimeoutMs} ms.`), false);
        throw new AttemptFailure(new LlmError('http', `Cannot reach ${this.url}: ${networkReason(e)}.`, { cause: e }), true);
      }

      if (!res.ok) {
        const detail = await readErrorBody(res);
        const err = new LlmError('http', `${this.url} answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}${detail ? `: ${detail}` : ''}.`, { status: res.status });
        const schemaRejected = res.status === 400 && schemaFormat;
        throw new AttemptFailure(err, isRetryableStatus(res.status), res.headers.get('retry-after'), schemaRejected);
      }

      const contentType = res.headers.get('content-type') ?? '';
      if (stream && contentType.includes('text/event-stream') && res.body) {
        clearTimer();
        return await this.readStream(res.body, messages, opts, ctl, progress);
      }
      const raw = await res.text().catch((e) => {
        if (opts.signal?.aborted) throw abortedError('The request');
        if (timedOut()) throw new AttemptFailure(new LlmError('timeout', `${this.url} did not finish its answer within ${requestTimeoutMs} ms.`), false);
        throw new AttemptFailure(new LlmError('http', `The answer from ${this.url} broke off: ${networkReason(e)}.`), true);
      });
      clearTimer();
      return this.fromJsonBody(raw, messages, opts, progress);
    } finally {
      clearTimer();
      opts.signal?.removeEventListener('abort', onUserAbort);
    }
  }

  private fromJsonBody(raw: string, messages: ChatMessage[], opts: GenerateOptions, progress: Progress): GenerateResult {
    let data: { choices?: { message?: { content?: string | null }; finish_reason?: string | null }[]; usage?: Usage; error?: unknown };
    try {
      data = JSON.parse(raw);
    } catch {
      throw new AttemptFailure(new LlmError('bad-reply', `The answer from ${this.url} is not valid JSON: ${JSON.stringify(raw.slice(0, 120))}.`), false);
    }
    if (data?.error) throw new AttemptFailure(new LlmError('http', `${this.url} reported an error: ${errorText(data.error)}.`), false);
    const choice = data?.choices?.[0];
    const content = choice?.message?.content;
    if (!choice || (content !== null && content !== undefined && typeof content !== 'string')) {
      throw new AttemptFailure(new LlmError('bad-reply', `The answer from ${this.url} has no choices[0].message.content.`), false);
    }
    const text = content ?? '';
    progress.text = text;
    if (text) opts.onText?.(text);
    return this.result(text, mapFinish(choice.finish_reason), data.usage, messages);
  }

  private async readStream(body: ReadableStream<Uint8Array>, messages: ChatMessage[], opts: GenerateOptions, ctl: AbortController, progress: Progress): Promise<GenerateResult> {
    const idleMs = this.opts.idleTimeoutMs ?? 60_000;
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const sse = new SseParser();
    let finish: FinishReason | undefined;
    let usage: Usage | undefined;
    let done = false;
    const partial = (): GenerateResult => this.result(progress.text, 'aborted', usage, messages);

    const handle = (data: string) => {
      if (data.trim() === '[DONE]') {
        done = true;
        return;
      }
      let ev: { choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[]; usage?: Usage | null; error?: unknown };
      try {
        ev = JSON.parse(data);
      } catch {
        throw new AttemptFailure(new LlmError('bad-reply', `The stream from ${this.url} carried an event that is not JSON: ${JSON.stringify(data.slice(0, 120))}.`, { partial: partial() }), false);
      }
      if (ev?.error) throw new AttemptFailure(new LlmError('http', `${this.url} reported an error mid-stream: ${errorText(ev.error)}.`, { partial: partial() }), progress.text === '');
      if (ev.usage) usage = ev.usage;
      const choice = ev.choices?.[0];
      const chunk = choice?.delta?.content;
      if (typeof chunk === 'string' && chunk) {
        progress.text += chunk;
        opts.onText?.(chunk);
      }
      if (choice?.finish_reason) finish = mapFinish(choice.finish_reason);
    };

    try {
      while (!done) {
        let idle: ReturnType<typeof setTimeout> | undefined;
        const idleP = new Promise<never>((_, rej) => {
          idle = setTimeout(() => rej(TIMEOUT), idleMs);
        });
        let r: ReadableStreamReadResult<Uint8Array>;
        try {
          r = await Promise.race([reader.read(), idleP]);
        } catch (e) {
          if (opts.signal?.aborted) {
            if (progress.text) return partial();
            throw abortedError('The request');
          }
          if (e === TIMEOUT) {
            ctl.abort(TIMEOUT);
            throw new AttemptFailure(new LlmError('timeout', `The stream from ${this.url} stalled for more than ${idleMs} ms.`, { partial: partial() }), false);
          }
          throw new AttemptFailure(new LlmError('http', `The stream from ${this.url} broke off: ${networkReason(e)}.`, { partial: partial() }), progress.text === '');
        } finally {
          clearTimeout(idle);
        }
        if (r.done) {
          for (const d of sse.end()) handle(d);
          break;
        }
        for (const d of sse.push(decoder.decode(r.value, { stream: true }))) {
          handle(d);
          if (done) break;
        }
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
    if (!done && finish === undefined) {
      throw new AttemptFailure(new LlmError('http', `The stream from ${this.url} ended before the reply was complete.`, { partial: partial() }), progress.text === '');
    }
    return this.result(progress.text, finish ?? 'stop', usage, messages);
  }

  private result(text: string, finish: FinishReason, usage: Usage | undefined, messages: ChatMessage[]): GenerateResult {
    if (usage && typeof usage.prompt_tokens === 'number' && typeof usage.completion_tokens === 'number') {
      const cached = usage.prompt_tokens_details?.cached_tokens;
      return { text, inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens, finish, ...(typeof cached === 'number' ? { cachedInputTokens: cached } : {}) };
    }
    return { text, inputTokens: estimatePromptTokens(messages), outputTokens: estimateTokens(text), finish, tokensEstimated: true };
  }

  async close(): Promise<void> {}
}

function mapFinish(reason: string | null | undefined): FinishReason {
  return reason === 'length' ? 'length' : 'stop';
}

/** Without structured outputs, the schema goes into the (first) system message. */
function withSchemaInstruction(msgs: { role: string; content: string }[], schema: JsonSchema): { role: string; content: string }[] {
  const note = `Answer with one JSON value that matches this JSON schema, and nothing else (no prose, no code fence):\n${JSON.stringify(toStrictJsonSchema(schema))}`;
  const i = msgs.findIndex((m) => m.role === 'system');
  if (i >= 0) return msgs.map((m, j) => (j === i ? { ...m, content: `${m.content}\n\n${note}` } : m));
  return [{ role: 'system', content: note }, ...msgs];
}

async function readErrorBody(res: Response): Promise<string> {
  try {
    const raw = (await res.text()).slice(0, 2000);
    try {
      const j = JSON.parse(raw) as { error?: unknown; message?: unknown; detail?: unknown };
      const msg = j.error !== undefined ? errorText(j.error) : typeof j.message === 'string' ? j.message : typeof j.detail === 'string' ? j.detail : '';
      if (msg) return msg.slice(0, 300);
    } catch {
      /* not JSON */
    }
    return raw.replace(/\s+/g, ' ').trim().slice(0, 200);
  } catch {
    return '';
  }
}

function errorText(e: unknown): string {
  if (typeof e === 'string') return e;
  if (e && typeof e === 'object' && 'message' in e && typeof (e as { message: unknown }).message === 'string') return (e as { message: string }).message;
  return JSON.stringify(e).slice(0, 300);
}

function networkReason(e: unknown): string {
  const cause = (e as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code) return cause.code;
  if (cause?.message) return cause.message;
  return e instanceof Error ? e.message : String(e);
}
