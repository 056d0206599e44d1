import type { AnswerFormat, CheckedGrounding, Grounding } from '../agent/agent-types';
import type { AnswerSource, DecisionMode } from '../agent/policy/decision-types';
import type { DatasetItem, Slot } from '../datasets/dataset-types';

/**
 * Everything that decides an evaluation answer. A stored result is reused only when every field
 * matches: the same dataset over the same ontology content, answered by the same method with the same
 * weights (or served model) through the same step protocol and prompts.
 */
export interface RunKey {
  /** sha256 of the dataset file. */
  dataset: string;
  /** Content hash of the ontology evaluated against (its file and its imports). */
  ontology: string;
  method: string;
  /** Model identity: `gguf:sha256:…`, `openai:<url>#<model> served=<id>`, `scripted:sha256:…`, or `none`. */
  model: string;
  /** Agent step protocol (`none` for methods without a model). */
  protocol: string;
  /** PROMPT_VERSION (0 for methods without a model). */
  promptVersion: number;
}

export type MarkVerdict = 'agree' | 'disagree';

export interface ReviewMark {
  item: string;
  verdict: MarkVerdict | null;
  note: string;
  updatedAt: string;
}

/** What a run was, for the review table and the export. */
export interface RunInfo extends RunKey {
  id: string;
  modelSpec: string;
  ontologyFile: string;
  datasetPath: string | null;
  createdAt: string;
  updatedAt: string;
  /** The last report written for the run (JSON); the Markdown sits next to it. */
  reportPath: string | null;
  /** Items stored under the run's key (answered by it or by an earlier run with the same key). */
  items: number;
}

/**
 * Which items of the dataset a run answered: all, the first n, or n drawn at random with a seed (kept
 * in dataset order). `of` is the dataset's item count; n never exceeds it.
 */
export type ItemSelection =
  | { mode: 'all'; n: number; of: number }
  | { mode: 'first'; n: number; of: number }
  | { mode: 'sample'; n: number; of: number; seed: number };

/** One run's answer to one item, for the side-by-side comparison. */
export interface CompareCell {
  /** The answer as stored: option keys (MCQ) or concept names (OQ); null when the method gave none. */
  predicted: string[] | null;
  /** The same for people: "A — myocardium" for option keys. */
  shown: string[];
  correct: boolean;
  checked: string | null;
  claimed: string | null;
  error: string | null;
  seconds: number;
}

/** One item across the compared runs; a cell is null where that run has no result for the item. */
export interface CompareRow {
  id: string;
  kind: 'mcq' | 'oq';
  /** From the dataset file; null when the runs' dataset file is gone or changed. */
  question: string | null;
  /** The gold answer for people ("A — myocardium"; OQ: the first gold names). */
  gold: string[];
  /** How many gold answers an OQ has (the list above may be cut). */
  goldCount: number;
  cells: (CompareCell | null)[];
  /** The runs that have the item do not all score it the same. */
  differs: boolean;
}

/** Two or more stored runs side by side, item by item, in dataset order. */
export interface RunComparison {
  runs: RunInfo[];
  rows: CompareRow[];
  /** Per run (same order): items answered and items correct among the rows. */
  totals: { items: number; correct: number }[];
  /** Runs over different datasets or ontology content, items only some runs have. */
  notes: string[];
}

/** One row of the review table: what the filters need, nothing more. */
export interface ReviewRow {
  id: string;
  kind: 'mcq' | 'oq';
  correct: boolean;
  slot: string | null;
  /** OQ: number of conditions; MCQ: number of gold options. */
  n: number | null;
  claimed: string | null;
  checked: string | null;
  predicted: string[] | null;
  error: string | null;
  mark: MarkVerdict | null;
  note: boolean;
}

export interface ReviewItem {
  run: RunInfo;
  result: ItemResult;
  /** The dataset item (question, options, gold); null when the dataset file is gone or changed. */
  item: DatasetItem | null;
  itemNote: string | null;
  /** The method's trace: the agent record (observation results stripped), or the prompt and reply. */
  record: unknown;
  mark: ReviewMark | null;
}

