import { fork, type ChildProcess } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { abortedError, LlmError } from '../errors';
import { GgufFormatError } from '../gguf/gguf-reader';
import { inspectGguf, type GgufFacts } from '../gguf/gguf-facts';
import type {
  BackendCapabilities,
  ChatMessage,
  GenerateOptions,
  GenerateResult,
  LlmBackend,
  ScoreRequest,
  ScoreResult,
} from '../types';
import { defaultContextSize, defaultThreads } from './machine-defaults';
import { resolveWorkerEntry } from './worker-launch';
import type {
  ChatStats,
  GpuChoice,
  WorkerChatResult,
  WorkerInit,
  WorkerMessage,
  WorkerReadyInfo,
  WorkerRequest,
} from './worker-protocol';

export interface LocalLlamaOptions {
  modelPath: string;
  /** 'auto' (default) uses a GPU build when one works here and falls back to the CPU; false forces the CPU. */
  gpu?: GpuChoice;
  gpuLayers?: number | 'auto' | 'max';
  /** Default: the model's training context, capped at 8192. */
  contextSize?: number;
  /** Default: 1 for tiny models, else one per core (see machine-defaults). Tests pass 1. */
  threads?: number;
  batchSize?: number;
  /** 'auto' (default): the model's own chat template. Or a node-llama-cpp wrapper type: 'chatML', 'llama3.1', 'qwen'... */
  chatWrapper?: string;
  /** Sampling temperature for calls that name none (default 0, greedy). */
  temperature?: number;
  /** Never generate tokens whose text is not printable ASCII (random or weak models). */
  asciiOnly?: boolean;
  /** Skip the GGUF header check before starting the model process. Only for proving crash isolation. */
  skipValidation?: boolean;
  /** The model process entry; see worker-launch. */
  workerPath?: string;
  /** The executable for the child (default process.execPath). */
  execPath?: string;
  env?: NodeJS.ProcessEnv;
  /** Default 5 minutes. */
  loadTimeoutMs?: number;
  /** Start a new model process on the next call after a crash (default true). */
  autoRestart?: boolean;
  onLog?: (level: string, message: string) => void;
}

export type LocalBackendState = 'idle' | 'starting' | 'ready' | 'crashed' | 'failed' | 'stopped';

export interface LocalReadyInfo extends WorkerReadyInfo {
  /** Spawn to ready, as seen by the parent (process start + llama.cpp init + model load). */
  startMs: number;
  pid: number;
}

interface Pending {
  kind: WorkerRequest['t'];
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  onText?: (chunk: string) => void;
}

const STDERR_KEEP = 16 * 1024;

/**
 * The local llama.cpp backend. Inference runs in a child process (llama-worker) so that a native abort in
 * llama.cpp (GGML_ASSERT on a bad model, out of memory) kills only that process: pending calls reject with
 * `LlmError('crashed')` naming the reason from the child's stderr, and the next call starts a fresh process.
 * The GGUF header is validated here before any process is started.
 *
 * One conversation is kept in the model process: calls whose messages extend the previous call's messages
 * and reply evaluate only the new tokens. `resetConversation()` drops it.
 */
export class LocalLlamaBackend implements LlmBackend {
  readonly id: string;
  private proc: ChildProcess | undefined;
  private state_: LocalBackendState = 'idle';
  private starting: Promise<LocalReadyInfo> | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stderrTail = '';
  private info_: LocalReadyInfo | undefined;
  private facts_: GgufFacts | undefined;
  private lastStats_: ChatStats | undefined;
  private readonly modelPath: string;
  private lastStartError: Error | undefined;

  constructor(private readonly opts: LocalLlamaOptions) {
    this.modelPath = resolve(opts.modelPath);
    this.id = `local:${basename(this.modelPath)}`;
  }

  get state(): LocalBackendState {
    return this.state_;
  }

  /** What the model process reported when ready (undefined before start). */
  get info(): LocalReadyInfo | undefined {
    return this.info_;
  }

  /** The validated header facts of the model file. */
  get facts(): GgufFacts | undefined {
    return this.facts_;
  }

  /** Counters of the last completed call (prompt tokens evaluated vs reused, timings). */
  get lastStats(): ChatStats | undefined {
    return this.lastStats_;
  }

  get pid(): number | undefined {
    return this.proc?.pid;
  }

