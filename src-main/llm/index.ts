export type { ChatRole, ChatMessage, GenerateOptions, GenerateResult, FinishReason, LlmBackend } from './types';
export type { JsonSchema, JsonValue } from './json-schema';
export { validateJson, parseJsonReply, toStrictJsonSchema } from './json-schema';
export { LlmError, isLlmError, type LlmErrorCode } from './errors';
export { estimateTokens, estimatePromptTokens } from './token-estimate';
export {
  parseBackendSpec,
  backendFactory,
  type BackendSpec,
  type BackendFactory,
  type BackendFactoryOptions,
} from './backend-spec';
export {
  LocalLlamaBackend,
  type LocalLlamaOptions,
  type LocalReadyInfo,
  type LocalBackendState,
} from './local/local-llama-backend';
export type { ChatStats, GpuChoice } from './local/worker-protocol';
export { OpenAiBackend, chatCompletionsUrl, type OpenAiBackendOptions } from './openai/openai-backend';
export { ScriptedBackend, type ScriptedBackendOptions } from './scripted/scripted-backend';
