import type { ChatMessage } from '../llm/types';
import type { AgentStage, AnswerFormat } from './agent-types';
import { parseAnswer, parseAnswerLeniently } from './answer-parser';
import { answerSchema, type AgentAnswer, type AgentQuestion } from './question';
import type { StageCaller } from './stage-caller';
import { answerGrammar } from './structured/step-grammar';
import type { AgentVocabulary } from './structured/vocabulary';

export const FINAL_ANSWER_ONLY = 'Now write only the final answer, as the JSON object in the requested format.';

export interface FinalAnswer {
  answer: AgentAnswer | null;
  format: AnswerFormat;
  /** The free reasoning reply (the first call). */
  reasoning: string;
}

/**
 * The answer step every LLM method shares, so accuracy measures knowledge rather than format: free
 * reasoning first; if it does not end in a valid answer object, one more call in the same
 * conversation writes the object under the answer's grammar (or JSON schema); where the backend can
 * enforce neither, the reasoning is read leniently and the result says so.
 */
export async function finalAnswer(
  caller: StageCaller,
  stage: AgentStage,
  messages: ChatMessage[],
  q: AgentQuestion,
  o: { maxTokens: number; vocabulary?: AgentVocabulary | null; onPrompt?: (m: ChatMessage) => void },
): Promise<FinalAnswer> {
  const first = await caller.call(stage, messages, { maxTokens: o.maxTokens });
  const reasoning = first.text;
  const strict = parseAnswer(reasoning, q);
  if (strict !== null) return { answer: strict, format: 'strict', reasoning };
  const can = await caller.capabilities();
  if (can.grammar || can.jsonSchema) {
    const ask: ChatMessage = { role: 'user', content: FINAL_ANSWER_ONLY };
    o.onPrompt?.(ask);
    const convo: ChatMessage[] = [...messages, { role: 'assistant', content: reasoning }, ask];
    const res = await caller.call(stage, convo, {
      maxTokens: 400,
      ...(can.grammar ? { grammar: answerGrammar(q, o.vocabulary ?? null) } : { jsonSchema: answerSchema(q) }),
    });
    const constrained = parseAnswer(res.text, q);
    if (constrained !== null) return { answer: constrained, format: 'constrained', reasoning };
  }
  const lenient = parseAnswerLeniently(reasoning, q);
  return { answer: lenient, format: lenient === null ? 'none' : 'lenient', reasoning };
}
