import type { CheckedGrounding } from '../agent/agent-types';
import { checkAnswer } from '../agent/frame/check-answer';
import type { CheckDeps } from '../agent/frame/check-deps';
import type { FrameReading } from '../agent/frame/frame-types';
import { itemFrame, type FramedItem } from '../agent/frame/item-frame';
import { normalizeName } from '../ontology/names/normalize';
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

/** The parts of a dataset item its frame is made of. */
export function framedItem(item: DatasetItem): FramedItem {
  return item.kind === 'mcq'
    ? { kind: 'mcq', slot: item.slot, axiom: item.axiom, options: item.options }
    : { kind: 'oq', root: item.root, conditions: item.conditions };
}

/** The item's own statement as a frame, on the ontology evaluated against. */
export function frameOfItem(item: DatasetItem, deps: CheckDeps): FrameReading {
  return itemFrame(framedItem(item), (iri) => deps.entity(iri)?.name ?? null);
}

/** The names an OQ item gives its answers (a reviewer may have re-worded them), normalised, to their IRIs. */
export function answerAliases(item: DatasetItem): Map<string, string> {
  return new Map(item.kind === 'oq' ? item.answers.map((a) => [normalizeName(a.name), a.iri]) : []);
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
