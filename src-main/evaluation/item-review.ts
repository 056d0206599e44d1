import type { CheckedGrounding } from '../agent/agent-types';
import { checkAnswer } from '../agent/frame/check-answer';
import type { CheckDeps } from '../agent/frame/check-deps';
import { answerAliases, frameOfItem } from './item-frame';
import type { OntologyHandle } from '../ontology/ontology-handle';
import type { DatasetItem, EvidenceRef } from '../datasets/generate/dataset';
import { agentQuestion, type MethodOutcome } from './methods';
import type { EvidenceMatcher } from './scoring';
import type { GoldEvidenceFlag } from './evaluation-types';
export type { GoldEvidenceFlag } from './evaluation-types';

export interface ReviewFacts {
  checked: CheckedGrounding;
  goldEvidence: GoldEvidenceFlag[];
}

/** The statement a dataset item rests on, in names: what the reasoner check puts to ASK or SELECT. */
export function itemNames(h: OntologyHandle): (iri: string) => string {
  const ix = h.closure;
  return (iri) => {
    const id = ix.id(iri);
    return id === undefined ? iri : ix.nameOf(id);
  };
}

/**
 * What a reviewer needs beside the score: the reasoner's check of the prediction against the item's
 * own statement (on the ontology evaluated against, so on Test 2 it uses the revised ontology), and
 * per gold reference whether it was retrieved and cited.
 */
export function reviewFacts(
  item: DatasetItem,
  out: MethodOutcome,
  matcher: EvidenceMatcher,
  deps: CheckDeps,
  nameOf: (iri: string) => string,
): ReviewFacts {
  const question = agentQuestion(item);
  let checked: CheckedGrounding;
  try {
    checked = checkAnswer(
      {
        question,
        answer: out.predicted,
        reading: frameOfItem(item, deps),
        answerIris: out.predictedIris,
        aliases: answerAliases(item),
      },
      deps,
    );
  } catch (e) {
    checked = { level: 'unchecked', reason: `The check failed: ${(e as Error).message}` };
  }
  const retrieved = out.digest ? matcher.covered(item.evidence, out.digest) : item.evidence.map(() => false);
  const cited = out.cited ? matcher.covered(item.evidence, out.cited) : null;
  const goldEvidence = item.evidence.map((ref, i) => ({
    text: refText(ref, nameOf),
    retrieved: retrieved[i],
    cited: cited ? cited[i] : null,
  }));
  return { checked, goldEvidence };
}

function refText(ref: EvidenceRef, nameOf: (iri: string) => string): string {
  return ref.kind === 'card'
    ? `the concept card of ${nameOf(ref.iri)}`
    : `${nameOf(ref.subject)} ${nameOf(ref.relation)} ${nameOf(ref.filler)}`;
}
