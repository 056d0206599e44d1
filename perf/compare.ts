/**
 * Compare of two stored runs over different datasets (issue 37, item 3): two 20,000-item datasets that
 * share half their ids, a reasoner-only result stored for every item, then EvalReview.compare as the
 * server calls it. Prints the time of the comparison and the longest the event loop waited meanwhile.
 * Targets: under 1 s, no stall over 100 ms. Options: --items <n> (20000). Exits 1 when one is missed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { datasetHash } from '../src-main/datasets/generate/dataset';
import type { RunKey } from '../src-main/evaluation/eval-key';
import type { ItemResult } from '../src-main/evaluation/evaluation-types';
import { ResultStore } from '../src-main/evaluation/result-store';
import { EvalReview } from '../src-main/evaluation/review';
import { writeCardioDataset } from '../test/support/cardio-dataset';
import { round } from './perf-support';

const { values } = parseArgs({ options: { items: { type: 'string' } } });
const N = Number(values.items ?? 20_000);
const work = mkdtempSync(join(tmpdir(), 'oarag-perf-compare-'));
const storePath = join(work, 'results.sqlite');
const store = new ResultStore(storePath);

/** A run over `n` items `prefix<from>`..: its dataset file and one stored result per item. */
function storedRun(name: string, from: number): string {
  const path = join(work, `${name}.jsonl`);
  writeCardioDataset(path, N, 'q', from);
  const key: RunKey = {
    dataset: datasetHash(readFileSync(path)),
    ontology: 'perf',
    method: 'reasoner-only',
    model: 'none',
    protocol: 'none',
    promptVersion: 0,
  };
  const id = store.saveRun(key, { modelSpec: 'none', ontologyFile: 'cardio.ofn', datasetPath: path });
  for (let i = from; i < from + N; i++) {
    const r: ItemResult = {
      id: `q${i}`,
      kind: 'mcq',
      predicted: ['A'],
      grounding: null,
      correct: i % 3 !== 0,
      slot: 'filler',
      goldCount: 1,
      seconds: 0.001,
      usage: { calls: 0, inputTokens: 0, outputTokens: 0 },
      checked: { level: 'entailed' },
    } as ItemResult;
    store.put(key, r, null, 'none');
  }
  store.flush();
  return id;
}

const a = storedRun('first', 1);
const b = storedRun('second', 1 + N / 2);
store.close();

let worst = 0;
let last = performance.now();
const ticker = setInterval(() => {
  const now = performance.now();
  worst = Math.max(worst, now - last);
  last = now;
}, 2);
const t0 = performance.now();
last = t0;
const c = await new EvalReview(storePath).compare([a, b]);
const ms = performance.now() - t0;
clearInterval(ticker);
worst = Math.max(worst, performance.now() - last);
rmSync(work, { recursive: true, force: true });
console.log(
  `compare of two ${N}-item runs over different datasets: ${round(ms, 0)} ms, ${c.rows.length} rows; longest event-loop stall ${round(worst, 0)} ms`,
);
const misses = [ms >= 1000 && 'over 1 s', worst > 100 && 'a stall over 100 ms'].filter(Boolean);
for (const m of misses) console.log(`MISSED: ${m}`);
process.exitCode = misses.length ? 1 : 0;
