import type { JsonSchema } from './json-schema';

export type { JsonSchema } from './json-schema';

export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  role: ChatRole;
  content: string;
}

export interface GenerateOptions {
  /** Upper bound on generated tokens; reaching it ends the call with `finish: 'length'`. */
  maxTokens: number;
  /** Constrain the reply to JSON matching this schema (a grammar locally, `response_format` over HTTP). */
  jsonSchema?: JsonSchema;
  /**
   * Constrain the reply to a GBNF grammar (llama.cpp's format). Only backends whose capabilities
   * say `grammar` honour it; it wins over `jsonSchema` there.
   */
  grammar?: string;
  /**
   * Offer these functions through the server's native tool calling; a backend whose capabilities
   * say `tools` returns the chosen call in `toolCalls`. `toolChoice: 'required'` forbids plain text.
   */
  tools?: ToolSpec[];
  toolChoice?: 'auto' | 'required';
  /** Extra stop strings; the stop string itself is not part of the text. */
  stop?: string[];
  /** 0 (the default) is greedy decoding. */
  temperature?: number;
  seed?: number;
  /**
   * Cancels the call. Before generation starts the call rejects with `LlmError('aborted')`;
   * once text is being generated it resolves with `finish: 'aborted'` and the partial text.
   */
  signal?: AbortSignal;
  /** Streams the reply as it is generated; the chunks concatenate to `text`. */
  onText?: (chunk: string) => void;
}

export interface ToolSpec {
  name: string;
  description: string;
  parameters: JsonSchema;
}

export interface ToolCall {
  name: string;
  /** The arguments as the model wrote them (a JSON text, not yet parsed). */
  arguments: string;
}

/** What a backend can enforce on a reply; the agent picks its step protocol from these. */
export interface BackendCapabilities {
  grammar: boolean;
  jsonSchema: boolean;
  tools: boolean;
}

export type FinishReason = 'stop' | 'length' | 'aborted';

export interface GenerateResult {
  text: string;
  /** Tokens of the whole prompt the model saw (including any part served from a KV cache). */
  inputTokens: number;
  /** Tokens the model generated for this reply. */
  outputTokens: number;
  finish: FinishReason;
  /** True when the counts are estimates rather than the model's own tokenizer counts. */
  tokensEstimated?: boolean;
  /** Prompt tokens served from a cache (the local KV prefix, or the server's prompt cache) rather than evaluated. */
  cachedInputTokens?: number;
  /** Native tool calls, when `tools` were offered and the backend supports them. */
  toolCalls?: ToolCall[];
}

/** The one interface every LLM backend (local llama.cpp, OpenAI-compatible HTTP, scripted) implements. */
export interface LlmBackend {
  readonly id: string;
  chat(messages: ChatMessage[], opts: GenerateOptions): Promise<GenerateResult>;
  /** What this backend can enforce; absent means none of it (plain text only). */
  capabilities?(signal?: AbortSignal): Promise<BackendCapabilities>;
  close(): Promise<void>;
}
