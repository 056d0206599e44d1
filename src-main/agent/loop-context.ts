import { throwIfAborted } from '../core/task';
import type { ChatMessage } from '../llm/types';
import { parseQuery } from '../query/dialect';
import type { QueryResult } from '../query/query-types';
import type { EndReason, StepStats, TrajectoryStep } from './agent-types';
import type { AgentAnswer, AgentQuestion } from './question';
import type { StageCaller } from './stage-caller';
import type { AgentVocabulary } from './structured/vocabulary';

export type NameScopeMode = 'question' | 'ontology';

export interface LoopBudget {
  maxActions: number;
  /** Generated tokens left for the loop (the shared budget less what the pre stage used). */
  maxTokens: number;
  maxTokensPerCall: number;
}

export interface LoopContext {
  caller: StageCaller;
  question: AgentQuestion;
  /** The conversation so far (pre-tool reasoning included); the loop appends to it. */
  convo: ChatMessage[];
  step: (s: TrajectoryStep) => void;
  query: (text: string) => Promise<QueryResult>;
  budget: LoopBudget;
  vocabulary: AgentVocabulary | null;
  /**
   * Which names a step grammar offers: 'question' (the question's names plus those observations
   * show, the default) or 'ontology' (the whole vocabulary).
   */
  nameScope: NameScopeMode;
  allowExplain: boolean;
  signal?: AbortSignal;
}

export interface Observed {
  result: QueryResult;
  query: string;
}

export interface LoopOutcome {
  observations: Observed[];
  /** The answer given inside the loop, if any. */
  answer: AgentAnswer | null;
  endedBy: EndReason;
  actions: number;
  steps: StepStats;
}

/** Longest observation text kept in the conversation: one huge card must not push the question out of context. */
export const MAX_OBSERVATION_CHARS = 6000;

export function clip(s: string): string {
  return s.length > MAX_OBSERVATION_CHARS ? `${s.slice(0, MAX_OBSERVATION_CHARS)} … (cut)` : s;
}

/** True when the dialect parser accepts the query: what makes an action step valid. */
export function queryParses(text: string): boolean {
  return parseQuery(text).ok;
}

/** Records an action that was run outside the model's own loop (the evidence policy's), and its observation. */
export function stepObserved(step: (s: TrajectoryStep) => void, { result, query }: Observed): void {
  step({ type: 'action', stage: 'react', query, thought: '', valid: true });
  step({
    type: 'observation',
    stage: 'react',
    text: clip(result.observation),
    kind: result.kind,
    verdict: result.verdict,
    entities: result.entities,
    ms: Math.round(result.elapsedMs),
    result,
  });
}

/** Runs one action, records it and its observation, and returns the observation text for the model. */
export async function runAction(
  ctx: LoopContext,
  query: string,
  thought: string,
  valid: boolean,
  stats: StepStats,
): Promise<Observed> {
  ctx.step({ type: 'action', stage: 'react', query, thought, valid });
  const started = performance.now();
  const result = await ctx.query(query);
  throwIfAborted(ctx.signal);
  const text = clip(result.observation);
  ctx.step({
    type: 'observation',
    stage: 'react',
    text,
    kind: result.kind,
    verdict: result.verdict,
    ...(result.reasoner ? { reasoner: result.reasoner } : {}),
    entities: result.entities,
    ms: Math.round(performance.now() - started),
    result,
  });
  if (result.kind !== 'error' && result.verdict !== 'UNKNOWN NAME') stats.informative++;
  return { result, query };
}

/** A message from us to the model that is not a tool answer (format corrections, repeats). */
export function correct(ctx: LoopContext, text: string): void {
  ctx.step({ type: 'observation', stage: 'react', text, kind: 'correction', verdict: null, entities: [], ms: 0 });
  ctx.convo.push({ role: 'user', content: `Observation: ${text}` });
}

export function budgetLeft(ctx: LoopContext): number {
  return Math.max(0, ctx.budget.maxTokens - ctx.caller.usage.byStage.react.outputTokens);
}
