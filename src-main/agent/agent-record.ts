import type { ObservationKind, QueryResult } from '../query/exec/query-result';
import type { CheckedGrounding } from './checked-grounding';
import type { AgentProtocol } from './protocol';
import type { AgentAnswer, AgentQuestion } from './question';

/** What enforces a structured step: a GBNF grammar, native tool calls, a JSON schema, or only the prompt. */
export type StepEnforcement = 'grammar' | 'tools' | 'json-schema' | 'prompt' | 'text';

export type Grounding = 'entailed' | 'supported' | 'related' | 'unrelated';
export const GROUNDINGS: readonly Grounding[] = ['entailed', 'supported', 'related', 'unrelated'];

export type AgentStage = 'pre' | 'react' | 'answer' | 'attribution';

export interface StageUsage {
  calls: number;
  /** Prompt tokens sent, whole (what a stateless server bills). */
  inputTokens: number;
  /** Prompt tokens the model actually evaluated: the sent ones less those served from a KV or prompt cache. */
  evaluatedTokens: number;
  outputTokens: number;
}

export interface Usage extends StageUsage {
  byStage: Record<AgentStage, StageUsage>;
}

export type TrajectoryStep =
  | {
      type: 'message';
      stage: AgentStage;
      role: 'system' | 'user' | 'assistant';
      content: string;
      ms?: number;
      inputTokens?: number;
      outputTokens?: number;
    }
  | { type: 'action'; stage: 'react'; query: string; thought: string; valid?: boolean }
  | {
      type: 'observation';
      stage: 'react';
      text: string;
      kind: ObservationKind | 'correction';
      verdict: string | null;
      entities: string[];
      ms: number;
      result?: QueryResult;
    }
  | { type: 'note'; stage: AgentStage; text: string };

export interface Evidence {
  id: string;
  text: string;
  kind: ObservationKind;
  query: string;
  verdict: string | null;
  entities: string[];
}

export type EndReason = 'answer' | 'action-budget' | 'token-budget' | 'repeating';

/** How the final answer was read: from a valid object, from a grammar-constrained retry, or leniently from prose. */
export type AnswerFormat = 'strict' | 'constrained' | 'lenient' | 'none';

/** How the ReAct steps went: `valid` steps parsed as an action with a parseable query, or as an answer. */
export interface StepStats {
  total: number;
  valid: number;
  /** Queries whose observation is a verdict, a card or a result list (not an error or UNKNOWN NAME). */
  informative: number;
}

export interface AgentRecord {
  question: AgentQuestion;
  answer: AgentAnswer | null;
  draft: AgentAnswer | null;
  /** Observations kept after filtering (the digest), numbered E1… */
  digest: Evidence[];
  /** The subset the model cited in the attribution step. */
  evidence: Evidence[];
  /** The level the model claims in the attribution step (paper §4.1.3); nothing checks it. */
  grounding: Grounding | null;
  /** The reasoner's check of the answer (set by whoever shows the record to a user, not by the agent loop). */
  checked?: CheckedGrounding;
  answeredFrom: 'evidence' | 'own-knowledge';
  endedBy: EndReason;
  actions: number;
  /** The step protocol used, and how it was enforced on this backend. */
  protocol?: { name: AgentProtocol; enforcement: StepEnforcement };
  steps?: StepStats;
  answerFormat?: AnswerFormat;
  trajectory: TrajectoryStep[];
  usage: Usage;
  startedAt: string;
  seconds: number;
}
