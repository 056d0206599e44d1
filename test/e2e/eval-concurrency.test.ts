import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai-server';
import { browserSkipReason, firstOf, openApp, openOntology, SAMPLE, type Session, warnSkip } from './support/harness';

const reason = browserSkipReason();
if (reason) warnSkip('e2e concurrent evaluation', reason);

const REPO = join(__dirname, '..', '..');

/** Twelve reasoner-checked MCQs from the sample, written by the CLI, so that four can be in flight at once. */
function dataset(dir: string): string {
  const out = join(dir, 'conc.jsonl');
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
      '3',
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

describe.skipIf(reason)('e2e: evaluation with questions in flight', () => {
  let s: Session;
  let dir: string;
  let server: FakeOpenAi;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'oarag-e2e-conc-'));
    server = await startFakeOpenAi({ latencyMs: 150 });
    s = await openApp();
    await openOntology(s.page, SAMPLE);
  });
  afterAll(async () => {
    await s?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends four questions at once to an OpenAI-compatible server when asked to, and only to such a server', async () => {
    const { page } = s;
    const path = dataset(dir);
    await page.getByTestId('nav-evaluation').click();
    await page.getByTestId('eval-dataset').fill(path);
    await page.getByTestId('method-cot').check();
    const field = page.getByTestId('eval-concurrency');
    await page.locator('#ev-model').fill('/models/some.gguf');
    expect(await field.isDisabled()).toBe(true);
    await page.locator('#ev-model').fill(`openai:${server.url}#fake`);
    expect(await field.isDisabled()).toBe(false);
    await field.fill('4');
    await page.getByTestId('eval-run').click();
    const which = await firstOf(page, ['[data-testid="eval-results"]', '[data-testid="error"]'], 100_000);
    if (which !== 0)
      throw new Error(
        `the evaluation did not finish: ${await page.locator('[data-testid="error"]').first().textContent()}`,
      );
    expect(server.stats.peakInFlight).toBe(4);
    expect(server.stats.answered).toBe(12);
    expect(s.problems).toEqual([]);
  });
});