/** One scored item, as stored and as listed in results.json. */
export interface ItemResult {
  id: string;
  kind: 'mcq' | 'oq';
  correct: boolean;
  /** MCQ: every gold option chosen, and options besides that no reasoner proved wrong: never correct. */
  undetermined?: boolean;
  predicted: string[] | null;
  /** MCQ only. */
  slot?: Slot;
  goldCount?: number;
  /** OQ only: number of conditions, and predicted names that are not gold answers. */
  n?: number;
  wrong?: string[];
  /** The level the method claims (OA-RAG's attribution step); null when it claims none. */
  grounding: Grounding | null;
  /** The reasoner's check of the prediction on the ontology evaluated against (absent in results stored before checks existed). */
  checked?: CheckedGrounding;
  /** Per gold evidence reference: retrieved, cited. */
  goldEvidence?: GoldEvidenceFlag[];
  evidence: EvidenceOutcome | null;
  usage: MethodUsage;
  /** How the answer was read ('lenient': from prose, no valid answer object). */
  answerFormat?: AnswerFormat;
  /** A policy-driven agent's answer: how it was decided, and why each chosen option or concept was chosen. */
  provenance?: { mode: DecisionMode; sources: Record<string, AnswerSource> };
  seconds: number;
  /** Set when the method failed on this item (it is then scored as wrong). */
  error?: string;
  /** The failure was a reply the server left empty or cut short (retried once first). */
  emptyReply?: 'empty' | 'cut';
}

/** One gold evidence reference of an item, and whether the method retrieved and cited it. */
export interface GoldEvidenceFlag {
  text: string;
  retrieved: boolean;
  /** null when the method cites nothing by design. */
  cited: boolean | null;
}

export interface MethodUsage {
  calls: number;
  inputTokens: number;
  /**
   * Prompt tokens actually evaluated (sent less KV/prompt-cache hits); null when the server does not report
   * its cached tokens; absent in results stored before it was counted.
   */
  evaluatedTokens?: number | null;
  outputTokens: number;
}

export type EvidenceStatus = 'full' | 'partial' | 'none';

export interface EvidenceOutcome {
  /** Gold evidence among the retrieved observations (the digest). */
  retrieved: EvidenceStatus;
  /** Gold evidence among the cited observations; null when the method cites nothing by design. */
  cited: EvidenceStatus | null;
  /** Of the gold evidence that was retrieved, was all of it cited? null when none was retrieved or nothing is cited by design. */
  retrievedCited: 'full' | 'not-full' | null;
}

/** Accuracy of one group of items (a kind, a slot, a number of gold options or of conditions). */
export interface AccuracyRow {
  key: string;
  accuracy: number;
  n: number;
  /** Items among n whose answer chose options no reasoner settled (counted as not correct). */
  undetermined?: number;
}

/** Items at one grounding level (claimed or checked) and the accuracy among them. */
export interface LevelRow {
  level: string;
  count: number;
  accuracy: number | null;
}

/** Gold evidence retrieval and citation for one group of items. */
export interface EvidenceRow {
  key: string;
  n: number;
  retrieved: { full: number; partial: number; none: number };
  citedFull: number | null;
  retrievedCitedFully: number | null;
}

/** What the Evaluation view shows of a finished run: the report's figures as rows, no per-item data. */
export interface EvaluationSummary {
  runId: string;
  method: string;
  model: string;
  accuracy: number;
  n: number;
  /** Items among n whose answer chose options no reasoner settled: never correct. */
  undetermined?: number;
  byKind: AccuracyRow[];
  bySlot: AccuracyRow[];
  /** MCQs by number of correct options. */
  byGoldCount: AccuracyRow[];
  /** OQs by number of conditions. */
  byConditions: AccuracyRow[];
  /** The level the method claimed (paper Figure 3). */
  grounding: LevelRow[];
  /** The reasoner's check of each prediction. */
  checked: LevelRow[];
  /** Claimed level (rows) against checked level (columns). */
  confusion: { columns: string[]; rows: { claimed: string; counts: number[] }[] };
  evidence: EvidenceRow[];
  /** Items answered in this run and items reused from earlier runs with the same key. */
  run: { answered: number; reused: number; seconds: number };
  /** Which of the dataset's items the run answered (absent: all). */
  selection?: ItemSelection;
  /** The dataset file's name. */
  datasetFile?: string;
  warnings: string[];
  key: { ontology: string; model: string; protocol: string; promptVersion: number };
  cost: { calls: number; inputTokens: number; outputTokens: number };
  /** A policy-driven agent: items per decision mode and chosen options per source; null for other methods. */
  provenance: { items: Record<DecisionMode, number>; chosen: Record<AnswerSource, number> } | null;
  reportPath: string;
  markdown: string;
}
