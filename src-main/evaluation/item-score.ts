import type { AnswerDecision, AnswerSource } from '../agent/policy/decision-types';
import type { DatasetItem } from '../datasets/generate/dataset';
import type { QueryService } from '../query/exec/query-service';
import type { ItemResult } from './evaluation-types';
import type { MethodOutcome } from './method';
import { evidenceOutcome, mcqOutcome, scoreOq, type EvidenceMatcher } from './scoring';

/** One item's result: its answer scored against the gold, its evidence against the gold references. */
export function scoreItem(
  item: DatasetItem,
  out: MethodOutcome,
  matcher: EvidenceMatcher,
  qs: QueryService,
  seconds: number,
): ItemResult {
  const base = {
    id: item.id,
    predicted: out.predicted,
    grounding: out.grounding,
    evidence: evidenceOutcome(matcher, item.evidence, out.digest, out.cited),
    usage: out.usage,
    ...(out.answerFormat ? { answerFormat: out.answerFormat } : {}),
    ...(out.decision ? { provenance: provenanceOf(out.decision) } : {}),
    seconds: Math.round(seconds * 1000) / 1000,
  };
  if (item.kind === 'mcq') {
    const outcome = mcqOutcome(item, out.predicted);
    return {
      ...base,
      kind: 'mcq',
      correct: outcome === 'correct',
      ...(outcome === 'undetermined' ? { undetermined: true } : {}),
      slot: item.slot,
      goldCount: item.gold.length,
    };
  }
  const s = scoreOq(item, out.predicted, qs.names, out.predictedIris);
  return {
    ...base,
    kind: 'oq',
    correct: s.correct,
    n: item.n ?? item.conditions.length,
    ...(s.wrong.length ? { wrong: s.wrong.slice(0, 20) } : {}),
  };
}

/**
 * A stored MCQ result scored again by today's rule: the answer is stored as given, and a rule change
 * (an unsure option no longer earns credit) must not be hidden by results reused from earlier runs.
 */
export function rescoreStored(item: DatasetItem, r: ItemResult): ItemResult {
  if (item.kind !== 'mcq' || r.kind !== 'mcq') return r;
  const outcome = mcqOutcome(item, r.predicted);
  const { undetermined: _u, ...rest } = r;
  return { ...rest, correct: outcome === 'correct', ...(outcome === 'undetermined' ? { undetermined: true } : {}) };
}

function provenanceOf(d: AnswerDecision): NonNullable<ItemResult['provenance']> {
  const sources: Record<string, AnswerSource> = {};
  for (const o of d.options ?? []) if (o.source) sources[o.key] = o.source;
  for (const c of d.candidates ?? []) if (c.source) sources[c.name] = c.source;
  return { mode: d.mode, sources };
}
