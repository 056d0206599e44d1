import { abortedError, LlmError } from '../errors';
import type { BackendCapabilities, ChatMessage, GenerateOptions, GenerateResult, LlmBackend, ToolCall } from '../types';
import { AttemptAbort, DEADLINE, STOPPED, TIMEOUT } from './attempt-abort';
import { readCapped } from './bounded-read';
import { CallDeadline } from './call-deadline';
import { cachedCapabilities, knownCapabilities, serverRoot } from './capabilities';
import { chatBody } from './openai-request';
import { isOutage, OutageWatch, type ServerWaitListener } from './outage';
import { replyProblem, replyProblemError } from './reply-problem';
import { isFieldRefusal, isValidationError, nextSchemaMode, SCHEMA_MODES, type SchemaMode } from './schema-modes';
import { readServerSlots, SlotLimiter, type SlotInfo } from './server-slots';
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
  /**
   * 'response_format' (default): strict json_schema, falling back (see schema-modes.ts) to json_object with a
   * schema, then llama.cpp's grammar (when the server has it), then the prompt, as the server refuses each.
   */
  jsonSchemaMode?: 'response_format' | 'prompt';
  /** How long an outage (connection refused or reset, 502/503) is waited out before the call fails (default 120 s). */
  retryForMs?: number;
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
  /** How a JSON schema goes to this server; lowered as the server refuses a mode. */
  private schemaMode: SchemaMode;
  private grammarKnown = false;
  /** Whether the schema mode was set from what is known of the server (a probe here or saved). */
  private modeSettled = false;
  private readonly outage: OutageWatch;
  private readonly limiter = new SlotLimiter();
  private slotInfo: Promise<SlotInfo | null> | undefined;
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
    this.schemaMode = opts.jsonSchemaMode === 'prompt' ? 'prompt' : 'json_schema';
    this.outage = new OutageWatch(opts.retryForMs);
  }

  /** True once the server has refused every schema response format (schemas then go into the prompt or a grammar). */
  get usesPromptForSchemas(): boolean {
    return this.schemaMode === 'prompt' || this.schemaMode === 'grammar';
  }

  /** How a JSON schema is sent now. */
  get schemaVia(): SchemaMode {
    return this.schemaMode;
  }

  /** How long an outage is waited out (`--retry-for`). */
  setRetryFor(ms: number): void {
    this.outage.limitMs = ms;
  }

  /** Hears "waiting for the server" while an outage is waited out, and null when it is over. */
  watchServer(listener: ServerWaitListener): () => void {
    return this.outage.listen(listener);
  }

  /** The server's slots (llama.cpp's /props or /slots), read once; requests in flight are held to them. */
  serverSlots(signal?: AbortSignal): Promise<SlotInfo | null> {
    this.slotInfo ??= readServerSlots(serverRoot(this.url), this.headers(), this.fetchImpl, signal).then((info) => {
      if (info) this.limiter.setLimit(info.slots, null);
      return info;
    });
    return this.slotInfo;
  }

  /** What the run should say about this server: a concurrency lowered after an empty-reply burst. */
  notes(): string[] {
    return this.limiter.note ? [this.limiter.note] : [];
  }

  /** A schema mode the server refused: the next one (grammar only where the server is known to have it). */
  private degrade(refused: SchemaMode): SchemaMode {
    let next = nextSchemaMode(refused);
    if (next === 'grammar' && !this.grammarKnown) next = 'prompt';
    if (SCHEMA_MODES.indexOf(next) > SCHEMA_MODES.indexOf(this.schemaMode)) this.schemaMode = next;
    return next;
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
    this.settleMode(caps);
    // How the schema travels is this backend's business (schemaVia); the agent only needs to know it is enforced.
    const { jsonSchemaVia: _via, ...shown } = caps;
    return { ...shown, jsonSchema: caps.jsonSchema && !this.usesPromptForSchemas };
  }

  private settleMode(caps: BackendCapabilities): void {
    this.modeSettled = true;
    this.grammarKnown = caps.grammar;
    const found: SchemaMode = caps.jsonSchema
      ? (caps.jsonSchemaVia ?? 'json_schema')
      : caps.grammar
        ? 'grammar'
        : 'prompt';
    if (SCHEMA_MODES.indexOf(found) > SCHEMA_MODES.indexOf(this.schemaMode)) this.schemaMode = found;
  }

  /** Before the first schema request: what a probe (in this process or saved) found, so a refused mode is not sent again. */
  private async settleFromKnown(): Promise<void> {
    if (this.modeSettled) return;
    const caps = await knownCapabilities({ chatUrl: this.url, model: this.opts.model }, this.opts.capabilityCacheDir);
    if (caps) this.settleMode(caps);
  }

  /**
   * One reply. An empty one (no text, no tool call) or one the server cut short is asked for once more,
   * then is an error (`bad-reply` with `reply` set): it is never handed back as an answer.
   */
  async chat(messages: ChatMessage[], opts: GenerateOptions): Promise<GenerateResult> {
    if (opts.signal?.aborted) throw abortedError('The request');
    if (opts.jsonSchema !== undefined && opts.grammar === undefined) await this.settleFromKnown();
    const deadline = new CallDeadline(this.deadlineMs);
    try {
      for (let round = 0; ; round++) {
        const { res, inFlight } = await this.call(messages, opts, deadline);
        const problem = replyProblem(res, opts.maxTokens);
        if (!problem) return res;
        if (problem === 'empty') this.limiter.emptyBurst(inFlight, this.url);
        // Text already streamed to the caller cannot be taken back by asking again.
        if (round >= 1 || (opts.onText && res.text)) throw replyProblemError(problem, this.url, res, round + 1);
      }
    } finally {
      deadline.dispose();
    }
  }

  /** Attempts until one gives a reply: retries, schema fallbacks and outages waited out. */
  private async call(
    messages: ChatMessage[],
    opts: GenerateOptions,
    deadline: CallDeadline,
  ): Promise<{ res: GenerateResult; inFlight: number }> {
    const progress: Progress = { text: '' };
    let mode: SchemaMode | null = opts.jsonSchema !== undefined && opts.grammar === undefined ? this.schemaMode : null;
    let outages = 0;
    for (let attempt = 0; ;) {
      const release = await this.slot(opts, deadline, progress, messages);
      try {
        const res = await this.attempt(messages, opts, mode, progress, deadline.signal);
        this.outage.recovered();
        return { res, inFlight: this.limiter.active };
      } catch (e) {
        if (!(e instanceof AttemptFailure)) throw e;
        if (e.schemaRejected && mode !== null && mode !== 'prompt') {
          mode = this.degrade(mode);
          continue;
        }
        if (e.outage && progress.text === '') {
          release();
          await this.waitOutage(e.outage, outages++, opts.signal, deadline);
          continue;
        }
        if (!e.retryable || attempt >= this.retry.maxRetries || progress.text !== '') throw this.finalError(e, attempt);
        release();
        try {
          await sleep(retryDelayMs(attempt, this.retry, e.retryAfter), anySignal(opts.signal, deadline.signal));
        } catch {
          if (opts.signal?.aborted) throw abortedError('The request');
          throw this.deadlineError(progress, messages);
        }
        attempt++;
      } finally {
        release();
      }
    }
  }

  /** A place among the requests in flight to this server (see SlotLimiter). */
  private async slot(
    opts: GenerateOptions,
    deadline: CallDeadline,
    progress: Progress,
    messages: ChatMessage[],
  ): Promise<() => void> {
    try {
      return await this.limiter.acquire(anySignal(opts.signal, deadline.signal));
    } catch {
      if (opts.signal?.aborted) throw abortedError('The request');
      throw this.deadlineError(progress, messages);
    }
  }

  /** Waits out an outage with the call's deadline paused; past `retryForMs` the outage's error ends the call. */
  private async waitOutage(reason: string, tries: number, user: AbortSignal | undefined, deadline: CallDeadline) {
    deadline.pause();
    try {
      await this.outage.wait(this.url, reason, tries, user ?? new AbortController().signal);
    } catch (e) {
      if (user?.aborted) throw abortedError('The request');
      throw e;
    } finally {
      deadline.resume();
    }
  }

  private finalError(e: AttemptFailure, attempt: number): LlmError {
    const tries = attempt + 1;
    if (tries > 1 && e.error.code === 'http') {
      return new LlmError('http', `${e.error.message} (gave up after ${tries} attempts)`, {
        status: e.error.status,
        partial: e.error.partial,
        permanent: e.error.permanent,
      });
    }
    return e.error;
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

  private async attempt(
    messages: ChatMessage[],
    opts: GenerateOptions,
    mode: SchemaMode | null,
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
      const network = networkReason(e);
      const away = isOutage({ network }) ? network : undefined;
      if (what === 'connect')
        return new AttemptFailure(
          new LlmError('http', `Cannot reach ${this.url}: ${network}.`, { cause: e }),
          true,
          undefined,
          false,
          away,
        );
      return new AttemptFailure(
        new LlmError('http', `The answer from ${this.url} broke off: ${network}.`),
        true,
        undefined,
        false,
        away,
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
          body: chatBody(this.opts.model, messages, opts, mode, stream),
          signal: abort.signal,
        });
      } catch (e) {
        throw failure(e, 'connect');
      }
      if (!res.ok) throw await this.refusal(res, mode, abort.signal, failure);
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

  /**
   * The failure for an answer that is not 2xx, with the server's own words. A refused schema field (any 4xx,
   * or a 5xx validation error about it) moves to the next schema mode; a validation error is never retried;
   * 502/503 are an outage.
   */
  private async refusal(
    res: Response,
    mode: SchemaMode | null,
    signal: AbortSignal,
    failure: (e: unknown, what: 'body') => Error,
  ): Promise<Error> {
    let detail: string;
    try {
      detail = await raceAbort(readErrorBody(res), signal);
    } catch (e) {
      return failure(e, 'body');
    }
    const permanent = isValidationError(res.status, detail);
    const err = new LlmError(
      'http',
      `${this.url} answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}${detail ? `: ${detail}` : ''}.${this.keyHint(res.status)}`,
      { status: res.status, permanent },
    );
    const schemaRejected = mode !== null && mode !== 'prompt' && isFieldRefusal(res.status, detail);
    return new AttemptFailure(
      err,
      isRetryableStatus(res.status) && !permanent,
      res.headers.get('retry-after'),
      schemaRejected,
      isOutage({ status: res.status }) && !permanent ? String(res.status) : undefined,
    );
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
