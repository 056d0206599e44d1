import type { AnswerFormat, Grounding } from '../agent/agent-record';
import type { CheckedGrounding } from '../agent/checked-grounding';
import type { Slot } from '../datasets/generate/dataset';
import type { GoldEvidenceFlag } from './item-review';
import type { MethodUsage } from './methods';
import type { EvidenceOutcome } from './scoring';

/** One scored item, as stored and as listed in results.json. */
export interface ItemResult {
  id: string;
  kind: 'mcq' | 'oq';
  correct: boolean;
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
  seconds: number;
  /** Set when the method failed on this item (it is then scored as wrong). */
  error?: string;
}
