/**
 * The question frame: what a question states, in concepts of the ontology, read once before the
 * agent runs. Every reasoner check of an answer is made against the frame, never against the
 * queries the model chose to run.
 */

/** A concept or relation of the ontology, with the text it was read from. */
export interface FrameTerm {
  iri: string;
  name: string;
  /** The words of the question (or option) it was linked from; for a dataset item, the item's own wording. */
  from: string;
}

/** Which place of A ⊑ ∃r.B the options of a choice question fill. */
export type FrameSlot = 'subject' | 'relation' | 'filler';

/** Where the frame came from: a dataset item's own statement, the question's words, the model, or a reviewer. */
export type FrameSource = 'item' | 'question' | 'model' | 'reviewer';

export interface FrameOption {
  key: string;
  /** The option's text as the question gives it. */
  text: string;
  /** The concept (or, for a relation slot, the relation) the option names; null when it names none here. */
  term: FrameTerm | null;
}

/** MCQ / single choice: one statement with a blank that each option fills in turn. */
export interface ChoiceFrame {
  kind: 'choice';
  slot: FrameSlot;
  /** The two fixed places; the slot's own place is null. */
  subject: FrameTerm | null;
  relation: FrameTerm | null;
  filler: FrameTerm | null;
  options: FrameOption[];
  /**
   * "Which of these is X not part of?": the right options are those for which the ontology says the
   * statement cannot hold (CONTRADICTED); an option it entails is wrong, and one it does not decide
   * stays open.
   */
  negated?: boolean;
}

export interface FrameCondition {
  relation: FrameTerm;
  filler: FrameTerm;
}

/** Open question: the concepts under `root` (any class when null) that meet every condition. */
export interface OpenFrame {
  kind: 'open';
  root: FrameTerm | null;
  conditions: FrameCondition[];
}

/** Free text: the concepts the question names and, when it states one, the statement it asks about. */
export interface FreeFrame {
  kind: 'free';
  entities: FrameTerm[];
  /** A yes/no question gives all three places; "where is X located?" leaves the filler open (null). */
  statement: { subject: FrameTerm; relation: FrameTerm; filler: FrameTerm | null } | null;
}

export type QuestionFrameBody = ChoiceFrame | OpenFrame | FreeFrame;

export type QuestionFrame = QuestionFrameBody & {
  source: FrameSource;
  /** How sure the reading is, in [0, 1]: 1 for a dataset item or a reviewer's frame. */
  confidence: number;
};

/**
 * A reading of a question: the frame when it is sure enough to check answers against, else null
 * with why; `suggestion` keeps a reading below the threshold for a reviewer to accept or correct.
 */
export interface FrameReading {
  frame: QuestionFrame | null;
  /** One sentence: how the question was read, or why no frame could be built. */
  reason: string;
  suggestion?: QuestionFrame;
}
