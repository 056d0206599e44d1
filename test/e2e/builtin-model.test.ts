import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_MODEL } from '../../src-main/llm/models/builtin-model';
import { writeTinyGguf } from '../support/gguf/write-tiny-gguf';
import { browserSkipReason, openApp, openOntology, SAMPLE, shot, warnSkip, type Session } from './support/harness';

const reason = browserSkipReason();
if (reason) warnSkip('e2e built-in model', reason);

/** A tiny GGUF stands in for the built-in model's file: the views read its header only. */
describe.skipIf(reason)('e2e: the built-in model', () => {
  let s: Session;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'oarag-e2e-builtin-'));
    writeTinyGguf(join(dir, BUILTIN_MODEL.file), { name: 'stand-in' });
    s = await openApp({ env: { OARAG_BUILTIN_MODELS_DIR: dir } });
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is listed as built in, and the Ask view offers it as the default with a choice of step protocol', async () => {
    const { page } = s;
    await page.getByTestId('nav-models').click();
    const chip = page.getByTestId('model-builtin');
    await chip.waitFor();
    const row = (await page.getByTestId('models-table').locator('tbody tr').first().textContent()) ?? '';
    expect(row).toContain(BUILTIN_MODEL.file);
    await shot(page, 'models-builtin');
    await openOntology(page, SAMPLE);
    await page.getByTestId('nav-ask').click();
    const placeholder = await page.getByTestId('ask-model').getAttribute('placeholder');
    expect(placeholder).toContain('built-in SmolLM2-135M (default)');
    expect(await page.getByTestId('status-bar').textContent()).toContain(BUILTIN_MODEL.file);
    const protocol = page.getByTestId('ask-protocol');
    expect(await protocol.inputValue()).toBe('auto');
    await protocol.selectOption('text');
    expect(await protocol.inputValue()).toBe('text');
    await shot(page, 'ask-builtin');
    expect(s.problems).toEqual([]);
  });
});
