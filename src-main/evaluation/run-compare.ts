import { basename } from 'node:path';
import { turnTaker } from '../core/yield-turn';
import type { DatasetItem } from '../datasets/dataset-types';
import type { CompareCell, CompareRow, ItemResult, RunComparison, RunInfo } from './evaluation-types';

/** Gold names an OQ row lists; the count says how many there are. */
const GOLD_SHOWN = 12;

export interface CompareInput {
  run: RunInfo;
  results: Map<string, ItemResult>;
  /** The run's dataset items by id, when its file is still the one it ran on. */
  items: Map<string, DatasetItem> | null;
  /** The dataset's item order (null: unknown). */
  order: string[] | null;
}

/**
 * Runs side by side per item: the union of their items, in the first known dataset order (items no
 * dataset lists come last, by id), each with every run's answer, score and checked level.
 */
export async function compareRuns(inputs: CompareInput[]): Promise<RunComparison> {
  const notes: string[] = [];
  const datasets = new Set(inputs.map((x) => x.run.dataset));
  if (datasets.size > 1)
    notes.push(
      `The runs are over different datasets (${[...new Set(inputs.map((x) => datasetName(x.run)))].join(', ')}): items are matched by id only.`,
    );
  const ontologies = new Set(inputs.map((x) => x.run.ontology));
  if (ontologies.size > 1)
    notes.push(
      `The runs were evaluated against different ontology content (${[...new Set(inputs.map((x) => basename(x.run.ontologyFile)))].join(', ')}).`,
    );
  const order = inputs.find((x) => x.order)?.order ?? [];
  const all = new Set(inputs.flatMap((x) => [...x.results.keys()]));
  // A set, not order.includes: over different datasets that filter was quadratic (20,000 items: 12 s).
  const ordered = new Set(order);
  const ids = [...order.filter((id) => all.has(id)), ...[...all].filter((id) => !ordered.has(id)).sort()];
  const breathe = turnTaker();
  const rows: CompareRow[] = [];
  for (const id of ids) {
    await breathe();
    rows.push(row(inputs, id));
  }
  const partial = rows.filter((r) => r.cells.some((c) => c === null)).length;
  if (partial)
    notes.push(
      `${partial} of ${rows.length} items are answered by only some of the runs (shown as "–" in the others).`,
    );
  const totals = inputs.map((_, k) => ({
    items: rows.filter((r) => r.cells[k]).length,
    correct: rows.filter((r) => r.cells[k]?.correct).length,
  }));
  return { runs: inputs.map((x) => x.run), rows, totals, notes };
}

/** One item's row: the item as its dataset has it, and every run's cell. */
function row(inputs: CompareInput[], id: string): CompareRow {
  const item = inputs.map((x) => x.items?.get(id)).find((i) => i !== undefined) ?? null;
  const cells = inputs.map((x) => {
    const r = x.results.get(id);
    return r ? cell(r, item) : null;
  });
  const present = cells.filter((c): c is CompareCell => c !== null);
  const kind = item?.kind ?? inputs.map((x) => x.results.get(id)?.kind).find((k) => k) ?? 'mcq';
  return {
    id,
    kind,
    question: item?.question ?? null,
    ...gold(item),
    cells,
    differs: present.some((c) => c.correct !== present[0].correct),
  };
}

function cell(r: ItemResult, item: DatasetItem | null): CompareCell {
  return {
    predicted: r.predicted,
    shown: shownAnswer(r.predicted, item),
    correct: r.correct,
    checked: r.checked?.level ?? null,
    claimed: r.grounding,
    error: r.error ?? null,
    seconds: r.seconds,
  };
}

/** Option keys with their names ("A — myocardium"); concept names as they are. */
export function shownAnswer(predicted: string[] | null, item: DatasetItem | null): string[] {
  if (!predicted) return [];
  if (item?.kind !== 'mcq') return predicted;
  return predicted.map((k) => {
    const o = item.options.find((x) => x.key === k);
    return o ? `${k} — ${o.name}` : k;
  });
}

function gold(item: DatasetItem | null): { gold: string[]; goldCount: number } {
  if (!item) return { gold: [], goldCount: 0 };
  if (item.kind === 'mcq') return { gold: shownAnswer(item.gold, item), goldCount: item.gold.length };
  return { gold: item.answers.slice(0, GOLD_SHOWN).map((a) => a.name), goldCount: item.answers.length };
}

export function datasetName(run: RunInfo): string {
  return run.datasetPath ? basename(run.datasetPath) : `dataset ${run.dataset.slice(0, 12)}`;
}
