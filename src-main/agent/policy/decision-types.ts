/**
 * Why an option or concept is in the answer: the reasoner proved it, the model scored it best, the
 * model scored it best of the options whose card names the statement's other concept, or it follows
 * by "is a" from one chosen.
 */
/** ruled-out: a negated question's option whose positive statement the ontology contradicts. */
export type AnswerSource = 'reasoner' | 'model-score' | 'card-named' | 'reasoner-isa' | 'ruled-out';

/** Who ran the agent's queries: a fixed policy from the question frame, or the model's own ReAct loop. */
export type AgentDriver = 'policy' | 'react';

/** How the answer was decided: by the model's likelihoods, by generating it, or by the reasoner alone. */
export type DecisionMode = 'likelihood' | 'generation' | 'reasoner';

export interface DecidedOption {
  key: string;
  name: string;
  verdict: string | null;
  /** The model's likelihood lift for the option's statement (nats), when it was scored. */
  lift: number | null;
  /** The card the statement was scored after names the statement's other concept (absent: not looked at). */
  named?: boolean;
  source: AnswerSource | null;
}

export interface DecidedConcept {
  iri: string;
  name: string;
  /** Where the candidate came from: the reasoner's answer set, or text search over the cards. */
  from: 'closure' | 'text-search';
  lift: number | null;
  source: AnswerSource | null;
}

/** How a policy-driven answer was reached, for the record, the Ask view and the Evaluation view. */
export interface AnswerDecision {
  driver: AgentDriver;
  mode: DecisionMode;
  /** Set when the mode is not the one wanted, and why (a backend without token probabilities). */
  note?: string;
  options?: DecidedOption[];
  candidates?: DecidedConcept[];
}
