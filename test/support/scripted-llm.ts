import type {
  BackendCapabilities,
  ChatMessage,
  GenerateOptions,
  GenerateResult,
  LlmBackend,
  ToolCall,
} from '../../src-main/llm/types';

/** One canned reply: text, text computed from the prompt, or native tool calls (with empty text). */
export type ScriptedReply = string | ((messages: ChatMessage[]) => string) | { toolCalls: ToolCall[] };

export interface ScriptedLlmOptions {
  /** What the double declares it can enforce; without it there is no capabilities() (plain text only). */
  capabilities?: BackendCapabilities;
  /** Called with the call's number as each call arrives, before it is answered (e.g. to cancel mid-loop). */
  onCall?: (n: number) => void;
  /** Each reply's token counts; default: one token per 4 characters of the prompt and of the reply. */
  usage?: (
    messages: ChatMessage[],
    text: string,
  ) => Pick<GenerateResult, 'inputTokens' | 'outputTokens' | 'cachedInputTokens'>;
}

const perFourChars = (messages: ChatMessage[], text: string) => ({
  inputTokens: Math.ceil(messages.reduce((a, m) => a + m.content.length, 0) / 4),
  outputTokens: Math.ceil(text.length / 4),
});

/** The LLM's mind, scripted: replies in order, every call's messages and options kept for inspection. */
export class ScriptedLlm implements LlmBackend {
  readonly id = 'script';
  readonly calls: { messages: ChatMessage[]; opts: GenerateOptions }[] = [];
  readonly capabilities?: () => Promise<BackendCapabilities>;

  constructor(
    private readonly replies: ScriptedReply[],
    private readonly options: ScriptedLlmOptions = {},
  ) {
    const can = options.capabilities;
    if (can) this.capabilities = async () => can;
  }

  async chat(messages: ChatMessage[], opts: GenerateOptions): Promise<GenerateResult> {
    this.calls.push({ messages: messages.map((m) => ({ ...m })), opts });
    this.options.onCall?.(this.calls.length);
    if (opts.signal?.aborted) return { text: '', inputTokens: 0, outputTokens: 0, finish: 'aborted' };
    const r = this.replies.shift();
    if (r === undefined) throw new Error('script exhausted');
    const text = typeof r === 'function' ? r(messages) : typeof r === 'string' ? r : '';
    return {
      text,
      ...(this.options.usage ?? perFourChars)(messages, text),
      finish: 'stop',
      ...(typeof r === 'object' ? { toolCalls: r.toolCalls } : {}),
    };
  }

  async close() {}
}
