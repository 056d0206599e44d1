import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server';
import { browserSkipReason, openApp, openOntology, SAMPLE, shot, type Session, warnSkip } from './support/harness';

const reason = browserSkipReason();
if (reason) warnSkip('e2e cancelled evaluation', reason);

const REPO = join(__dirname, '..', '..');

function dataset(dir: string): string {
  const out = join(dir, 'cancel.jsonl');
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src-main/cli/bin.ts',
      'generate',
      '--ontology',
      SAMPLE,
      '--mcq',
      '12',
      '--oq',
      '0',
      '--seed',
      '5',
      '--out',
      out,
    ],
    {
      cwd: REPO,
      env: { ...process.env, OARAG_CACHE_DIR: join(dir, 'cache'), OARAG_DATA_DIR: join(dir, 'data') },
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`generate failed: ${r.stderr}`);
  return out;
}

describe.skipIf(reason)('e2e: a cancelled evaluation', () => {
  let s: Session;
  let dir: string;
  let server: FakeOpenAi;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'oarag-e2e-cancel-'));
    server = await startFakeOpenAi({ latencyMs: 700 });
    s = await openApp();
    await openOntology(s.page, SAMPLE);
  });
  afterAll(async () => {
    await s?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows one time-left figure and one Cancel; cancelled is not a failure; the finished answers are offered and the run resumes', async () => {
    const { page } = s;
    const path = dataset(dir);
    await page.getByTestId('nav-evaluation').click();
    await page.getByTestId('eval-dataset').fill(path);
    await page.getByTestId('method-cot').check();
    await page.locator('#ev-model').fill(`openai:${server.url}#fake`);
    await page.getByTestId('eval-run').click();
    const view = page.getByTestId('view-evaluation');
    // Wait until the run has a rate, so that its own estimate is on the stage line.
    await view.getByText(/ETA \d/).waitFor({ timeout: 100_000 });
    expect(await view.getByText(/left/).count()).toBe(0);
    expect(await view.getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(1);
    await page.waitForFunction(
      () =>
        /^[3-9]\/12 items/.test(
          document.querySelector('[data-testid="view-evaluation"] .tag')?.textContent?.trim() ?? '',
        ),
      null,
      { timeout: 60_000 },
    );
    await view.getByTestId('task-cancel').click();
    const note = page.getByTestId('eval-cancelled');
    await note.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('error').count()).toBe(0);
    const text = (await note.textContent()) ?? '';
    expect(text).toMatch(/cancelled/);
    const stored = Number(/(\d+) answers? (?:was|were) finished and stored/.exec(text)?.[1]);
    expect(stored).toBeGreaterThanOrEqual(3);
    expect(stored).toBeLessThan(12);
    await shot(page, 'evaluation-cancelled', { docs: true });

    await page.getByTestId('eval-cancelled-review').click();
    await page.getByTestId('review-table').waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-testid="review-table"] tbody tr').count()).toBe(stored);

    const asked = server.stats.answered;
    await page.getByTestId('eval-resume').click();
    await page.getByTestId('eval-results').waitFor({ timeout: 100_000 });
    expect(await page.getByTestId('eval-reused').textContent()).toMatch(new RegExp(`/ ${stored}$`));
    // Only the items not stored were asked again (one question may have been in flight at the cancel).
    expect(server.stats.answered - asked).toBeLessThanOrEqual(12 - stored + 1);
    expect(s.problems).toEqual([]);
  });
});
