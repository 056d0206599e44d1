import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetGeneration, EvaluationSummary, OntologyInfo } from '../../src-main/api/contract';
import { callApi, taskResult } from './support/api-client';
import { browserSkipReason, openApp, SAMPLE, shot, warnSkip, type Session } from './support/harness';

const reason = browserSkipReason();
if (reason) warnSkip('e2e evaluation of the first N items and runs side by side', reason);

/** A model that picks option A of every question, one call per question (chain of thought). */
const ANSWER_A = Array.from({ length: 40 }, () => 'Option A fits best.\n{"answer": ["A"]}');

describe.skipIf(reason)('e2e: evaluate the first 5 items, then two runs side by side per item', () => {
  let s: Session;
  let dir: string;
  let script: string;
  let dataset: DatasetGeneration;
  let ontologyId: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'oarag-e2e-compare-'));
    script = join(dir, 'answer-a.json');
    writeFileSync(script, JSON.stringify(ANSWER_A));
    s = await openApp();
    const open = await callApi(s.server, 'ontology.open', { path: SAMPLE });
    ontologyId = ((await taskResult(s.server, open.taskId)).result as OntologyInfo).id;
    const gen = await callApi(s.server, 'datasets.generate', { ontologyId, mcq: 8, oq: 2, seed: 7 });
    dataset = (await taskResult(s.server, gen.taskId)).result as DatasetGeneration;
    await s.page.reload();
    await s.page.locator('.shell[data-ready="yes"]').waitFor();
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the form as it is and waits for this run's task to end. */
  async function runForm(): Promise<void> {
    const before = (await callApi(s.server, 'tasks.list', {})).filter((t) => t.kind === 'evaluate').length;
    await s.page.getByTestId('eval-run').click();
    await expect
      .poll(async () => (await callApi(s.server, 'tasks.list', {})).filter((t) => t.kind === 'evaluate').length, {
        timeout: 60_000,
      })
      .toBe(before + 1);
    const task = (await callApi(s.server, 'tasks.list', {})).filter((t) => t.kind === 'evaluate').pop()!;
    await taskResult(s.server, task.id, 120_000);
    await s.page.getByTestId('eval-run').and(s.page.locator(':not([disabled])')).waitFor();
  }

  it('evaluates only the first 5 items of a dataset from the Evaluation form', async () => {
    const { page } = s;
    await page.getByTestId('nav-evaluation').click();
    await page.getByTestId('eval-dataset').fill(dataset.path);
    await page.getByTestId('eval-items-first').check();
    await page.getByTestId('eval-items-n').fill('5');
    await page.getByTestId('method-reasoner-only').check();
    await runForm();
    await expect
      .poll(async () => (await page.getByTestId('eval-selection').textContent())?.trim())
      .toBe(`questions: the first 5 of ${dataset.items.length}`);
    expect((await page.getByTestId('eval-accuracy').textContent())?.trim()).toBe('100.0%');
    // The review lists those five items, and the picker tells the run by its dataset and item count.
    await expect.poll(() => page.getByTestId('review-table').locator('tbody tr').count()).toBe(5);
    const label = await page.getByTestId('review-run').locator('option:checked').textContent();
    expect(label).toContain(`cardio.ofn · reasoner-only · ${basename(dataset.path)} (5 items)`);
    await page.getByTestId('eval-results').scrollIntoViewIfNeeded();
    await shot(page, 'evaluation-first-5', { docs: true });
  });

  it('puts the reasoner-only run and a chain-of-thought run side by side, item by item', async () => {
    const { page } = s;
    await page.getByTestId('method-cot').check();
    await page.locator('#ev-model').fill(`scripted:${script}`);
    await runForm();
    await page.getByTestId('run-compare').scrollIntoViewIfNeeded();
    // The two newest runs over the same dataset are picked already (once the run list has the new run).
    await expect.poll(() => page.getByTestId('compare-run-1').inputValue(), { timeout: 30_000 }).not.toBe('');
    await page.getByTestId('compare-go').click();
    const table = page.getByTestId('compare-table');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(5);
    const heads = (await table.locator('thead th.run').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(heads[0]).toMatch(/^cot · answer-a\.json \d of 5 correct$/);
    expect(heads[1]).toBe('reasoner-only 5 of 5 correct');
    // Each row: the model's pick by option name and its score, the reasoner's answer, each with its checked level.
    const first = dataset.items[0];
    if (first.kind !== 'mcq') throw new Error('the dataset starts with an MCQ');
    const row = table.locator(`tbody tr[data-item="${first.id}"]`);
    const cot = (await row.getByTestId('compare-cell-0').textContent())!.replace(/\s+/g, ' ');
    expect(cot).toContain(`A — ${first.options[0].name}`);
    expect(cot).toMatch(first.gold.length === 1 && first.gold[0] === 'A' ? /✓ correct/ : /✗ wrong/);
    const reasoner = (await row.getByTestId('compare-cell-1').textContent())!.replace(/\s+/g, ' ');
    expect(reasoner).toMatch(/✓ correct/);
    for (const g of first.gold) expect(reasoner).toContain(`${g} — ${first.options.find((o) => o.key === g)!.name}`);
    expect(await row.getByTestId('compare-cell-1').getByTestId('grounding-badge').first().textContent()).toMatch(
      /entailed/i,
    );
    // Only the items the runs score differently.
    const differing = (await table.locator('tbody tr.differs').count()) as number;
    await page.getByTestId('compare-differing').check();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(differing);
    await page.getByTestId('compare-differing').uncheck();
    await page.getByTestId('run-compare').scrollIntoViewIfNeeded();
    await shot(page, 'evaluation-compare', { docs: true });
    expect(s.problems).toEqual([]);
  });

  it('draws a seeded random sample over the API, the same items for the same seed', async () => {
    const run = async () => {
      const t = await callApi(s.server, 'evaluation.run', {
        ontologyId,
        datasetPath: dataset.path,
        method: 'reasoner-only',
        sample: 3,
        seed: 4,
      });
      return (await taskResult(s.server, t.taskId)).result as EvaluationSummary;
    };
    const a = await run();
    expect(a.selection).toEqual({ mode: 'sample', n: 3, of: dataset.items.length, seed: 4 });
    expect(a.n).toBe(3);
    expect((await run()).run).toMatchObject({ answered: 0, reused: 3 });
    await expect(
      callApi(s.server, 'evaluation.run', {
        ontologyId,
        datasetPath: dataset.path,
        method: 'cot',
        first: 2,
        sample: 2,
      }),
    ).rejects.toMatchObject({ code: 'bad-params' });
  });
});