  /** Validates the model file, starts the model process and loads the model. Idempotent while running. */
  start(): Promise<LocalReadyInfo> {
    if (this.state_ === 'ready' && this.info_) return Promise.resolve(this.info_);
    if (this.starting) return this.starting;
    this.lastStartError = undefined;
    this.starting = this.startProcess()
      .catch((e: unknown) => {
        this.lastStartError = e instanceof Error ? e : new Error(String(e));
        throw e;
      })
      .finally(() => {
        this.starting = undefined;
      });
    return this.starting;
  }

  private async startProcess(): Promise<LocalReadyInfo> {
    this.state_ = 'starting';
    const init = await this.workerInit();
    let entry;
    try {
      entry = resolveWorkerEntry(this.opts.workerPath);
    } catch (e) {
      this.state_ = 'failed';
      throw new LlmError('model-load', (e as Error).message);
    }
    const t0 = performance.now();
    this.stderrTail = '';
    const proc = fork(entry.path, [], {
      execArgv: entry.execArgv,
      execPath: this.opts.execPath,
      env: this.opts.env ?? process.env,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    this.proc = proc;
    proc.stderr?.setEncoding('utf8');
    proc.stderr?.on('data', (d: string) => {
      this.stderrTail = (this.stderrTail + d).slice(-STDERR_KEEP);
    });
    return this.whenReady(proc, init, t0);
  }

  /** The model process's settings, from the options and the model file's header (checked unless told not to). */
  private async workerInit(): Promise<WorkerInit> {
    try {
      this.facts_ = await inspectGguf(this.modelPath);
    } catch (e) {
      if (!this.opts.skipValidation) {
        this.state_ = 'failed';
        if (e instanceof GgufFormatError)
          throw new LlmError('model-invalid', `${basename(this.modelPath)} cannot be used: ${e.message}`, { cause: e });
        throw e;
      }
      this.facts_ = undefined;
    }
    const sizeBytes =
      this.facts_?.sizeBytes ??
      (await stat(this.modelPath).then(
        (s) => s.size,
        () => 0,
      ));
    return {
      modelPath: this.modelPath,
      gpu: this.opts.gpu ?? 'auto',
      gpuLayers: this.opts.gpuLayers ?? 'auto',
      contextSize: this.opts.contextSize ?? defaultContextSize(this.facts_?.contextLength),
      threads: this.opts.threads ?? defaultThreads(sizeBytes),
      batchSize: this.opts.batchSize,
      chatWrapper: this.opts.chatWrapper ?? 'auto',
      asciiOnly: this.opts.asciiOnly ?? false,
      vocabularySize: this.facts_?.vocabularySize,
    };
  }

  /** Sends `init` to a new model process; resolves once it has loaded the model, within the load timeout. */
  private whenReady(proc: ChildProcess, init: WorkerInit, t0: number): Promise<LocalReadyInfo> {
    return new Promise<LocalReadyInfo>((resolvePromise, rejectPromise) => {
      let settled = false;
      const settle = (err: Error | undefined, info?: LocalReadyInfo) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (err) rejectPromise(err);
        else resolvePromise(info!);
      };
      const timeoutMs = this.opts.loadTimeoutMs ?? 300_000;
      const timer = setTimeout(() => {
        this.state_ = 'failed';
        proc.kill('SIGKILL');
        settle(
          new LlmError(
            'timeout',
            `Loading ${basename(this.modelPath)} took longer than ${Math.round(timeoutMs / 1000)} s; the model process was stopped.`,
          ),
        );
      }, timeoutMs);

      proc.on('message', (raw) => {
        const m = raw as WorkerMessage;
        if (m.t === 'ready') {
          this.state_ = 'ready';
          this.info_ = { ...m.info, startMs: Math.round(performance.now() - t0), pid: proc.pid ?? -1 };
          this.holdOpen(false);
          settle(undefined, this.info_);
        } else if (m.t === 'init-error') {
          this.state_ = 'failed';
          settle(new LlmError('model-load', `${basename(this.modelPath)}: ${m.message}`));
          this.killQuietly(proc);
        } else {
          this.onWorkerMessage(m);
        }
      });
      proc.on('error', (e) => {
        if (this.proc !== proc) return;
        this.state_ = 'failed';
        settle(new LlmError('model-load', `The model process could not be started: ${e.message}`, { cause: e }));
      });
      proc.on('exit', (code, signal) => this.onExit(proc, code, signal, settled ? undefined : settle));
      proc.send({ t: 'init', init } satisfies WorkerRequest);
    });
  }

  /**
   * The model process is gone: a load still waiting (`failLoad`) fails, as a cancel or a crash, and the
   * calls in flight are lost. A crash after the load leaves the backend `crashed`, to restart on the next call.
   */
  private onExit(
    proc: ChildProcess,
    code: number | null,
    signal: NodeJS.Signals | null,
    failLoad: ((err: Error) => void) | undefined,
  ): void {
    if (this.proc !== proc) return;
    this.proc = undefined;
    const wasStopping = this.state_ === 'stopped' || this.state_ === 'failed';
    const reason = this.crashReason(code, signal);
    if (failLoad) {
      if (this.state_ === 'stopped') {
        failLoad(
          new LlmError('aborted', `Loading ${basename(this.modelPath)} was cancelled: the backend was stopped.`),
        );
      } else {
        this.state_ = 'failed';
        failLoad(
          new LlmError(
            'crashed',
            `The model process crashed while loading ${basename(this.modelPath)} (${reason}). The model file is probably broken or unsupported by this llama.cpp.`,
          ),
        );
      }
    } else if (!wasStopping) {
      this.state_ = 'crashed';
    }
    this.rejectAll(
      wasStopping
        ? new LlmError('crashed', 'The model process was stopped.')
        : new LlmError(
            'crashed',
            `The model process crashed (${reason}); the call was lost. The next call starts a new process.`,
          ),
    );
  }

  private crashReason(code: number | null, signal: NodeJS.Signals | null): string {
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    const lines = this.stderrTail
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const telling =
      lines
        .reverse()
        .find((l) => /GGML_ASSERT|assert|terminate called|Segmentation|out of memory|bad_alloc|error/i.test(l)) ??
      lines[0];
    if (!telling) return how;
    const short = telling.replace(/^.*\/(llama\.cpp|ggml)\/[^ ]*: /, '');
    return `${how}: ${short.slice(0, 300)}`;
  }

  private onWorkerMessage(m: WorkerMessage): void {
    switch (m.t) {
      case 'log':
        this.opts.onLog?.(m.level, m.message);
        return;
      case 'text':
        this.pending.get(m.id)?.onText?.(m.chunk);
        return;
      case 'chat-done':
        this.take(m.id)?.resolve(m.value);
        return;
      case 'formatted':
        this.take(m.id)?.resolve({ text: m.text, tokens: m.tokens });
        return;
      case 'counted':
        this.take(m.id)?.resolve(m.tokens);
        return;
      case 'scored':
        this.take(m.id)?.resolve(m.value);
        return;
      case 'reset-done':
        this.take(m.id)?.resolve(undefined);
        return;
      case 'failed': {
        const code =
          m.code === 'context-overflow'
            ? 'context-overflow'
            : m.code === 'bad-spec'
              ? 'bad-spec'
              : m.code === 'model-load'
                ? 'model-load'
                : 'bad-reply';
        this.take(m.id)?.reject(new LlmError(code, m.message));
        return;
      }
      default:
        return;
    }
  }

  private take(id: number): Pending | undefined {
    const p = this.pending.get(id);
    this.pending.delete(id);
    if (this.pending.size === 0) this.holdOpen(false);
    return p;
  }

  /**
   * An idle model process must not keep this process alive (a CLI that forgets close() still exits, and
   * the child exits when its IPC channel closes); a call in flight must.
   */
  private holdOpen(on: boolean): void {
    const proc = this.proc;
    if (!proc) return;
    const handles = [proc, proc.channel, proc.stderr] as (
      { ref?: () => void; unref?: () => void } | null | undefined
    )[];
    for (const h of handles) (on ? h?.ref : h?.unref)?.call(h);
  }

  private rejectAll(e: Error): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const p of all) p.reject(e);
  }

  private async ensureRunning(): Promise<ChildProcess> {
    if (this.state_ === 'stopped') throw new LlmError('crashed', 'The local model backend is stopped.');
    if (this.state_ === 'crashed' && this.opts.autoRestart === false) {
      throw new LlmError('crashed', 'The model process crashed earlier; restart the backend.');
    }
    // A model that failed to load fails the same way again: say so at once; start() retries explicitly.
    if (this.state_ === 'failed' && this.lastStartError) throw this.lastStartError;
    if (this.state_ !== 'ready' || !this.proc) await this.start();
    return this.proc!;
  }

  private request<T>(
    proc: ChildProcess,
    req: WorkerRequest & { id: number },
    extra: Partial<Pending> = {},
  ): Promise<T> {
    return new Promise<T>((res, rej) => {
      this.pending.set(req.id, { kind: req.t, resolve: res as (v: unknown) => void, reject: rej, ...extra });
      this.holdOpen(true);
      proc.send(req, (err) => {
        if (err && this.pending.has(req.id))
          this.take(req.id)?.reject(new LlmError('crashed', `The model process is not reachable: ${err.message}`));
      });
    });
  }

  async chat(messages: ChatMessage[], opts: GenerateOptions): Promise<GenerateResult> {
    if (opts.signal?.aborted) throw abortedError('The generation');
    const proc = await this.ensureRunning();
    if (opts.signal?.aborted) throw abortedError('The generation');
    const id = this.nextId++;
    const onAbort = () => {
      if (this.pending.has(id) && proc.connected) proc.send({ t: 'abort', id } satisfies WorkerRequest);
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const out = await this.request<WorkerChatResult>(
        proc,
        {
          t: 'chat',
          id,
          messages: messages.map((m) => ({ role: m.role, content: m.content })),
          opts: {
            maxTokens: opts.maxTokens,
            jsonSchema: opts.grammar ? undefined : opts.jsonSchema,
            grammar: opts.grammar,
            stop: opts.stop,
            temperature: opts.temperature ?? this.opts.temperature,
            seed: opts.seed,
            stream: opts.onText !== undefined,
          },
        },
        { onText: opts.onText },
      );
      this.lastStats_ = out.stats;
      if (out.result.finish === 'aborted' && out.result.text === '') throw abortedError('The generation');
      return out.result;
    } finally {
      opts.signal?.removeEventListener('abort', onAbort);
    }
  }

  /** llama.cpp enforces any GBNF grammar, and JSON schemas through one; it has no tool calling of its own. */
  capabilities(): Promise<BackendCapabilities> {
    return Promise.resolve({ grammar: true, jsonSchema: true, tools: false });
  }

  /** Forgets the kept conversation and clears the KV cache: the next call evaluates its whole prompt. */
  async resetConversation(): Promise<void> {
    if (this.state_ !== 'ready' || !this.proc) return;
    await this.request<void>(this.proc, { t: 'reset', id: this.nextId++ });
  }

  /** The exact prompt text (chat template applied) the model sees for these messages, and its token count. */
  async formatPrompt(messages: ChatMessage[]): Promise<{ text: string; tokens: number }> {
    const proc = await this.ensureRunning();
    return this.request(proc, { t: 'format', id: this.nextId++, messages });
  }

  /** Tokens of `text` under the model's tokenizer (special-token text is counted as plain text). */
  async countTokens(text: string): Promise<number> {
    const proc = await this.ensureRunning();
    return this.request(proc, { t: 'count', id: this.nextId++, text });
  }

  /** A local model, with its weight count from the GGUF header (null when the header cannot be read). */
  async describe(): Promise<{ local: boolean; parameters: number | null }> {
    const facts = this.facts_ ?? (await inspectGguf(this.modelPath).catch(() => undefined));
    return { local: true, parameters: facts?.parameterCount ?? null };
  }

  /** The likelihood of each continuation after a plain-text prompt (see LlamaEngine.score). */
  async score(req: ScoreRequest, opts: { signal?: AbortSignal } = {}): Promise<ScoreResult> {
    if (opts.signal?.aborted) throw abortedError('Scoring');
    const proc = await this.ensureRunning();
    return this.request(proc, { t: 'score', id: this.nextId++, prompt: req.prompt, continuations: req.continuations });
  }

  /** Stops the model process (gracefully, then by force after 3 s). The backend can be started again. */
  async stop(): Promise<void> {
    const proc = this.proc;
    this.state_ = 'stopped';
    if (!proc) return;
    const exited = new Promise<void>((r) => proc.once('exit', () => r()));
    if (proc.connected) proc.send({ t: 'shutdown' } satisfies WorkerRequest, () => undefined);
    const timer = setTimeout(() => proc.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
    this.state_ = 'idle';
    this.info_ = undefined;
  }

  close(): Promise<void> {
    return this.stop();
  }

  private killQuietly(proc: ChildProcess): void {
    setTimeout(() => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    }, 1000).unref();
    if (proc.connected) proc.send({ t: 'shutdown' } satisfies WorkerRequest, () => undefined);
  }
}
