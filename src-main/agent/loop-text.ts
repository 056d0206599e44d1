import { parseAnswer } from './answer-parser';
import type { StepStats } from './agent-types';
import {
  budgetLeft,
  clip,
  correct,
  queryParses,
  runAction,
  type LoopContext,
  type LoopOutcome,
  type Observed,
} from './loop-context';
import { AGENT_PROMPT, CORRECTIONS } from './prompts';
import { parseReactReply } from './react-parser';

/** The paper's Thought / Action / Observation text format, kept as a selectable protocol. */
export async function textLoop(ctx: LoopContext): Promise<LoopOutcome> {
  ctx.convo.push({ role: 'user', content: AGENT_PROMPT });
  ctx.step({ type: 'message', stage: 'react', role: 'user', content: AGENT_PROMPT });
  const observations: Observed[] = [];
  const steps: StepStats = { total: 0, valid: 0, informative: 0 };
  let actions = 0;
  for (;;) {
    if (actions >= ctx.budget.maxActions)
      return { observations, answer: null, endedBy: 'action-budget', actions, steps };
    const left = budgetLeft(ctx);
    if (left <= 0) return { observations, answer: null, endedBy: 'token-budget', actions, steps };
    const res = await ctx.caller.call('react', ctx.convo, {
      maxTokens: Math.min(ctx.budget.maxTokensPerCall, left),
      stop: ['\nObservation:'],
    });
    ctx.convo.push({ role: 'assistant', content: res.text });
    steps.total++;
    const parsed = parseReactReply(res.text);
    if (parsed.kind === 'answer') {
      const a = parseAnswer(parsed.answerText, ctx.question);
      if (a !== null) {
        steps.valid++;
        return { observations, answer: a, endedBy: 'answer', actions, steps };
      }
      actions++;
      correct(ctx, CORRECTIONS.badAnswer);
      continue;
    }
    actions++;
    if (parsed.kind === 'malformed') {
      correct(ctx, CORRECTIONS[parsed.reason]);
      continue;
    }
    const valid = queryParses(parsed.query);
    if (valid) steps.valid++;
    const o = await runAction(ctx, parsed.query, parsed.thought, valid, steps);
    observations.push(o);
    ctx.convo.push({ role: 'user', content: `Observation: ${clip(o.result.observation)}` });
  }
}
