import type { EvaluationSummary, RunInfo } from '../../src-main/api/contract';
import { baseName } from './format';

/** A stored run for a picker: when, method, dataset file and item count, ontology, model. */
export function runLabel(x: RunInfo): string {
  const when = x.updatedAt.slice(0, 16).replace('T', ' ');
  const dataset = x.datasetPath ? baseName(x.datasetPath) : `dataset ${x.dataset.slice(0, 8)}`;
  const items = `${x.items} ${x.items === 1 ? 'item' : 'items'}`;
  const model = x.modelSpec && x.modelSpec !== 'none' ? ` · ${baseName(x.modelSpec)}` : '';
  return `${when} · ${x.method} · ${dataset} (${items}) · ${baseName(x.ontologyFile)}${model}`;
}

/** A short name for a run in a column head: method and model. */
export function runShortName(x: RunInfo): string {
  return x.modelSpec && x.modelSpec !== 'none' ? `${x.method} · ${baseName(x.modelSpec)}` : x.method;
}

/** A stored run for the compare pickers: what tells runs apart first (ontology, method, model), the time last. */
export function runPickLabel(x: RunInfo): string {
  const dataset = x.datasetPath ? baseName(x.datasetPath) : `dataset ${x.dataset.slice(0, 8)}`;
  const items = `${x.items} ${x.items === 1 ? 'item' : 'items'}`;
  const when = x.updatedAt.slice(0, 16).replace('T', ' ');
  return `${baseName(x.ontologyFile)} · ${runShortName(x)} · ${dataset} (${items}) · ${when}`;
}

/**
 * Column heads for runs side by side: the short name, and where two would read the same (a Test 1
 * and a Test 2 run of one method), the ontology file, then the dataset file, then the time.
 */
export function runHeadNames(runs: RunInfo[]): string[] {
  const steps: ((x: RunInfo) => string)[] = [
    (x) => baseName(x.ontologyFile),
    (x) => (x.datasetPath ? baseName(x.datasetPath) : x.dataset.slice(0, 8)),
    (x) => x.updatedAt.slice(0, 16).replace('T', ' '),
  ];
  const names = runs.map(runShortName);
  for (const step of steps) {
    const dup = (i: number) => names.some((n, j) => j !== i && n === names[i]);
    const clash = names.map((_, i) => dup(i));
    if (!clash.some(Boolean)) break;
    runs.forEach((x, i) => clash[i] && (names[i] = `${names[i]} · ${step(x)}`));
  }
  return names;
}

/** Under a run's question count: "questions", or which of the dataset's items they were. */
export function selectionText(r: Pick<EvaluationSummary, 'selection'>): string {
  const s = r.selection;
  if (!s || s.n >= s.of) return 'questions';
  if (s.mode === 'first') return `questions: the first ${s.n} of ${s.of}`;
  return `questions: ${s.n} of ${s.of} at random (seed ${s.mode === 'sample' ? s.seed : '–'})`;
}
