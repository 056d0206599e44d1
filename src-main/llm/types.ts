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
  /** How a server takes a schema when `jsonSchema`: strict `json_schema`, or `json_object` with a `schema` (llama-cpp-python). */
  jsonSchemaVia?: 'json_schema' | 'json_object';
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
  /**
   * Prompt tokens served from a cache (the local KV prefix, or the server's prompt cache) rather than evaluated;
   * null when the server does not report them (the tokens it evaluated are then unknown).
   */
  cachedInputTokens?: number | null;
  /** Native tool calls, when `tools` were offered and the backend supports them. */
  toolCalls?: ToolCall[];
}

/** Continuations to score after one shared prompt (plain text, no chat template). */
export interface ScoreRequest {
  prompt: string;
  continuations: string[];
}

export interface ScoreResult {
  /** Per continuation: the sum over its tokens of ln P(token | prompt and the tokens before it), and its token count. */
  scores: { logprob: number; tokens: number }[];
  /** Tokens the model evaluated for the call (prompt tokens not served from a cache, plus the continuations'). */
  evaluatedTokens: number;
  /**
   * How the probabilities were read: `top-k` takes each token's probability among the k likeliest (a token
   * outside them gets half the k-th one's), `logprobs` is a server's own per-token log probabilities.
   */
  method: 'top-k' | 'logprobs';
}

/** The one interface every LLM backend (local llama.cpp, OpenAI-compatible HTTP, scripted) implements. */
export interface LlmBackend {
  readonly id: string;
  chat(messages: ChatMessage[], opts: GenerateOptions): Promise<GenerateResult>;
  /** What this backend can enforce; absent means none of it (plain text only). */
  capabilities?(signal?: AbortSignal): Promise<BackendCapabilities>;
  /**
   * The likelihood of each continuation after the prompt; absent (or rejecting with 'unsupported') when
   * the backend cannot give token probabilities, and callers fall back to generation and say so.
   */
  /** What kind of model this is, for choosing how the agent uses it; absent: unknown. */
  describe?(): Promise<{ local: boolean; parameters: number | null }>;
  score?(req: ScoreRequest, opts?: { signal?: AbortSignal }): Promise<ScoreResult>;
  /** How many requests the server answers side by side (llama.cpp's /props or /slots); null when it does not say. */
  serverSlots?(signal?: AbortSignal): Promise<{ slots: number; source: string } | null>;
  /** Hears each wait while the server is away ("waiting for the server"), and null when it is back. */
  watchServer?(listener: (w: { reason: string; waitedMs: number; limitMs: number } | null) => void): () => void;
  /** How long an outage is waited out before a call fails (`--retry-for`). */
  setRetryFor?(ms: number): void;
  /** What a run should report about the server (a concurrency lowered after an empty-reply burst). */
  notes?(): string[];
  close(): Promise<void>;
}
