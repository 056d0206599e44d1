import { LlmError } from '../errors';
import type { GenerateResult } from '../types';

/**
 * What is wrong with a reply that is not an answer: 'empty' (no text and no tool call: a server that
 * dropped the request, as llama-cpp-python does past its slots) or 'cut' (the server said "length"
 * before the tokens asked for, its context being full); null for a usable reply.
 */
export function replyProblem(r: GenerateResult, maxTokens: number): 'empty' | 'cut' | null {
  // A reply we stopped ourselves (size or token cap) has estimated counts: it is ours, not the server's cut.
  if (r.finish === 'length') return !r.tokensEstimated && r.outputTokens < maxTokens ? 'cut' : null;
  if (r.finish === 'stop' && !r.text.trim() && !r.toolCalls?.length) return 'empty';
  return null;
}

export function replyProblemError(problem: 'empty' | 'cut', url: string, r: GenerateResult, tries: number): LlmError {
  const what =
    problem === 'empty'
      ? `an empty reply (${r.outputTokens} output tokens${r.tokensEstimated ? ', estimated' : ''})`
      : `a reply cut short by the server after ${r.outputTokens} output tokens`;
  return new LlmError('bad-reply', `${url} gave ${what}${tries > 1 ? ` ${tries} times` : ''}.`, {
    reply: problem,
    partial: r,
  });
}
