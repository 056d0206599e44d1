import type { ChatMessage, FinishReason, GenerateResult, JsonSchema, ScoreResult } from '../types.js';

/**
 * The messages the parent (LocalLlamaBackend) and the model process (llama-worker) exchange over the
 * Node IPC channel of `child_process.fork`. Every request carries an id; the answer carries the same id.
 * The worker sends nothing on stdout; llama.cpp's native asserts land on stderr, which the parent keeps
 * a tail of to explain a crash.
 */

export type GpuChoice = 'auto' | false | 'cuda' | 'vulkan' | 'metal';

export interface WorkerInit {
  modelPath: string;
  gpu: GpuChoice;
  /** Layers to offload; 'auto' lets node-llama-cpp fit them to free VRAM. Ignored without a GPU. */
  gpuLayers: number | 'auto' | 'max';
  contextSize: number;
  threads: number;
  batchSize?: number;
  /** 'auto' = the model's own template (resolveChatWrapper), else a node-llama-cpp wrapper type name. */
  chatWrapper: string;
  /** Bias to "never" every token whose text is not printable ASCII, and every control token that does not end generation. */
  asciiOnly: boolean;
  /** Vocabulary size from the GGUF header, for the ASCII bias. */
  vocabularySize?: number;
}

export interface WorkerReadyInfo {
  gpu: string | false;
  threads: number;
  contextSize: number;
  chatWrapper: string;
  gpuLayers: number;
  loadMs: number;
  trainContextSize?: number;
}

export interface WorkerChatOptions {
  maxTokens: number;
  jsonSchema?: JsonSchema;
  grammar?: string;
  stop?: string[];
  temperature?: number;
  seed?: number;
  stream: boolean;
}

/** Per-call counters of the model process, exposed for diagnostics and for KV-reuse tests. */
export interface ChatStats {
  /** Whole prompt, in tokens. */
  promptTokens: number;
  /** Prompt tokens actually evaluated in this call. */
  evaluatedPromptTokens: number;
  /** Prompt tokens reused from the KV cache of the previous call. */
  reusedPromptTokens: number;
  outputTokens: number;
  /** Time to the first generated token (prompt evaluation). */
  promptMs: number;
  generationMs: number;
  /** The call's history extended the previous one (the last context window was reused). */
  extendedConversation: boolean;
}

export interface WorkerChatResult {
  result: GenerateResult;
  stats: ChatStats;
}

export type WorkerRequest =
  | { t: 'init'; init: WorkerInit }
  | { t: 'chat'; id: number; messages: ChatMessage[]; opts: WorkerChatOptions }
  | { t: 'abort'; id: number }
  | { t: 'reset'; id: number }
  | { t: 'format'; id: number; messages: ChatMessage[] }
  | { t: 'count'; id: number; text: string }
  | { t: 'score'; id: number; prompt: string; continuations: string[] }
  | { t: 'shutdown' };

export type WorkerErrorCode = 'model-load' | 'context-overflow' | 'bad-reply' | 'bad-spec' | 'internal';

export type WorkerMessage =
  | { t: 'ready'; info: WorkerReadyInfo }
  | { t: 'init-error'; code: WorkerErrorCode; message: string }
  | { t: 'text'; id: number; chunk: string }
  | { t: 'chat-done'; id: number; value: WorkerChatResult }
  | { t: 'formatted'; id: number; text: string; tokens: number }
  | { t: 'counted'; id: number; tokens: number }
  | { t: 'scored'; id: number; value: ScoreResult }
  | { t: 'reset-done'; id: number }
  | { t: 'failed'; id: number; code: WorkerErrorCode; message: string }
  | { t: 'log'; level: string; message: string };

export function finishFromStopReason(reason: string): FinishReason {
  if (reason === 'maxTokens') return 'length';
  if (reason === 'abort') return 'aborted';
  return 'stop';
}
