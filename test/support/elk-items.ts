import {
  datasetHash,
  toJsonl,
  type DatasetItem,
  type McqItem,
  type OqItem,
} from '../../src-main/datasets/generate/dataset';
import { ResultStore } from '../../src-main/evaluation/result-store';
import { runEvaluation } from '../../src-main/evaluation/runner';
import type { OntologyHandle } from '../../src-main/ontology/ontology-handle';

/** The bridge's `entailed` query for each option of each MCQ, in order: the item's axiom with the option in the masked slot. */
export function mcqOptionQueries(mcqs: McqItem[]): { sub: string; r: string; sup: string }[] {
  return mcqs.flatMap((q) =>
    q.options.map((o) => ({
      sub: q.slot === 'subject' ? o.iri : q.axiom.subject,
      r: q.slot === 'relation' ? o.iri : q.axiom.relation,
      sup: q.slot === 'filler' ? o.iri : q.axiom.filler,
    })),
  );
}

/** The bridge's `subclasses` query for each OQ: its conditions and its branch root, as one conjunction. */
export function oqConjunctions(oqs: OqItem[]): { and: { r: string | null; sup: string }[] }[] {
  return oqs.map((q) => ({
    and: [...q.conditions.map((c) => ({ r: c.relation, sup: c.filler })), { r: null, sup: q.root }],
  }));
}

/** The reasoner-only baseline through the evaluation runner, with a throw-away result store. */
export async function reasonerOnly(h: OntologyHandle, items: DatasetItem[]): Promise<{ accuracy: number; n: number }> {
  const store = new ResultStore(':memory:');
  try {
    const r = await runEvaluation({
      handle: h,
      items,
      datasetHash: datasetHash(toJsonl(items)),
      method: 'reasoner-only',
      store,
    });
    return { accuracy: r.accuracy, n: r.items.length };
  } finally {
    store.close();
  }
}
