import { readFile, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { describeJsonError } from '../../core/safe-json';
import { abortedError, LlmError } from '../errors';
import { estimatePromptTokens, estimateTokens } from '../token-estimate';
import type { ChatMessage, GenerateOptions, GenerateResult, LlmBackend } from '../types';

/** Scripts are small; a spec pointed at a huge file or a device must not be read into memory. */
const MAX_SCRIPT_BYTES = 64 * 1024 * 1024;

export interface ScriptedBackendOptions {
  /** Shown in `id` and messages (default "script"). */
  name?: string;
  /** Characters per onText chunk (default 16). */
  chunkChars?: number;
  /** Pause between chunks, to make streaming and aborts observable in tests (default 0: no pause). */
  chunkDelayMs?: number;
}

export interface ScriptedCall {
  messages: ChatMessage[];
  opts: Omit<GenerateOptions, 'signal' | 'onText'>;
}

/**
 * Replays canned replies, one per call, in order: for tests and demos without a model.
 * - The reply is returned verbatim (no schema check: a script may hold a deliberately bad reply), cut at
 *   the first `stop` string like a real backend; `maxTokens` is not applied.
 * - Running out of replies rejects with `LlmError('script-exhausted')`.
 * - `onText` receives the reply in chunks; an abort between chunks resolves `finish: 'aborted'` with the
 *   text so far (the reply is used up); an abort before the call rejects and leaves the reply in place.
 * - Token counts come from token-estimate (`tokensEstimated: true`).
 */
export class ScriptedBackend implements LlmBackend {
  readonly id: string;
  private next = 0;
  readonly calls: ScriptedCall[] = [];

  constructor(
    private readonly replies: readonly string[],
    private readonly opts: ScriptedBackendOptions = {},
  ) {
    this.id = `scripted:${opts.name ?? 'script'}`;
  }

  /**
   * Loads a JSON file holding an array of reply strings. Errors name the file and the kind of problem,
   * never its content: a spec such as `scripted:/etc/passwd` must not echo the file back.
   */
  static async fromFile(file: string, opts: Omit<ScriptedBackendOptions, 'name'> = {}): Promise<ScriptedBackend> {
    const path = resolve(file);
    let raw: string;
    try {
      const st = await stat(path);
      if (!st.isFile()) throw new LlmError('bad-spec', `The script ${path} is not a regular file.`);
      if (st.size > MAX_SCRIPT_BYTES)
        throw new LlmError('bad-spec', `The script ${path} is larger than ${MAX_SCRIPT_BYTES / (1024 * 1024)} MiB.`);
      raw = await readFile(path, 'utf8');
    } catch (e) {
      if (e instanceof LlmError) throw e;
      throw new LlmError(
        'bad-spec',
        `The script ${path} cannot be read (${(e as NodeJS.ErrnoException).code ?? 'unknown error'}).`,
      );
    }
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch (e) {
      throw new LlmError(
        'bad-spec',
        `The script ${path} is not valid JSON (${describeJsonError(e)}); it must be a JSON array of reply strings.`,
      );
    }
    if (!Array.isArray(data))
      throw new LlmError(
        'bad-spec',
        `The script ${path} must be a JSON array of reply strings (it holds ${kindOf(data)}).`,
      );
    const bad = data.findIndex((x) => typeof x !== 'string');
    if (bad >= 0)
      throw new LlmError(
        'bad-spec',
        `Item ${bad} of the script ${path} is not a string (it is ${kindOf(data[bad])}); every reply must be a string.`,
      );
    return new ScriptedBackend(data as string[], { ...opts, name: basename(path) });
  }

  get remaining(): number {
    return this.replies.length - this.next;
  }

  async chat(messages: ChatMessage[], opts: GenerateOptions): Promise<GenerateResult> {
    if (opts.signal?.aborted) throw abortedError('The generation');
    if (this.next >= this.replies.length) {
      throw new LlmError(
        'script-exhausted',
        `The script ${this.opts.name ?? 'script'} has no reply left for call ${this.next + 1}: it holds ${this.replies.length} ${this.replies.length === 1 ? 'reply' : 'replies'}.`,
      );
    }
    const { signal: _s, onText: _o, ...rest } = opts;
    this.calls.push({ messages: messages.map((m) => ({ ...m })), opts: rest });
    let text = this.replies[this.next++];
    let finish: GenerateResult['finish'] = 'stop';
    for (const s of opts.stop ?? []) {
      const i = s ? text.indexOf(s) : -1;
      if (i >= 0) text = text.slice(0, i);
    }
    const inputTokens = estimatePromptTokens(messages);
    if (opts.onText) {
      const size = Math.max(1, this.opts.chunkChars ?? 16);
      let sent = '';
      for (let i = 0; i < text.length; i += size) {
        if (opts.signal?.aborted) {
          finish = 'aborted';
          break;
        }
        const chunk = text.slice(i, i + size);
        opts.onText(chunk);
        sent += chunk;
        if (this.opts.chunkDelayMs) await sleep(this.opts.chunkDelayMs);
      }
      if (opts.signal?.aborted && sent.length < text.length) finish = 'aborted';
      if (finish === 'aborted') {
        if (sent === '') throw abortedError('The generation');
        text = sent;
      }
    }
    return { text, inputTokens, outputTokens: estimateTokens(text), finish, tokensEstimated: true };
  }

  async close(): Promise<void> {}
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}
