import type { ClosureIndex } from '../../ontology/closure/closure-index';
import { subjectsOfAll, type LinkedCondition } from '../../query/exec/closure-queries';
import type { DatasetItem, McqItem, OqItem } from '../generate/dataset';

/**
 * The Test 2 checks of paper Appendix C, on closures of the check ontology (revised + removed
 * restrictions added back as A ⊑ ∃r.C) and of the revised ontology alone.
 */

/** The option keys whose substituted axiom the reasoner entails. */
export function mcqReasonerAnswer(ix: ClosureIndex, item: McqItem): string[] {
  const a = ix.id(item.axiom.subject);
  const r = ix.id(item.axiom.relation);
  const b = ix.id(item.axiom.filler);
  const out: string[] = [];
  for (const o of item.options) {
    const x = ix.id(o.iri);
    if (x === undefined) continue;
    let ok = false;
    if (item.slot === 'subject') ok = r !== undefined && b !== undefined && ix.isEntailed(x, r, b);
    else if (item.slot === 'relation') ok = a !== undefined && b !== undefined && ix.isEntailed(a, x, b);
    else ok = a !== undefined && r !== undefined && ix.isEntailed(a, r, x);
    if (ok) out.push(o.key);
  }
  return out;
}

/** Named, satisfiable, non-deprecated X ⊑ root with X ⊑ ∃ri.Bi for every condition (IRIs). */
export function oqReasonerAnswer(ix: ClosureIndex, item: OqItem): string[] {
  const root = ix.id(item.root);
  if (root === undefined) return [];
  const conds: LinkedCondition[] = [];
  for (const c of item.conditions) {
    const r = ix.id(c.relation);
    const b = ix.id(c.filler);
    if (r === undefined || b === undefined) return [];
    conds.push({ r, b });
  }
  const below = ix.descendants(root);
  return [...subjectsOfAll(ix, conds)]
    .filter((x) => below.has(x) && ix.kindOf[x] === 'class' && !ix.deprecated.has(x))
    .map((x) => ix.iri(x));
}

export function reasonerAnswer(ix: ClosureIndex, item: DatasetItem): string[] {
  return item.kind === 'mcq' ? mcqReasonerAnswer(ix, item) : oqReasonerAnswer(ix, item);
}

export function goldOf(item: DatasetItem): string[] {
  return item.kind === 'mcq' ? item.gold : item.answers.map((a) => a.iri);
}

const sameSet = (x: string[], y: string[]) => {
  const a = new Set(x);
  const b = new Set(y);
  return a.size === b.size && [...a].every((v) => b.has(v));
};

/** Whether a reasoner-only answer scores as correct: MCQ exact key set; OQ non-empty and all gold. */
export function reasonerCorrect(item: DatasetItem, answer: string[]): boolean {
  const gold = goldOf(item);
  if (item.kind === 'mcq') return sameSet(answer, gold);
  const g = new Set(gold);
  return answer.length > 0 && answer.every((x) => g.has(x));
}

export const EXCLUDE_GOLD_CHANGED = 'gold changed when the removed restrictions are added back';
export const EXCLUDE_STILL_DERIVABLE = 'still derivable from the revised axioms alone';

export interface CheckOutcome {
  kept: DatasetItem[];
  excluded: { id: string; reason: string }[];
}

/** (a) the check ontology keeps the gold exactly; (b) the revised ontology alone does not answer correctly. */
export function checkItems(
  items: readonly DatasetItem[],
  checkIx: ClosureIndex,
  revisedIx: ClosureIndex,
): CheckOutcome {
  const kept: DatasetItem[] = [];
  const excluded: { id: string; reason: string }[] = [];
  for (const it of items) {
    if (!sameSet(reasonerAnswer(checkIx, it), goldOf(it))) excluded.push({ id: it.id, reason: EXCLUDE_GOLD_CHANGED });
    else if (reasonerCorrect(it, reasonerAnswer(revisedIx, it)))
      excluded.push({ id: it.id, reason: EXCLUDE_STILL_DERIVABLE });
    else kept.push(it);
  }
  return { kept, excluded };
}
