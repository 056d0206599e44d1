import { estimatePromptTokens, estimateTokens } from '../token-estimate';
import type { ChatMessage, FinishReason, GenerateResult, ToolCall } from '../types';
import type { Usage } from './openai-wire';

/** A reply as the backend returns it: token counts from `usage`, estimated (and flagged) without it. */
export function replyResult(
  text: string,
  finish: FinishReason,
  usage: Usage | undefined,
  messages: ChatMessage[],
  toolCalls: ToolCall[] = [],
): GenerateResult {
  const calls = toolCalls.length ? { toolCalls } : {};
  if (usage && typeof usage.prompt_tokens === 'number' && typeof usage.completion_tokens === 'number') {
    const cached = usage.prompt_tokens_details?.cached_tokens;
    return {
      text,
      inputTokens: usage.prompt_tokens,
      outputTokens: usage.completion_tokens,
      finish,
      // A server that does not say what it served from its cache leaves the evaluated tokens unknown.
      cachedInputTokens: typeof cached === 'number' ? cached : null,
      ...calls,
    };
  }
  const args = toolCalls.map((c) => `${c.name}(${c.arguments})`).join('');
  return {
    text,
    inputTokens: estimatePromptTokens(messages),
    outputTokens: estimateTokens(text + args),
    finish,
    tokensEstimated: true,
    cachedInputTokens: null,
    ...calls,
  };
}
