/**
 * How fast the Evaluation view opens one question of a 500-item run, in Chromium over the web server.
 * Builds a run of 500 items (generated from po.obo, or the cardio sample with --sample) whose stored
 * records have the size of real OA-RAG traces (about 20 trajectory steps of 1-2 kB and 8 observations),
 * opens it in the Evaluation view, then clicks --n items spread over the table and times each from the
 * click to the item's question on screen. Also times the `eval.item` call alone (server side).
 * Prints JSON with p50 / p95 / max in ms and whether the p95 meets the 300 ms target.
 * Options: --n 60, --sample, --json.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import type { AgentRecord, Evidence, TrajectoryStep } from '../src-main/agent/agent-types';
import { EvalReview } from '../src-main/evaluation/review';
import { ResultStore } from '../src-main/evaluation/result-store';
import { runEvaluation } from '../src-main/evaluation/runner';
import { generateDataset } from '../src-main/datasets/generate/generate-dataset';
import { datasetHash, toJsonl } from '../src-main/datasets/generate/dataset';
import { resourcePath } from '../src-main/core/paths';
import { OntologyService } from '../src-main/ontology/ontology-service';
import { writeFileSync } from 'node:fs';
import { CHROMIUM } from '../test/e2e/support/harness';
import { ensureRendererBuilt } from '../test/e2e/support/renderer-build';
import { startServer } from '../test/e2e/support/server';
import { round, SHARED } from './perf-support';

const { values } = parseArgs({
  options: { n: { type: 'string' }, sample: { type: 'boolean' }, json: { type: 'boolean' } },
});
const clicks = Number(values.n ?? 60);
const log = (s: string) => process.stderr.write(`${s}\n`);
const work = join(tmpdir(), 'oarag-bench-review');
rmSync(work, { recursive: true, force: true });
const dataDir = join(work, 'data');
mkdirSync(dataDir, { recursive: true });

const po = join(SHARED, 'po.obo');
const file = !values.sample && existsSync(po) ? po : resourcePath('samples', 'cardio.ofn');
const service = new OntologyService({ cacheDir: join(work, 'cache'), appVersion: 'bench' });
service.start();
const h = await service.open(file);
const mcq = file === po ? 350 : 150;
const g = await generateDataset(h, { mcq, oq: 500 - mcq, seed: 11 });
const datasetPath = join(work, 'test1.jsonl');
const text = toJsonl(g.items);
writeFileSync(datasetPath, text);
log(`${g.items.length} items from ${file}`);

const store = new ResultStore(join(dataDir, 'eval-results.sqlite'));
const report = await runEvaluation({
  handle: h,
  items: g.items,
  datasetHash: datasetHash(text),
  datasetPath,
  method: 'reasoner-only',
  store,
});
await service.stop();

// Replace each reasoner-only trace with one the size of an OA-RAG record, so the item call carries realistic weight.
const filler = (n: number, seed: number) =>
  Array.from({ length: n }, (_, i) => String.fromCharCode(97 + ((i * 7 + seed) % 26))).join('');
for (const r of report.items) {
  const digest: Evidence[] = Array.from({ length: 8 }, (_, i) => ({
    id: `E${i + 1}`,
    text: `every x is related by part of to some y: ENTAILED ${filler(300, i)}`,
    kind: 'closure',
    query: 'ASK { "a" "part of" "b" }',
    verdict: 'ENTAILED',
    entities: ['http://x/a', 'http://x/b'],
  }));
  const trajectory: TrajectoryStep[] = Array.from({ length: 20 }, (_, i) =>
    i % 3 === 1
      ? { type: 'action', stage: 'react', query: 'ASK { "a" "part of" "b" }', thought: filler(200, i) }
      : {
          type: 'message',
          stage: 'react',
          role: 'assistant',
          content: filler(1000 + (i % 5) * 200, i),
          ms: 900,
          inputTokens: 1200,
          outputTokens: 80,
        },
  );
  const rec: Partial<AgentRecord> = {
    question: { kind: r.kind, question: 'q' },
    answer: r.predicted,
    draft: null,
    digest,
    evidence: digest.slice(0, 3),
    grounding: 'entailed',
    answeredFrom: 'evidence',
    endedBy: 'answer',
    actions: 7,
    trajectory,
    startedAt: new Date().toISOString(),
    seconds: 12,
  };
  store.put(report.key, r, rec, 'none');
}
store.close();

// Server side: the API call alone.
const review = new EvalReview(join(dataDir, 'eval-results.sqlite'));
const ids = report.items.map((i) => i.id);
review.items(report.runId);
const api: number[] = [];
let bytes = 0;
for (const id of ids) {
  const t0 = performance.now();
  const it = review.item(report.runId, id);
  bytes = Math.max(bytes, JSON.stringify(it).length);
  api.push(performance.now() - t0);
}

// In the browser: click to question on screen.
await ensureRendererBuilt();
const server = await startServer({ OARAG_DATA_DIR: dataDir, OARAG_CACHE_DIR: join(work, 'cache-web') });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const ui: number[] = [];
let tableMs = 0;
try {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await page.goto(server.url);
  await page.locator('.shell[data-ready="yes"]').waitFor({ timeout: 30_000 });
  await page.getByTestId('nav-evaluation').click();
  const runs = page.getByTestId('review-run');
  await runs.locator('option').nth(1).waitFor({ state: 'attached' });
  const t0 = Date.now();
  await runs.selectOption({ index: 1 });
  await page.locator('[data-testid="review-table"] tbody tr').nth(499).waitFor({ state: 'attached' });
  tableMs = Date.now() - t0;
  const step = Math.max(1, Math.floor(ids.length / clicks));
  for (let k = 0; k < clicks; k++) {
    const id = ids[(k * step + 16) % ids.length];
    const ms = await page.evaluate(async (x) => {
      const row = document.querySelector(`[data-testid="review-table"] tr[data-item="${x}"]`) as HTMLElement;
      const start = performance.now();
      row.click();
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        if (
          document.querySelector('[data-testid="review-item-id"]')?.textContent === x &&
          document.querySelector('[data-testid="review-question"]')
        )
          break;
        if (performance.now() - start > 10_000) return -1;
      }
      return performance.now() - start;
    }, id);
    if (ms < 0) throw new Error(`item ${id} did not open`);
    ui.push(ms);
  }
} finally {
  await browser.close();
  await server.stop();
}

const q = (xs: number[], p: number) =>
  round([...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))], 1);
const out = {
  ontology: file,
  items: ids.length,
  recordBytesMax: bytes,
  tableOpenMs: tableMs,
  apiItemMs: { p50: q(api, 0.5), p95: q(api, 0.95), max: q(api, 1) },
  uiOpenMs: { clicks: ui.length, p50: q(ui, 0.5), p95: q(ui, 0.95), max: q(ui, 1) },
  target: { p95Ms: 300, met: q(ui, 0.95) <= 300 },
};
console.log(JSON.stringify(out, null, values.json ? 0 : 2));
