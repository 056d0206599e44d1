import type { JsonSchema, ToolSpec } from '../llm/types';
import { parseAnswer } from './answer-parser';
import type { StepEnforcement, StepStats } from './agent-types';
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
import { answerValueSchema } from './question';
import type { CallOptions, StageCaller } from './stage-caller';
import { readStep, parseStructuredStep, type StructuredStep } from './structured/step-parse';
import { NameScope } from './structured/focus-names';
import { RepeatGuard } from './structured/repeat-guard';
import type { AgentVocabulary } from './structured/vocabulary';
import { stepGrammar } from './structured/step-grammar';
import { STEP_CORRECTIONS, structuredAgentPrompt } from './structured/step-prompt';

/** A grammar-bound step is short: a thought of at most 240 characters and one query. */
const STEP_TOKENS = 256;
/** Three repeats in a row mean the model is stuck; more turns would only burn the budget. */
const MAX_REPEATS = 3;
/**
 * After a repeat, the next step is sampled rather than greedy: at temperature 0 a weak model given
 * the same context writes the same query again, however it is corrected. Seeded, so runs repeat.
 */
const UNSTICK_TEMPERATURE = 0.8;

/** Picks how a structured step is enforced from what the backend can do. */
export async function stepEnforcement(caller: StageCaller): Promise<StepEnforcement> {
  const can = await caller.capabilities();
  return can.grammar ? 'grammar' : can.tools ? 'tools' : can.jsonSchema ? 'json-schema' : 'prompt';
}

/**
 * The structured ReAct loop: each step is one JSON object, enforced by a grammar (local models),
 * native tool calls or a JSON schema (servers), or only asked for (scripted replies). The first step
 * must consult the ontology: a model that may answer at once usually does, and then nothing is checked.
 */
export async function structuredLoop(ctx: LoopContext, enforcement: StepEnforcement): Promise<LoopOutcome> {
  const scope = ctx.vocabulary && ctx.nameScope === 'question' ? new NameScope(ctx.vocabulary, ctx.question) : null;
  const prompt = structuredAgentPrompt(enforcement, ctx.vocabulary, scope?.focus ?? null);
  ctx.convo.push({ role: 'user', content: prompt });
  ctx.step({ type: 'message', stage: 'react', role: 'user', content: prompt });
  const observations: Observed[] = [];
  const steps: StepStats = { total: 0, valid: 0, informative: 0 };
  const guard = new RepeatGuard();
  let actions = 0;
  for (;;) {
    if (actions >= ctx.budget.maxActions)
      return { observations, answer: null, endedBy: 'action-budget', actions, steps };
    const left = budgetLeft(ctx);
    if (left <= 0) return { observations, answer: null, endedBy: 'token-budget', actions, steps };
    const allowAnswer = actions > 0;
    const cap = Math.min(enforcement === 'grammar' ? STEP_TOKENS : Infinity, ctx.budget.maxTokensPerCall, left);
    const names = scope ? scope.current() : ctx.vocabulary;
    const sampling = guard.repeats > 0 ? { temperature: UNSTICK_TEMPERATURE, seed: 1000 + steps.total } : {};
    const constraint = stepConstraint(
      ctx,
      enforcement,
      allowAnswer,
      names,
      guard.excludedObjects,
      guard.droppedRelations,
    );
    const res = await ctx.caller.call('react', ctx.convo, { maxTokens: cap, ...sampling, ...constraint });
    const step =
      enforcement === 'tools' && res.toolCalls?.length ? fromToolCall(res.toolCalls[0]) : parseStructuredStep(res.text);
    ctx.convo.push({ role: 'assistant', content: canonical(step, res.text) });
    steps.total++;
    if (step.kind === 'invalid') {
      actions++;
      correct(
        ctx,
        STEP_CORRECTIONS.invalid(res.finish === 'length' ? 'it was cut off at the length limit' : step.reason),
      );
      continue;
    }
    if (step.kind === 'answer') {
      const a = parseAnswer(JSON.stringify({ answer: step.answer }), ctx.question);
      if (a !== null && allowAnswer) {
        steps.valid++;
        return { observations, answer: a, endedBy: 'answer', actions, steps };
      }
      actions++;
      correct(
        ctx,
        allowAnswer
          ? STEP_CORRECTIONS.badAnswer
          : STEP_CORRECTIONS.invalid('consult the ontology with one query first'),
      );
      continue;
    }
    actions++;
    const valid = queryParses(step.query);
    if (valid) steps.valid++;
    const seen = guard.check(step.query, names?.concepts ?? []);
    if (seen !== 'new') {
      ctx.step({ type: 'action', stage: 'react', query: step.query, thought: step.thought, valid });
      correct(ctx, seen === 'repeat' ? STEP_CORRECTIONS.repeated : STEP_CORRECTIONS.selfAsk);
      if (seen === 'repeat' && guard.repeats >= MAX_REPEATS)
        return { observations, answer: null, endedBy: 'repeating', actions, steps };
      continue;
    }
    const o = await runAction(ctx, step.query, step.thought, valid, steps);
    observations.push(o);
    scope?.observe(o.result);
    ctx.convo.push({ role: 'user', content: `Observation: ${clip(o.result.observation)}` });
  }
}

