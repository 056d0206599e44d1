import type { ObservationKind, QueryResult, Reasoner, UnknownReason, Verdict } from '../query/query-types';
import type { FrameReading } from './frame/frame-types';
import type { AnswerDecision } from './policy/decision-types';

/** What enforces a structured step: a GBNF grammar, native tool calls, a JSON schema, or only the prompt. */
export type StepEnforcement = 'grammar' | 'tools' | 'json-schema' | 'prompt' | 'text';

export type Grounding = 'entailed' | 'supported' | 'related' | 'unrelated';

export const GROUNDINGS: readonly Grounding[] = ['entailed', 'supported', 'related', 'unrelated'];

export type AgentStage = 'pre' | 'react' | 'answer' | 'attribution';

export interface StageUsage {
  calls: number;
  /** Prompt tokens sent, whole (what a stateless server bills). */
  inputTokens: number;
  /**
   * Prompt tokens the model actually evaluated: the sent ones less those served from a KV or prompt cache;
   * null ("not reported") when a server gave no count of its cached tokens for some call.
   */
  evaluatedTokens: number | null;
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
      reasoner?: Reasoner;
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
  /** Who gave the verdict (absent in older records). */
  reasoner?: Reasoner;
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
  /** How the question was read before the run: the frame every check is made against (absent before frames). */
  frame?: FrameReading;
  /** The reasoner's check of the answer against the frame (set after the run, not by the agent loop). */
  checked?: CheckedGrounding;
  answeredFrom: 'evidence' | 'own-knowledge';
  /** How the answer was decided when a fixed policy gathered the evidence (absent for the model's own loop). */
  decision?: AnswerDecision;
  /** OQ: the concepts of `answer`, in order, when the agent chose them by IRI. */
  answerIris?: string[];
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

/**
 * What the reasoner says about an answer, beside the level the model claims for it (paper §4.1.3).
 * Every check is made against the question frame (what the question states), never against the
 * queries the model ran.
 * - `entailed`: the reasoner confirms the answer (see `checkAnswer` for what that means per kind);
 * - `not-entailed`: the answer could be put to the reasoner and it does not hold as given;
 * - `unchecked`: the answer could not be put to the reasoner; only the model's claim remains.
 */
export type CheckedLevel = 'entailed' | 'not-entailed' | 'unchecked';

/**
 * One option's statement put to the reasoner. `SAME CONCEPT`: the option is the statement's other
 * concept under "is a", which is no evidence of anything; `UNSATISFIABLE`: the statement's subject
 * can have no instances, so the ontology entails anything about it; `UNLINKED`: the option names
 * nothing here.
 */
export type OptionVerdict = Verdict | 'ERROR' | 'SAME CONCEPT' | 'UNSATISFIABLE' | 'UNLINKED';

export interface CheckedOption {
  key: string;
  name: string;
  /** The concept (or relation) the option stands for; absent in records written before frames. */
  iri?: string | null;
  chosen: boolean;
  /** The statement with this option in the slot, as a dialect query over names (to copy to the console). */
  query: string;
  verdict: OptionVerdict;
  /** Who gave a reasoner's verdict (ENTAILED, CONTRADICTED, NOT ENTAILED, UNKNOWN); absent in older records. */
  reasoner?: Reasoner;
  /** UNKNOWN only: why no reasoner settled it. */
  unknownReason?: UnknownReason;
  /**
   * NOT ENTAILED only: classes the statement could rest on that are named in axioms ELK reads only in
   * part (unions, universals, …), so the full ontology may entail it after all.
   */
  outsideEl?: string[];
  /** How many more such classes there are than `outsideEl` names (it names at most OUTSIDE_EL_SHOWN). */
  outsideElMore?: number;
}

export interface CheckedGrounding {
  level: CheckedLevel;
  /** One sentence for people: why this level. */
  reason: string;
  /** The statement checked, in names ("retina — part of — ?"); absent when there was none to check. */
  statement?: string;
  /** MCQ / single: every option as put to the reasoner. */
  options?: CheckedOption[];
  /** MCQ / single: option keys chosen but not entailed, or entailed but left out. */
  failed?: string[];
  /** OQ: the conditions' query, the answer's precision and recall against the reasoner's answer set. */
  select?: string;
  precision?: number | null;
  recall?: number | null;
  /** OQ: the size of the reasoner's answer set (no cap). */
  answerSet?: number;
  /** OQ: named concepts the reasoner does not put in the answer set. */
  outside?: string[];
  /** Free text, records before frames: the cited evidence id whose ENTAILED statement the answer repeats. */
  confirmedBy?: string;
}

export type QuestionKind = 'mcq' | 'single' | 'oq' | 'free';

export interface QuestionOption {
  key: string;
  name: string;
}

/** A question as the agent receives it; dataset items of the benchmarks use the same shape. */
export interface AgentQuestion {
  kind: QuestionKind;
  question: string;
  options?: QuestionOption[];
}

export type AgentAnswer = string | string[];
/**
 * How the agent's ReAct steps are exchanged with the model.
 * - `structured`: every step is one JSON object produced under a grammar (local) or through
 *   tools / a JSON schema (OpenAI-compatible servers); the default, because weak local models
 *   cannot hold the text format.
 * - `text`: the paper's Thought / Action / Observation text format, kept for comparison.
 */
export type AgentProtocol = 'structured' | 'text';

export interface HistoryEntry {
  id: string;
  createdAt: string;
  ontology: string;
  model: string;
  question: string;
  answer: string;
  /** The level the model claimed. */
  grounding: string | null;
  /** The reasoner's check (CheckedLevel); null for entries written before checks existed. */
  checked: string | null;
  /** The question's kind and options, so the answer can be shown by option names. */
  kind: QuestionKind | null;
  options: QuestionOption[];
}
