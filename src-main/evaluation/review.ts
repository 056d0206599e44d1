import { existsSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { TrajectoryStep } from '../agent/agent-types';
import { UserError } from '../core/errors';
import { MIB, readInputFileSync } from '../core/input-file';
import { loadDataset, readDataset, type DatasetItem, type LoadedDataset } from '../datasets/generate/dataset';
import { computeMetrics } from './metrics';
import { reportJson, reportMarkdown } from './report';
import { ResultStore, type MarkVerdict, type ReviewMark, type RunInfo } from './result-store';
import type { EvalReport } from './runner';
import type { ReviewRow, ReviewItem, RunComparison } from './evaluation-types';
import { compareRuns } from './run-compare';
export type { ReviewRow, ReviewItem } from './evaluation-types';

/**
 * Per-question review of stored evaluation runs: the item table, one item in full, reviewer marks, and
 * the report with the marks. Reads the result store the runs wrote; every call opens it briefly.
 */
export class EvalReview {
  private readonly datasets = new Map<
    string,
    { stamp: string; hash: string; byId: Map<string, DatasetItem>; order: string[] }
  >();

  constructor(private readonly storePath: string) {}

  runs(): RunInfo[] {
    return this.with((s) => s.runs(50));
  }

  items(runId: string): { run: RunInfo; rows: ReviewRow[] } {
    return this.with((s) => {
      const run = this.run(s, runId);
      const results = s.all(run);
      const marks = s.marks(runId);
      const order = this.dataset(run)?.order ?? [...results.keys()].sort();
      const listed = new Set(order);
      const ids = [...order.filter((id) => results.has(id)), ...[...results.keys()].filter((id) => !listed.has(id))];
      const rows = ids.map((id) => {
        const r = results.get(id)!;
        const m = marks.get(id);
        return {
          id,
          kind: r.kind,
          correct: r.correct,
          slot: r.slot ?? null,
          n: r.kind === 'oq' ? (r.n ?? null) : (r.goldCount ?? null),
          claimed: r.grounding,
          checked: r.checked?.level ?? null,
          predicted: r.predicted,
          error: r.error ?? null,
          mark: m?.verdict ?? null,
          note: !!m?.note,
        };
      });
      return { run, rows };
    });
  }

  item(runId: string, itemId: string): ReviewItem {
    return this.with((s) => {
      const run = this.run(s, runId);
      const result = s.get(run, itemId);
      if (!result) throw new UserError('not-found', `Item ${itemId} is not in this run.`);
      const ds = this.dataset(run);
      const item = ds?.byId.get(itemId) ?? null;
      const itemNote = item
        ? null
        : !run.datasetPath
          ? 'The run did not record its dataset file.'
          : !existsSync(run.datasetPath)
            ? `The dataset ${run.datasetPath} is gone.`
            : `The dataset ${run.datasetPath} changed since the run.`;
      return {
        run,
        result,
        item,
        itemNote,
        record: stripResults(s.record(run, itemId)),
        mark: s.marks(runId).get(itemId) ?? null,
      };
    });
  }

  /** Two or more runs side by side, item by item (see compareRuns). */
  async compare(runIds: string[]): Promise<RunComparison> {
    if (new Set(runIds).size !== runIds.length) throw new UserError('bad-params', 'Each run can be compared once.');
    if (!existsSync(this.storePath)) throw new UserError('not-found', 'No evaluation has been run yet.');
    // Runs of tens of thousands of items: their datasets and results are read in slices, so the server
    // keeps answering while a comparison is built.
    const s = new ResultStore(this.storePath);
    try {
      const runs = runIds.map((id) => this.run(s, id));
      const inputs = [];
      for (const run of runs) {
        const ds = await this.datasetYielding(run);
        inputs.push({ run, results: await s.allYielding(run), items: ds?.byId ?? null, order: ds?.order ?? null });
      }
      return await compareRuns(inputs);
    } finally {
      s.close();
    }
  }

  mark(runId: string, itemId: string, verdict: MarkVerdict | null, note: string): ReviewMark | null {
    return this.with((s) => {
      const run = this.run(s, runId);
      if (!s.get(run, itemId)) throw new UserError('not-found', `Item ${itemId} is not in this run.`);
      return s.setMark(runId, itemId, verdict, note);
    });
  }

  /** The run's report with the current marks, rebuilt from the store (the last saved report supplies run counts and warnings). */
  export(runId: string, format: 'markdown' | 'json'): { fileName: string; mime: string; content: string } {
    return this.with((s) => {
      const run = this.run(s, runId);
      const results = s.all(run);
      const order = this.dataset(run)?.order ?? [...results.keys()].sort();
      const listed = new Set(order);
      const items = [
        ...order.filter((id) => results.has(id)).map((id) => results.get(id)!),
        ...[...results.values()].filter((r) => !listed.has(r.id)),
      ];
      let saved: Partial<EvalReport> = {};
      try {
        if (run.reportPath)
          saved = JSON.parse(
            readInputFileSync(run.reportPath, { what: 'report', maxBytes: 256 * MIB }).toString('utf8'),
          ) as Partial<EvalReport>;
      } catch {
        saved = {};
      }
      const report: EvalReport = {
        ...computeMetrics(items),
        method: run.method as EvalReport['method'],
        model: run.modelSpec,
        runId,
        key: {
          dataset: run.dataset,
          ontology: run.ontology,
          method: run.method,
          model: run.model,
          protocol: run.protocol,
          promptVersion: run.promptVersion,
        },
        ontology: basename(run.ontologyFile),
        dataset: { hash: run.dataset, items: items.length, of: this.dataset(run)?.order.length },
        // The last run's selection says which items it asked for, as long as the stored ones are those.
        selection: saved.selection?.n === items.length ? saved.selection : undefined,
        run: saved.run ?? { answered: 0, reused: items.length, seconds: 0 },
        warnings: saved.warnings ?? [],
        items,
      };
      const marks = s.marks(runId);
      const stem = `evaluation-${basename(run.ontologyFile).replace(/\.[^.]+$/, '')}-${run.method}`;
      return format === 'json'
        ? { fileName: `${stem}.json`, mime: 'application/json', content: reportJson(report, marks) }
        : { fileName: `${stem}.md`, mime: 'text/markdown', content: reportMarkdown(report, marks) };
    });
  }

  private run(s: ResultStore, runId: string): RunInfo {
    const run = s.run(runId);
    if (!run) throw new UserError('not-found', 'No evaluation run has that id.');
    return run;
  }

  private dataset(run: RunInfo) {
    const known = this.knownDataset(run);
    if (known !== undefined) return known;
    try {
      return this.remember(run, loadDataset(run.datasetPath!));
    } catch {
      return null;
    }
  }

  /** dataset(), read in slices (readDataset). */
  private async datasetYielding(run: RunInfo) {
    const known = this.knownDataset(run);
    if (known !== undefined) return known;
    try {
      return this.remember(run, await readDataset(run.datasetPath!));
    } catch {
      return null;
    }
  }

  /** The run's dataset when it is gone (null) or read already at its current stamp; undefined: read it. */
  private knownDataset(run: RunInfo) {
    if (!run.datasetPath || !existsSync(run.datasetPath)) return null;
    const d = this.datasets.get(run.datasetPath);
    if (!d || d.stamp !== stampOf(run.datasetPath)) return undefined;
    return d.hash === run.dataset ? d : null;
  }

  private remember(run: RunInfo, ds: LoadedDataset) {
    const d = {
      stamp: stampOf(ds.path),
      hash: ds.hash,
      byId: new Map(ds.items.map((i) => [i.id, i])),
      order: ds.items.map((i) => i.id),
    };
    this.datasets.set(ds.path, d);
    return d.hash === run.dataset ? d : null;
  }

  private with<T>(fn: (s: ResultStore) => T): T {
    if (!existsSync(this.storePath)) throw new UserError('not-found', 'No evaluation has been run yet.');
    const s = new ResultStore(this.storePath);
    try {
      return fn(s);
    } finally {
      s.close();
    }
  }
}

function stampOf(path: string): string {
  const st = statSync(path);
  return `${st.size} ${st.mtimeMs}`;
}

/** Observation steps carry whole query results for the CLI; the review needs their text only. */
function stripResults(record: unknown): unknown {
  const r = record as { trajectory?: TrajectoryStep[] } | null;
  if (!r || !Array.isArray(r.trajectory)) return record;
  return { ...r, trajectory: r.trajectory.map((s) => (s.type === 'observation' ? { ...s, result: undefined } : s)) };
}
