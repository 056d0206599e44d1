import type { AgentBudget } from '../agent/agent';
import type { AnswerFormat, Evidence, Grounding } from '../agent/agent-types';
import type { NameScopeMode } from '../agent/loop-context';
import type { AnswerDecision } from '../agent/policy/decision-types';
import type { AgentProtocol } from '../agent/protocol';
import type { AgentVocabulary } from '../agent/structured/vocabulary';
import type { LlmBackend } from '../llm/types';
import type { OntologyHandle } from '../ontology/ontology-handle';
import type { QueryService } from '../query/exec/query-service';
import type { DatasetItem } from '../datasets/generate/dataset';
import type { MethodUsage } from './evaluation-types';

export interface MethodOutcome {
  /** MCQ: option keys; OQ: concept names. null when no valid answer was produced. */
  predicted: string[] | null;
  /** OQ: the concepts of `predicted`, in order, when the method knows them (no linking of names then). */
  predictedIris?: (string | null)[];
  grounding: Grounding | null;
  /** The observations the method retrieved; null for a method that retrieves nothing (CoT). */
  digest: Evidence[] | null;
  /** The observations it cited for its answer; null when the method does not cite. */
  cited: Evidence[] | null;
  usage: MethodUsage;
  /** Full trace for review (the agent record, or the prompt and reply). */
  record?: unknown;
  /** How the answer was read; 'lenient' means from prose, with no valid answer object. */
  answerFormat?: AnswerFormat;
  /** How a policy-driven agent decided (which options the reasoner gave, which the model's score). */
  decision?: AnswerDecision;
}

export interface MethodDeps {
  handle: OntologyHandle;
  llm?: LlmBackend;
  persona: string;
  /** The query service the agent uses (normal result limits). */
  agentQuery: QueryService;
  budget?: Partial<AgentBudget>;
  /** Generated tokens for the one call of cot and rag-text. */
  maxTokens?: number;
  /** Cards inserted by rag-text. */
  ragK?: number;
  /** The agent's step protocol (default 'auto': structured where the backend can enforce it). */
  protocol?: AgentProtocol | 'auto';
  /** Names the agent's step grammar may offer (see grammarVocabulary). */
  vocabulary?: AgentVocabulary | null;
  nameScope?: NameScopeMode;
  /** Who drives the oa-rag agent's queries (settings.agentDriver); default 'auto'. */
  driver?: 'auto' | 'policy' | 'react';
}

export type Method = (item: DatasetItem, signal?: AbortSignal) => Promise<MethodOutcome>;
