import { abortedError, LlmError } from '../errors';
import { toStrictJsonSchema } from '../json-schema';
import type { BackendCapabilities, ChatMessage, GenerateOptions, GenerateResult, LlmBackend, ToolCall } from '../types';
import { AttemptAbort, DEADLINE, STOPPED, TIMEOUT } from './attempt-abort';
import { readCapped } from './bounded-read';
import { cachedCapabilities } from './capabilities';
import { DEFAULT_RETRY, isRetryableStatus, retryDelayMs, sleep, type RetryPolicy } from './retry';
import {
  AttemptFailure,
  anySignal,
  chatCompletionsUrl,
  errorText,
  mapFinish,
  mib,
  networkReason,
  raceAbort,
  readErrorBody,
  readToolCalls,
  seconds,
  withSchemaInstruction,
  type Usage,
  type WireToolCall,
} from './openai-wire';
import { replyResult } from './reply-result';
import { readStream } from './stream-read';
import { StreamedReply, type Progress } from './stream-reply';
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
    const partial = replyResult(progress.text, 'aborted', undefined, messages, toolCalls);
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
    const requestTimeoutMs = this.opts.requestTimeoutMs ?? this.deadlineMs;
    const abort = new AttemptAbort(opts.signal, deadline, requestTimeoutMs);
    const failure = (e: unknown, what: 'connect' | 'body'): Error => {
      if (abort.byUser) return abortedError('The request');
      const why = abort.signal.reason;
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
          signal: abort.signal,
        });
      } catch (e) {
        throw failure(e, 'connect');
      }
      if (!res.ok) throw await this.refusal(res, schemaFormat, abort.signal, failure);
      const contentType = res.headers.get('content-type') ?? '';
      if (stream && contentType.includes('text/event-stream') && res.body) {
        abort.clearTimer();
        const maxChars = this.maxReplyChars();
        return await readStream(res.body, new StreamedReply(this.url, messages, opts, progress, maxChars), abort, {
          url: this.url,
          idleMs: this.opts.idleTimeoutMs ?? DEFAULT_DEADLINE_MS,
          maxChars,
          deadlineError: (toolCalls) => this.deadlineError(progress, messages, toolCalls),
        });
      }
      return await this.readWhole(res, messages, opts, progress, abort, failure);
    } finally {
      abort.dispose();
    }
  }

  /** The failure for an answer that is not 2xx, with the server's own words; a 400 to a schema may mean it refuses schemas. */
  private async refusal(
    res: Response,
    schemaFormat: boolean,
    signal: AbortSignal,
    failure: (e: unknown, what: 'body') => Error,
  ): Promise<Error> {
    let detail: string;
    try {
      detail = await raceAbort(readErrorBody(res), signal);
    } catch (e) {
      return failure(e, 'body');
    }
    const err = new LlmError(
      'http',
      `${this.url} answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}${detail ? `: ${detail}` : ''}.${this.keyHint(res.status)}`,
      { status: res.status },
    );
    const schemaRejected = res.status === 400 && schemaFormat;
    return new AttemptFailure(err, isRetryableStatus(res.status), res.headers.get('retry-after'), schemaRejected);
  }

  /** A non-streamed answer, read whole up to a cap sized from the reply-size cap. */
  private async readWhole(
    res: Response,
    messages: ChatMessage[],
    opts: GenerateOptions,
    progress: Progress,
    abort: AttemptAbort,
    failure: (e: unknown, what: 'body') => Error,
  ): Promise<GenerateResult> {
    const maxBytes = this.maxReplyChars() * 4 + 64 * 1024;
    let body: { text: string; truncated: boolean };
    try {
      body = await raceAbort(readCapped(res, maxBytes), abort.signal);
    } catch (e) {
      throw failure(e, 'body');
    }
    abort.clearTimer();
    if (body.truncated) {
      abort.abort(STOPPED);
      throw new AttemptFailure(
        new LlmError(
          'bad-reply',
          `The answer from ${this.url} is larger than ${mib(maxBytes)}; it was not read further.`,
        ),
        false,
      );
    }
    return this.fromJsonBody(body.text, messages, opts, progress);
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
    return replyResult(text, finish, data.usage, messages, toolCalls);
  }

  async close(): Promise<void> {}
}
