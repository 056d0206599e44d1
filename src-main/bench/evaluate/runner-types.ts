import type { Grounding } from '../../agent/agent-record';
import type { Slot } from '../generate/dataset';
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
  grounding: Grounding | null;
  evidence: EvidenceOutcome | null;
  usage: MethodUsage;
  seconds: number;
  /** Set when the method failed on this item (it is then scored as wrong). */
  error?: string;
}
