import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserSkipReason,
  firstOf,
  openApp,
  openOntology,
  SHARED_ONTOLOGIES,
  shot,
  warnSkip,
  type Session,
} from './support/harness';

const PO = join(SHARED_ONTOLOGIES, 'po.obo');
const reason = browserSkipReason() ?? (existsSync(PO) ? null : `${PO} is absent (set OARAG_ONTOLOGIES)`);
if (reason) warnSkip('e2e evaluation review', reason);

/**
 * The reported po → revised-po sequence in the UI, then per-question review: the revised run is fresh
 * (nothing reused) and scores 0 % reasoner-only; a reviewer's mark survives a server restart and is
 * in the exported report.
 */
describe.skipIf(reason)('e2e: evaluation keyed by ontology content, per-question review and marks', () => {
  let s: Session | undefined;
  let dir: string;
  let env: Record<string, string>;
  let dataset = '';
  /** Items in the generated dataset. */
  let n = 0;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'oarag-e2e-review-'));
    // One data folder for both server runs, so the restart sees the same result store.
    env = { OARAG_DATA_DIR: join(dir, 'data'), OARAG_CACHE_DIR: join(dir, 'cache') };
    mkdirSync(env.OARAG_DATA_DIR, { recursive: true });
    s = await openApp({ env });
    await openOntology(s.page, PO);
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function evaluate(path: string, ontologyId?: string) {
    const page = s!.page;
    await page.getByTestId('nav-evaluation').click();
    await page.getByTestId('eval-dataset').fill(path);
    // The form runs against the dataset's own ontology unless another one is chosen.
    if (ontologyId) await page.getByTestId('eval-ontology').selectOption(ontologyId);
    await page.getByTestId('method-reasoner-only').check();
    await page.getByTestId('eval-run').click();
    const which = await firstOf(
      page,
      ['[data-testid="eval-results"]', '[data-testid="view-evaluation"] [data-testid="error"]'],
      300_000,
    );
    if (which === 1)
      throw new Error(
        `evaluation failed: ${await page.locator('[data-testid="view-evaluation"] [data-testid="error"]').first().textContent()}`,
      );
    return {
      accuracy: (await page.getByTestId('eval-accuracy').textContent())?.trim(),
      reused: (await page.getByTestId('eval-reused').textContent())?.replace(/\s+/g, ' ').trim(),
    };
  }

  it('po then the revised po: the second run is fresh and scores 0 %, with the dataset warning shown', async () => {
    const page = s!.page;
    await page.getByTestId('nav-dataset').click();
    await page.getByTestId('gen-mcq').fill('20');
    await page.getByTestId('gen-oq').fill('10');
    await page.getByTestId('gen-run').click();
    await page.getByTestId('dataset-preview').waitFor({ timeout: 300_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('gen-export').click()]);
    dataset = join(dir, 'test1.jsonl');
    await download.saveAs(dataset);
    // An MCQ none of whose wrong options a reasoner proves wrong is not generated (po's imports are not
    // here), so the run is as long as the dataset.
    n = readFileSync(dataset, 'utf8').split('\n').filter(Boolean).length;
    expect(n).toBeGreaterThan(0);

    const first = await evaluate(dataset);
    expect(first).toEqual({ accuracy: '100.0%', reused: `${n} / 0` });
    // The same run again reuses every answer, and says so.
    await page.getByTestId('eval-run').click();
    await page.waitForFunction(
      (want) =>
        document.querySelector('[data-testid="eval-reused"]')?.textContent?.replace(/\s+/g, ' ').trim() === want,
      `0 / ${n}`,
      { timeout: 120_000 },
    );

    await page.getByTestId('nav-revision').click();
    await page.getByTestId('revise-dataset').fill(dataset);
    await page.getByTestId('revise-run').click();
    await page.getByTestId('revision-summary').waitFor({ timeout: 300_000 });
    expect(await page.getByTestId('revision-wording').textContent()).toMatch(
      /Every existential restriction on a named class was moved into definition text: \d+ restrictions on \d+ classes/,
    );
    const revised = (await page.getByTestId('revised-path').textContent())!.trim();

    await openOntology(page, revised);
    const second = await evaluate(dataset, revised);
    expect(second).toEqual({ accuracy: '0.0%', reused: `${n} / 0` });
    expect(await page.getByTestId('eval-warnings').textContent()).toMatch(/built from po\.obo/);
    expect(await page.getByTestId('table-checked').textContent()).toContain('not-entailed');
    const [report] = await Promise.all([page.waitForEvent('download'), page.getByTestId('eval-export').click()]);
    const exported = join(dir, 'revised-report.md');
    await report.saveAs(exported);
    const md = readFileSync(exported, 'utf8');
    expect(md).toContain(`**${n} answered, 0 reused**`);
    expect(md).toMatch(/\*\*warning:\*\* The dataset was built from po\.obo/);
    // Every table of the Markdown export is on screen too.
    const screen = await page.getByTestId('view-evaluation').textContent();
    for (const t of [...md.matchAll(/^### (.+)$/gm)].map((m) => m[1])) expect(screen).toContain(t);
  }, 600_000);

  it('opens an item with its question, gold, prediction and gold evidence, and keeps a mark across a restart and in the export', async () => {
    let page = s!.page;
    const table = page.getByTestId('review-table');
    await table.locator('tbody tr').first().waitFor();
    expect(await table.locator('tbody tr').count()).toBe(n);
    await page.getByTestId('review-filter-kind').selectOption('oq');
    expect(await table.locator('tbody tr').count()).toBe(10);
    await page.getByTestId('review-filter-kind').selectOption('all');
    const row = table.locator('tbody tr').nth(Math.min(16, n - 1));
    const id = (await row.getAttribute('data-item'))!;
    await row.click();
    await page.waitForFunction((x) => document.querySelector('[data-testid="review-item-id"]')?.textContent === x, id);
    const detail = page.getByTestId('review-detail');
    expect((await page.getByTestId('review-question').textContent())!.length).toBeGreaterThan(10);
    expect(await detail.textContent()).toMatch(/Prediction:/);
    expect(await page.getByTestId('review-gold-evidence').textContent()).toMatch(/retrieved/);
    console.log(`[review] item ${id} opened in ${await page.getByTestId('review-open-ms').textContent()}`);
    await page.getByTestId('mark-disagree').check();
    await page.getByTestId('mark-note').fill('gold looks right; the revision removed the fact');
    await page.getByTestId('mark-save').click();
    await page.waitForFunction(
      (x) =>
        document.querySelector(`[data-testid="review-table"] tr[data-item="${x}"]`)?.textContent?.includes('disagree'),
      id,
    );
    await shot(page, 'evaluation-review', { docs: true });

    await s!.close();
    s = await openApp({ env });
    page = s.page;
    await page.getByTestId('nav-evaluation').click();
    const runs = page.getByTestId('review-run');
    await runs.locator('option').nth(1).waitFor({ state: 'attached' });
    // The newest run is the revised one.
    await runs.selectOption({ index: 1 });
    const marked = page.locator(`[data-testid="review-table"] tr[data-item="${id}"]`);
    await marked.waitFor();
    expect(await marked.textContent()).toContain('disagree');
    await marked.click();
    await page.waitForFunction(() =>
      (document.querySelector('[data-testid="mark-note"]') as HTMLTextAreaElement | null)?.value.includes(
        'revision removed',
      ),
    );
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('review-export').click()]);
    const file = join(dir, 'report.md');
    await download.saveAs(file);
    const md = readFileSync(file, 'utf8');
    expect(md).toContain('### Reviewer marks');
    expect(md).toContain(`| ${id} | wrong | disagree | gold looks right; the revision removed the fact |`);
    expect(md).toContain(`**${n} answered, 0 reused**`);
    expect(s.problems).toEqual([]);
  }, 300_000);
});
