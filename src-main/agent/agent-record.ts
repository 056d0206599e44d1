import type { ObservationKind, QueryResult } from '../query/exec/query-result';
import type { CheckedGrounding } from './checked-grounding';
import type { AgentAnswer, AgentQuestion } from './question';

export type Grounding = 'entailed' | 'supported' | 'related' | 'unrelated';
export const GROUNDINGS: readonly Grounding[] = ['entailed', 'supported', 'related', 'unrelated'];

export type AgentStage = 'pre' | 'react' | 'answer' | 'attribution';

export interface StageUsage {
  calls: number;
  inputTokens: number;
  outputTokens: number;
}

export interface Usage extends StageUsage {
  byStage: Record<AgentStage, StageUsage>;
}

export type TrajectoryStep =
  | { type: 'message'; stage: AgentStage; role: 'system' | 'user' | 'assistant'; content: string; ms?: number; inputTokens?: number; outputTokens?: number }
  | { type: 'action'; stage: 'react'; query: string; thought: string }
  | { type: 'observation'; stage: 'react'; text: string; kind: ObservationKind | 'correction'; verdict: string | null; entities: string[]; ms: number; result?: QueryResult }
  | { type: 'note'; stage: AgentStage; text: string };

export interface Evidence {
  id: string;
  text: string;
  kind: ObservationKind;
  query: string;
  verdict: string | null;
  entities: string[];
}

export type EndReason = 'answer' | 'action-budget' | 'token-budget';

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
  trajectory: TrajectoryStep[];
  usage: Usage;
  startedAt: string;
  seconds: number;
}
