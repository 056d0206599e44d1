import { abortedError, LlmError } from '../errors';
import { toStrictJsonSchema } from '../json-schema';
import { estimatePromptTokens, estimateTokens } from '../token-estimate';
import type {
  BackendCapabilities,
  ChatMessage,
  FinishReason,
  GenerateOptions,
  GenerateResult,
  LlmBackend,
  ToolCall,
} from '../types';
import { readCapped } from './bounded-read';
import { cachedCapabilities } from './capabilities';
import { DEFAULT_RETRY, isRetryableStatus, retryDelayMs, sleep, type RetryPolicy } from './retry';
import {
  AttemptFailure,
  type Usage,
  anySignal,
  chatCompletionsUrl,
  chunkTokens,
  errorText,
  mapFinish,
  mib,
  networkReason,
  ownTokenLimit,
  raceAbort,
  readErrorBody,
  readToolCalls,
  seconds,
  withSchemaInstruction,
  type WireToolCall,
} from './openai-wire';
import { SseOverflowError, SseParser } from './sse';
import { resolveApiKey } from './api-key';

export { chatCompletionsUrl, ownTokenLimit } from './openai-wire';

export interface OpenAiBackendOptions {
  /** Server root (`http://127.0.0.1:8080`), its `/v1`, or the full `/v1/chat/completions` URL. */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer …`; wins over `apiKeyEnv`. */
  apiKey?: string;
  /** The variable holding this server's key (see api-key.ts: only `*_API_KEY`/`*_TOKEN`); unset or empty: no key is sent. */
  apiKeyEnv?: string | null;
  /** Where `apiKeyEnv` is looked up (default process.env). */
  env?: NodeJS.ProcessEnv;
  headers?: Record<string, string>;
  /** Stream with server-sent events (default true). */
  stream?: boolean;
  /** Bound on one whole call: every attempt, the waits between them and the streamed reply (default 120 s). */
  deadlineMs?: number;
  /** One attempt until the response headers arrive (a non-streamed one: until its whole body); default the deadline. */
  requestTimeoutMs?: number;
  /** Longest silence allowed between stream chunks (default 120 s). */
  idleTimeoutMs?: number;
  /** Reply text (plus tool-call arguments) beyond which the reply is cut off with `finish: 'length'` (default 1 MiB). */
  maxReplyChars?: number;
  retry?: Partial<RetryPolicy>;
  /** 'response_format' (default): strict json_schema, falling back to 'prompt' if the server answers 400 to it. */
  jsonSchemaMode?: 'response_format' | 'prompt';
  fetch?: typeof fetch;
  /** Folder for `openai-capabilities.json`, which remembers what each server supports; absent: memory only. */
  capabilityCacheDir?: string | null;
}

export const DEFAULT_DEADLINE_MS = 120_000;
export const DEFAULT_MAX_REPLY_CHARS = 1024 * 1024;

interface Progress {
  text: string;
}

/** Why an attempt's request was aborted; the error reported depends on it. */
const USER = Symbol('user');
const DEADLINE = Symbol('deadline');
const TIMEOUT = Symbol('timeout');
const IDLE = Symbol('idle');
const STOPPED = Symbol('stopped');

/**
 * A backend for any OpenAI-compatible `/v1/chat/completions` server (llama-server, vLLM, LM Studio,
 * Ollama, OpenAI). Retries 408/409/425/429/5xx and network failures with exponential backoff, but never
 * once text has been streamed to the caller. Token counts come from `usage` (asked for in streams with
 * `stream_options.include_usage`); without it they are estimated and flagged `tokensEstimated`.
 * Every call is bounded: a deadline for the whole call, an idle limit on streams, our own stop at
 * `maxTokens` (for servers that ignore it) and a cap on the reply's size.
 */
export class OpenAiBackend implements LlmBackend {
  readonly id: string;
  private readonly url: string;
  private readonly retry: RetryPolicy;
  private schemaFormatRejected = false;
  private readonly fetchImpl: typeof fetch;
  private readonly apiKey: string | undefined;
  private readonly deadlineMs: number;

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
    this.apiKey = resolveApiKey(opts);
    this.deadlineMs = opts.deadlineMs ?? DEFAULT_DEADLINE_MS;
  }

  /** True once the server has refused `response_format: json_schema` (schemas then go into the prompt). */
  get usesPromptForSchemas(): boolean {
    return this.schemaFormatRejected || this.opts.jsonSchemaMode === 'prompt';
  }

  /** Whether a key will be sent (never the key itself). */
  get sendsApiKey(): boolean {
    return this.apiKey !== undefined;
  }

  /** What the server enforces, probed once per server and model (see capabilities.ts). */
  async capabilities(signal?: AbortSignal): Promise<BackendCapabilities> {
    const caps = await cachedCapabilities(
      {
        chatUrl: this.url,
        model: this.opts.model,
        headers: this.headers(),
        fetch: this.fetchImpl,
        deadlineMs: this.deadlineMs,
      },
      this.opts.capabilityCacheDir,
      signal,
    );
    return { ...caps, jsonSchema: caps.jsonSchema && !this.usesPromptForSchemas };
  }

  async chat(messages: ChatMessage[], opts: GenerateOptions): Promise<GenerateResult> {
    if (opts.signal?.aborted) throw abortedError('The request');
    const progress: Progress = { text: '' };
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(DEADLINE), this.deadlineMs);
    let schemaFormat = opts.jsonSchema !== undefined && opts.grammar === undefined && !this.usesPromptForSchemas;
    try {
      for (let attempt = 0; ;) {
        try {
          return await this.attempt(messages, opts, schemaFormat, progress, deadline.signal);
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
              throw new LlmError('http', `${e.error.message} (gave up after ${tries} attempts)`, {
                status: e.error.status,
                partial: e.error.partial,
              });
            }
            throw e.error;
          }
          try {
            await sleep(retryDelayMs(attempt, this.retry, e.retryAfter), anySignal(opts.signal, deadline.signal));
          } catch {
            if (opts.signal?.aborted) throw abortedError('The request');
            throw this.deadlineError(progress, messages);
          }
          attempt++;
        }
      }
    } finally {
      clearTimeout(timer);
    }
  }

  private deadlineError(progress: Progress, messages: ChatMessage[], toolCalls?: ToolCall[]): LlmError {
    const partial = this.result(progress.text, 'aborted', undefined, messages, toolCalls);
    return new LlmError(
      'timeout',
      `${this.url} did not complete the reply within ${seconds(this.deadlineMs)}, the deadline for one call (${progress.text.length} characters had arrived).`,
      { partial },
    );
  }

  private headers(): Record<string, string> {
    return { ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}), ...this.opts.headers };
  }

  private body(messages: ChatMessage[], opts: GenerateOptions, schemaFormat: boolean, stream: boolean): string {
    let msgs: { role: string; content: string }[] = messages.map((m) => ({ role: m.role, content: m.content }));
    if (opts.jsonSchema && !schemaFormat && opts.grammar === undefined)
      msgs = withSchemaInstruction(msgs, opts.jsonSchema);
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
    if (opts.grammar !== undefined) {
      // llama.cpp server's own field; it wins over a schema, as in the local backend.
      body.grammar = opts.grammar;
    } else if (opts.jsonSchema && schemaFormat) {
      body.response_format = {
        type: 'json_schema',
        json_schema: { name: 'reply', schema: toStrictJsonSchema(opts.jsonSchema), strict: true },
      };
    }
    if (opts.tools?.length) {
      body.tools = opts.tools.map((t) => ({
        type: 'function',
        function: { name: t.name, description: t.description, parameters: toStrictJsonSchema(t.parameters) },
      }));
      body.tool_choice = opts.toolChoice ?? 'auto';
    }
    return JSON.stringify(body);
  }

  private async attempt(
    messages: ChatMessage[],
    opts: GenerateOptions,
    schemaFormat: boolean,
    progress: Progress,
    deadline: AbortSignal,
  ): Promise<GenerateResult> {
    const stream = this.opts.stream ?? true;
    const ctl = new AbortController();
    const onUserAbort = () => ctl.abort(USER);
    const onDeadline = () => ctl.abort(DEADLINE);
    opts.signal?.addEventListener('abort', onUserAbort, { once: true });
    deadline.addEventListener('abort', onDeadline, { once: true });
    if (deadline.aborted) ctl.abort(DEADLINE);
    const requestTimeoutMs = this.opts.requestTimeoutMs ?? this.deadlineMs;
    let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => ctl.abort(TIMEOUT), requestTimeoutMs);
    const clearTimer = () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
    };
    const failure = (e: unknown, what: 'connect' | 'body'): Error => {
      const why = ctl.signal.reason;
      if (opts.signal?.aborted || why === USER) return abortedError('The request');
      if (why === DEADLINE) return new AttemptFailure(this.deadlineError(progress, messages), false);
      if (why === TIMEOUT) {
        const msg =
          what === 'connect'
            ? `${this.url} did not answer within ${requestTimeoutMs} ms.`
            : `${this.url} did not finish its answer within ${requestTimeoutMs} ms.`;
        return new AttemptFailure(new LlmError('timeout', msg), false);
      }
      if (what === 'connect')
        return new AttemptFailure(
          new LlmError('http', `Cannot reach ${this.url}: ${networkReason(e)}.`, { cause: e }),
          true,
        );
      return new AttemptFailure(
        new LlmError('http', `The answer from ${this.url} broke off: ${networkReason(e)}.`),
        true,
      );
    };
    try {
      let res: Response;
      try {
        res = await this.fetchImpl(this.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: stream ? 'text/event-stream' : 'application/json',
            ...this.headers(),
          },
          body: this.body(messages, opts, schemaFormat, stream),
          signal: ctl.signal,
        });
      } catch (e) {
        throw failure(e, 'connect');
      }

      if (!res.ok) {
        let detail: string;
        try {
          detail = await raceAbort(readErrorBody(res), ctl.signal);
        } catch (e) {
          throw failure(e, 'body');
        }
        const err = new LlmError(
          'http',
          `${this.url} answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}${detail ? `: ${detail}` : ''}.${this.keyHint(res.status)}`,
          { status: res.status },
        );
        const schemaRejected = res.status === 400 && schemaFormat;
        throw new AttemptFailure(err, isRetryableStatus(res.status), res.headers.get('retry-after'), schemaRejected);
      }

      const contentType = res.headers.get('content-type') ?? '';
      if (stream && contentType.includes('text/event-stream') && res.body) {
        clearTimer();
        return await this.readStream(res.body, messages, opts, ctl, progress);
      }
      const maxBytes = this.maxReplyChars() * 4 + 64 * 1024;
      let body: { text: string; truncated: boolean };
      try {
        body = await raceAbort(readCapped(res, maxBytes), ctl.signal);
      } catch (e) {
        throw failure(e, 'body');
      }
      clearTimer();
      if (body.truncated) {
        ctl.abort(STOPPED);
        throw new AttemptFailure(
          new LlmError(
            'bad-reply',
            `The answer from ${this.url} is larger than ${mib(maxBytes)}; it was not read further.`,
          ),
          false,
        );
      }
      return this.fromJsonBody(body.text, messages, opts, progress);
    } finally {
      clearTimer();
      opts.signal?.removeEventListener('abort', onUserAbort);
      deadline.removeEventListener('abort', onDeadline);
    }
  }

  private maxReplyChars(): number {
    return this.opts.maxReplyChars ?? DEFAULT_MAX_REPLY_CHARS;
  }

  /** For 401/403: whether a key was sent and where it comes from (never the key). */
  private keyHint(status: number): string {
    if (status !== 401 && status !== 403) return '';
    if (this.apiKey)
      return this.opts.apiKey ? ' (an API key was sent)' : ` (the API key from ${this.opts.apiKeyEnv} was sent)`;
    return this.opts.apiKeyEnv
      ? ` (no API key was sent: the variable ${this.opts.apiKeyEnv} configured for this server is not set)`
      : ` (no API key was sent: none is configured for ${this.id.replace(/^.*@/, '')}; name its variable in the apiKeys setting)`;
  }

  private fromJsonBody(
    raw: string,
    messages: ChatMessage[],
    opts: GenerateOptions,
    progress: Progress,
  ): GenerateResult {
    let data: {
      choices?: { message?: { content?: string | null; tool_calls?: unknown }; finish_reason?: string | null }[];
      usage?: Usage;
      error?: unknown;
    };
    try {
      data = JSON.parse(raw);
    } catch {
      throw new AttemptFailure(
        new LlmError(
          'bad-reply',
          `The answer from ${this.url} is not valid JSON: ${JSON.stringify(raw.slice(0, 120))}.`,
        ),
        false,
      );
    }
    if (data?.error)
      throw new AttemptFailure(new LlmError('http', `${this.url} reported an error: ${errorText(data.error)}.`), false);
    const choice = data?.choices?.[0];
    const content = choice?.message?.content;
    if (!choice || (content !== null && content !== undefined && typeof content !== 'string')) {
      throw new AttemptFailure(
        new LlmError('bad-reply', `The answer from ${this.url} has no choices[0].message.content.`),
        false,
      );
    }
    let text = content ?? '';
    let finish = mapFinish(choice.finish_reason);
    if (text.length > this.maxReplyChars()) {
      text = text.slice(0, this.maxReplyChars());
      finish = 'length';
    }
    const toolCalls = Array.isArray(choice.message?.tool_calls)
      ? readToolCalls(choice.message.tool_calls as WireToolCall[])
      : [];
    progress.text = text;
    if (text) opts.onText?.(text);
    return this.result(text, finish, data.usage, messages, toolCalls);
  }

  private async readStream(
    body: ReadableStream<Uint8Array>,
    messages: ChatMessage[],
    opts: GenerateOptions,
    ctl: AbortController,
    progress: Progress,
  ): Promise<GenerateResult> {
    const idleMs = this.opts.idleTimeoutMs ?? DEFAULT_DEADLINE_MS;
    const maxChars = this.maxReplyChars();
    const tokenLimit = ownTokenLimit(opts.maxTokens);
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const sse = new SseParser(Math.max(64 * 1024, maxChars * 4));
    const calls: { name: string; arguments: string }[] = [];
    let toolChars = 0;
    let counted = 0;
    let finish: FinishReason | undefined;
    let usage: Usage | undefined;
    let done = false;
    const toolCalls = () => calls.filter((c) => c.name);
    const partial = (): GenerateResult => this.result(progress.text, 'aborted', usage, messages, toolCalls());
    /** Our own stop (size or token cap): the reply so far, ended as the server's length limit would end it. */
    const stop = () => {
      finish = 'length';
      done = true;
    };
    const room = () => maxChars - progress.text.length - toolChars;

    const handle = (data: string) => {
      if (data.trim() === '[DONE]') {
        done = true;
        return;
      }
      let ev: {
        choices?: { delta?: { content?: string | null; tool_calls?: unknown }; finish_reason?: string | null }[];
        usage?: Usage | null;
        error?: unknown;
      };
      try {
        ev = JSON.parse(data);
      } catch {
        throw new AttemptFailure(
          new LlmError(
            'bad-reply',
            `The stream from ${this.url} carried an event that is not JSON: ${JSON.stringify(data.slice(0, 120))}.`,
            { partial: partial() },
          ),
          false,
        );
      }
      if (ev?.error)
        throw new AttemptFailure(
          new LlmError('http', `${this.url} reported an error mid-stream: ${errorText(ev.error)}.`, {
            partial: partial(),
          }),
          progress.text === '',
        );
      if (ev?.usage) usage = ev.usage;
      const choice = ev?.choices?.[0];
      let chunk = choice?.delta?.content;
      if (typeof chunk === 'string' && chunk) {
        const cut = chunk.length > room();
        if (cut) chunk = chunk.slice(0, Math.max(0, room()));
        if (chunk) {
          progress.text += chunk;
          counted += chunkTokens(chunk);
          opts.onText?.(chunk);
        }
        if (cut) return stop();
      }
      if (Array.isArray(choice?.delta?.tool_calls)) {
        for (const d of choice.delta.tool_calls as WireToolCall[]) {
          const i =
            typeof d?.index === 'number' && d.index >= 0 && d.index < 64
              ? d.index
              : calls.length
                ? calls.length - 1
                : 0;
          while (calls.length <= i) calls.push({ name: '', arguments: '' });
          if (typeof d?.function?.name === 'string') calls[i].name += d.function.name;
          const args = d?.function?.arguments;
          const piece = typeof args === 'string' ? args : args && typeof args === 'object' ? JSON.stringify(args) : '';
          if (piece.length > room()) {
            calls[i].arguments += piece.slice(0, Math.max(0, room()));
            return stop();
          }
          calls[i].arguments += piece;
          toolChars += piece.length;
          if (piece) counted += chunkTokens(piece);
        }
      }
      if (counted > tokenLimit) return stop();
      if (choice?.finish_reason) finish = mapFinish(choice.finish_reason);
    };

    const aborted = new Promise<never>((_, reject) => {
      if (ctl.signal.aborted) reject(ctl.signal.reason);
      ctl.signal.addEventListener('abort', () => reject(ctl.signal.reason), { once: true });
    });
    aborted.catch(() => undefined);
    try {
      while (!done) {
        const idle = setTimeout(() => ctl.abort(IDLE), idleMs);
        let r: ReadableStreamReadResult<Uint8Array>;
        try {
          r = await Promise.race([reader.read(), aborted]);
        } catch (e) {
          const why = ctl.signal.reason;
          if (opts.signal?.aborted || why === USER) {
            if (progress.text || toolCalls().length) return partial();
            throw abortedError('The request');
          }
          if (why === DEADLINE) throw new AttemptFailure(this.deadlineError(progress, messages, toolCalls()), false);
          if (why === IDLE)
            throw new AttemptFailure(
              new LlmError('timeout', `The stream from ${this.url} stalled for more than ${idleMs} ms.`, {
                partial: partial(),
              }),
              false,
            );
          throw new AttemptFailure(
            new LlmError('http', `The stream from ${this.url} broke off: ${networkReason(e)}.`, { partial: partial() }),
            progress.text === '',
          );
        } finally {
          clearTimeout(idle);
        }
        if (r.done) {
          for (const d of sse.end()) handle(d);
          break;
        }
        let events: string[];
        try {
          events = sse.push(decoder.decode(r.value, { stream: true }));
        } catch (e) {
          if (!(e instanceof SseOverflowError)) throw e;
          stop();
          break;
        }
        for (const d of events) {
          handle(d);
          if (done || ctl.signal.aborted) break;
        }
      }
    } finally {
      // Whether the reply ended or we stopped it, the server should stop generating.
      if (!ctl.signal.aborted) ctl.abort(STOPPED);
      reader.cancel().catch(() => undefined);
    }
    if (!done && finish === undefined) {
      throw new AttemptFailure(
        new LlmError('http', `The stream from ${this.url} ended before the reply was complete.`, {
          partial: partial(),
        }),
        progress.text === '',
      );
    }
    return this.result(progress.text, finish ?? 'stop', usage, messages, toolCalls());
  }

  private result(
    text: string,
    finish: FinishReason,
    usage: Usage | undefined,
    messages: ChatMessage[],
    toolCalls: ToolCall[] = [],
  ): GenerateResult {
    const calls = toolCalls.length ? { toolCalls } : {};
    if (usage && typeof usage.prompt_tokens === 'number' && typeof usage.completion_tokens === 'number') {
      const cached = usage.prompt_tokens_details?.cached_tokens;
      return {
        text,
        inputTokens: usage.prompt_tokens,
        outputTokens: usage.completion_tokens,
        finish,
        ...(typeof cached === 'number' ? { cachedInputTokens: cached } : {}),
        ...calls,
      };
    }
    const args = toolCalls.map((c) => `${c.name}(${c.arguments})`).join('');
    return {
      text,
      inputTokens: estimatePromptTokens(messages),
      outputTokens: estimateTokens(text + args),
      finish,
      tokensEstimated: true,
      ...calls,
    };
  }

  async close(): Promise<void> {}
}