function stepConstraint(
  ctx: LoopContext,
  enforcement: StepEnforcement,
  allowAnswer: boolean,
  names: AgentVocabulary | null,
  excludeObjects: readonly string[] = [],
  excludeRelations: readonly string[] = [],
): Partial<CallOptions> {
  switch (enforcement) {
    case 'grammar':
      return {
        grammar: stepGrammar({
          question: ctx.question,
          vocabulary: names,
          allowAnswer,
          allowExplain: ctx.allowExplain,
          excludeObjects,
          excludeRelations,
        }),
      };
    case 'tools':
      return { tools: stepTools(ctx, allowAnswer), toolChoice: 'required' };
    case 'json-schema':
      return { jsonSchema: stepSchema(ctx, allowAnswer) };
    default:
      return {};
  }
}

function stepTools(ctx: LoopContext, allowAnswer: boolean): ToolSpec[] {
  const tools: ToolSpec[] = [
    {
      name: 'query',
      description:
        'Run one query over the ontology: DESCRIBE "name", ASK { "s" "r" "o" }, SELECT ?x WHERE { ?x "r" "o" . … }, SELECT ?o WHERE { "s" "r" ?o }, SELECT ?r WHERE { "s" ?r "o" }.',
      parameters: { type: 'object', properties: { thought: { type: 'string' }, query: { type: 'string' } } },
    },
  ];
  if (allowAnswer) {
    const answer = answerValueSchema(ctx.question);
    tools.push({
      name: 'answer',
      description: 'Give the final answer to the question.',
      parameters: { type: 'object', properties: { thought: { type: 'string' }, answer } },
    });
  }
  return tools;
}

/** The JSON-schema form: every field is required, so the step carries both and says which counts. */
function stepSchema(ctx: LoopContext, allowAnswer: boolean): JsonSchema {
  const answer = answerValueSchema(ctx.question);
  return {
    type: 'object',
    properties: {
      thought: { type: 'string', maxLength: 400 },
      next: { type: 'string', enum: allowAnswer ? ['query', 'answer'] : ['query'] },
      query: { type: 'string', maxLength: 600 },
      ...(allowAnswer ? { answer } : {}),
    },
  };
}

function fromToolCall(call: { name: string; arguments: string }): StructuredStep {
  let args: unknown;
  try {
    args = JSON.parse(call.arguments || '{}');
  } catch {
    return { kind: 'invalid', reason: `the ${call.name} call's arguments were not JSON` };
  }
  const a = (args ?? {}) as Record<string, unknown>;
  if (call.name === 'query') return readStep({ thought: a.thought, action: { query: a.query } });
  if (call.name === 'answer') return readStep({ thought: a.thought, answer: a.answer });
  return { kind: 'invalid', reason: `there is no function named ${call.name}` };
}

/** The step as the conversation keeps it: the canonical object, so later turns imitate a clean format. */
function canonical(step: StructuredStep, raw: string): string {
  // A reply that is already one clean object is kept as written, so the KV cache of it stays valid.
  if (step.kind !== 'invalid' && isJsonObject(raw)) return raw.trim();
  if (step.kind === 'action') return JSON.stringify({ thought: step.thought, action: { query: step.query } });
  if (step.kind === 'answer') return JSON.stringify({ thought: step.thought, answer: step.answer });
  return raw.length > 2000 ? `${raw.slice(0, 2000)} …` : raw || '(empty reply)';
}

function isJsonObject(raw: string): boolean {
  const t = raw.trim();
  if (!t.startsWith('{')) return false;
  try {
    JSON.parse(t);
    return true;
  } catch {
    return false;
  }
}
