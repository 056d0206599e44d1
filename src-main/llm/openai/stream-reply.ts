import { LlmError } from '../errors';
import type { ChatMessage, FinishReason, GenerateOptions, GenerateResult, ToolCall } from '../types';
import {
  AttemptFailure,
  chunkTokens,
  errorText,
  mapFinish,
  ownTokenLimit,
  type Usage,
  type WireToolCall,
} from './openai-wire';
import { replyResult } from './reply-result';

/** The reply text so far, shared by a call's attempts: none is retried once text has reached the caller. */
export interface Progress {
  text: string;
}

interface StreamEvent {
  choices?: { delta?: { content?: string | null; tool_calls?: unknown }; finish_reason?: string | null }[];
  usage?: Usage | null;
  error?: unknown;
}

/**
 * A streamed reply as its server-sent events arrive: text, tool calls, usage and the finish reason. It
 * stops itself (as the server's length limit would end the reply) at the reply-size cap and at our own
 * token cap, for servers that ignore `max_tokens`.
 */
export class StreamedReply {
  finish: FinishReason | undefined;
  usage: Usage | undefined;
  /** The stream said [DONE], or we stopped the reply. */
  done = false;
  private readonly calls: ToolCall[] = [];
  private toolChars = 0;
  private counted = 0;
  private readonly tokenLimit: number;

  constructor(
    private readonly url: string,
    private readonly messages: ChatMessage[],
    private readonly opts: GenerateOptions,
    readonly progress: Progress,
    private readonly maxChars: number,
  ) {
    this.tokenLimit = ownTokenLimit(opts.maxTokens);
  }

  toolCalls(): ToolCall[] {
    return this.calls.filter((c) => c.name);
  }

  /** What had arrived, for an error or a cancel. */
  partial(): GenerateResult {
    return replyResult(this.progress.text, 'aborted', this.usage, this.messages, this.toolCalls());
  }

  /** The whole reply; `finish` is 'stop' when the server named none. */
  result(): GenerateResult {
    return replyResult(this.progress.text, this.finish ?? 'stop', this.usage, this.messages, this.toolCalls());
  }

  /** Our own stop (size or token cap): the reply so far, ended as the server's length limit would end it. */
  stop(): void {
    this.finish = 'length';
    this.done = true;
  }

  /** One event's data. */
  handle(data: string): void {
    if (data.trim() === '[DONE]') {
      this.done = true;
      return;
    }
    const ev = this.parse(data);
    if (ev?.usage) this.usage = ev.usage;
    const choice = ev?.choices?.[0];
    const chunk = choice?.delta?.content;
    if (typeof chunk === 'string' && chunk && !this.addText(chunk)) return this.stop();
    if (Array.isArray(choice?.delta?.tool_calls) && !this.addToolCalls(choice.delta.tool_calls as WireToolCall[]))
      return this.stop();
    if (this.counted > this.tokenLimit) return this.stop();
    if (choice?.finish_reason) this.finish = mapFinish(choice.finish_reason);
  }

  private parse(data: string): StreamEvent {
    let ev: StreamEvent;
    try {
      ev = JSON.parse(data);
    } catch {
      throw new AttemptFailure(
        new LlmError(
          'bad-reply',
          `The stream from ${this.url} carried an event that is not JSON: ${JSON.stringify(data.slice(0, 120))}.`,
          { partial: this.partial() },
        ),
        false,
      );
    }
    if (ev?.error)
      throw new AttemptFailure(
        new LlmError('http', `${this.url} reported an error mid-stream: ${errorText(ev.error)}.`, {
          partial: this.partial(),
        }),
        this.progress.text === '',
      );
    return ev;
  }

  private room(): number {
    return this.maxChars - this.progress.text.length - this.toolChars;
  }

  /** Adds what fits of a text chunk; false when it did not all fit. */
  private addText(chunk: string): boolean {
    const cut = chunk.length > this.room();
    if (cut) chunk = chunk.slice(0, Math.max(0, this.room()));
    if (chunk) {
      this.progress.text += chunk;
      this.counted += chunkTokens(chunk);
      this.opts.onText?.(chunk);
    }
    return !cut;
  }

  /** Adds the pieces of tool calls (by index) that fit; false at the first that did not. */
  private addToolCalls(deltas: WireToolCall[]): boolean {
    const calls = this.calls;
    for (const d of deltas) {
      const i =
        typeof d?.index === 'number' && d.index >= 0 && d.index < 64 ? d.index : calls.length ? calls.length - 1 : 0;
      while (calls.length <= i) calls.push({ name: '', arguments: '' });
      if (typeof d?.function?.name === 'string') calls[i].name += d.function.name;
      const args = d?.function?.arguments;
      const piece = typeof args === 'string' ? args : args && typeof args === 'object' ? JSON.stringify(args) : '';
      if (piece.length > this.room()) {
        calls[i].arguments += piece.slice(0, Math.max(0, this.room()));
        return false;
      }
      calls[i].arguments += piece;
      this.toolChars += piece.length;
      if (piece) this.counted += chunkTokens(piece);
    }
    return true;
  }
}
