import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTinyGguf } from '../support/gguf/write-tiny-gguf';
import { browserSkipReason, firstOf, openApp, shot, warnSkip, type Session } from './support/harness';

const reason = browserSkipReason();
if (reason) warnSkip('e2e Models view', reason);

describe.skipIf(reason)('e2e: Models view', () => {
  let s: Session;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'oarag-e2e-models-'));
    s = await openApp();
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds a GGUF file by path and shows its header facts', async () => {
    const { page } = s;
    const file = join(dir, 'tiny-llama.gguf');
    writeTinyGguf(file, { name: 'tiny test model' });
    await page.getByTestId('nav-models').click();
    await page.getByText('No local models yet').waitFor();
    await page.getByTestId('model-path').fill(file);
    await page.getByTestId('model-import').click();
    const which = await firstOf(page, [
      '[data-testid="models-table"] tbody tr',
      '[data-testid="view-models"] [data-testid="error"]',
    ]);
    if (which === 1)
      throw new Error(`Import failed: ${await page.locator('[data-testid="error"]').first().textContent()}`);
    const row = (await page.getByTestId('models-table').locator('tbody tr').first().textContent()) ?? '';
    expect(row).toContain('llama');
    expect(row).toContain('2,048');
    await shot(page, 'models', { docs: true });
  });

  it('tests a scripted model spec', async () => {
    const { page } = s;
    const script = join(dir, 'hello.json');
    writeFileSync(script, JSON.stringify(['Hello from the scripted model.']));
    await page.getByLabel('Model spec').fill(`scripted:${script}`);
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    const which = await firstOf(page, [
      '[data-testid="view-models"] .callout.info',
      '[data-testid="view-models"] [data-testid="error"]',
    ]);
    if (which === 1)
      throw new Error(`Test failed: ${await page.locator('[data-testid="error"]').first().textContent()}`);
    expect(await page.locator('[data-testid="view-models"] .callout.info').textContent()).toContain(
      'Hello from the scripted model.',
    );
    expect(s.problems).toEqual([]);
  });
});
