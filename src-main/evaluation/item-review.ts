import { checkGrounding, type CheckedGrounding, type CheckerDeps } from '../agent/checked-grounding';
import type { OntologyHandle } from '../ontology/ontology-handle';
import { quoteName } from '../query/dialect';
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

export function oqSelect(item: Extract<DatasetItem, { kind: 'oq' }>, nameOf: (iri: string) => string): string {
  const conds = [
    `?x "is a" ${quoteName(nameOf(item.root))}`,
    ...item.conditions.map((c) => `?x ${quoteName(nameOf(c.relation))} ${quoteName(nameOf(c.filler))}`),
  ];
  return `SELECT ?x WHERE { ${conds.join(' . ')} }`;
}

/**
 * What a reviewer needs beside the score: the reasoner's check of the prediction against the item's
 * own statement (on the ontology evaluated against, so on Test 2 it uses the revised ontology), and
 * per gold reference whether it was retrieved and cited.
 */
export async function reviewFacts(
  item: DatasetItem,
  out: MethodOutcome,
  matcher: EvidenceMatcher,
  deps: CheckerDeps,
  nameOf: (iri: string) => string,
): Promise<ReviewFacts> {
  const question = agentQuestion(item);
  const input = { question, answer: out.predicted, evidence: out.cited ?? [], digest: out.digest ?? [] };
  const target =
    item.kind === 'mcq'
      ? {
          options: {
            slot: item.slot,
            subject: nameOf(item.axiom.subject),
            relation: nameOf(item.axiom.relation),
            filler: nameOf(item.axiom.filler),
          },
        }
      : { select: oqSelect(item, nameOf) };
  let checked: CheckedGrounding;
  try {
    checked = await checkGrounding(input, deps, target);
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
