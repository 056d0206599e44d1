import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_MODEL } from '../../src-main/llm/models/builtin-model';
import { encodeGguf } from '../support/gguf/gguf-writer';
import { tinyModelParts, writeTinyGguf } from '../support/gguf/write-tiny-gguf';
import { browserSkipReason, openApp, shot, warnSkip, type Session } from './support/harness';

const reason = browserSkipReason();
if (reason) warnSkip('e2e model management', reason);

/** A header that claims 100,000 layers: its KV cache alone is far beyond any machine's free memory. */
function writeHugeHeader(path: string) {
  const { metadata, tensors } = tinyModelParts({ name: 'huge claims' });
  const meta = metadata.map(([k, v]): (typeof metadata)[number] =>
    k === 'llama.block_count' ? [k, { kind: 'u32', value: 100_000 }] : [k, v],
  );
  writeFileSync(path, encodeGguf(meta, tensors));
}

describe.skipIf(reason)('e2e: Models view — run settings, memory estimate, remove', () => {
  let s: Session;
  let dir: string;
  let builtinDir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'oarag-e2e-models-manage-'));
    builtinDir = join(dir, 'builtin');
    writeTinyGguf(join(dir, 'tiny-llama.gguf'), { name: 'tiny test model' });
    writeHugeHeader(join(dir, 'huge-claims.gguf'));
    mkdirSync(builtinDir);
    writeTinyGguf(join(builtinDir, BUILTIN_MODEL.file), { name: 'stand-in' });
    s = await openApp({ env: { OARAG_BUILTIN_MODELS_DIR: builtinDir } });
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const modelsDir = () => join(dirname(s.server.dataDir), 'models');
  const row = (file: string) => s.page.getByTestId('models-table').locator('tbody tr', { hasText: file });

  async function addModel(file: string) {
    const { page } = s;
    await page.getByTestId('model-path').fill(join(dir, file));
    await page.getByTestId('model-import').click();
    await page.waitForFunction(
      (f) =>
        [...document.querySelectorAll('[data-testid="models-table"] tbody tr')].some((r) =>
          r.textContent?.includes(f),
        ) || document.querySelector('[data-testid="view-models"] [data-testid="error"]'),
      file,
    );
    const err = page.locator('[data-testid="view-models"] [data-testid="error"]');
    if (await err.count()) throw new Error(`Import failed: ${await err.first().textContent()}`);
  }

  it('saves run settings for one model and estimates its memory for the chosen context before loading', async () => {
    const { page } = s;
    await page.getByTestId('nav-models').click();
    await addModel('tiny-llama.gguf');
    await row('tiny-llama.gguf').getByTestId('model-settings').click();
    const est = page.getByTestId('memory-estimate');
    await est.getByTestId('estimate-total').waitFor();
    expect(await est.textContent()).toMatch(/context of 8,192 tokens \(the local backend setting\)/);
    // 2 layers × 1,024 tokens × 4 KV heads × (16 + 16) × 2 bytes = 512 KB.
    await page.getByTestId('run-context').fill('1024');
    await page.waitForFunction(() =>
      /1,024 tokens/.test(document.querySelector('[data-testid="memory-estimate"]')?.textContent ?? ''),
    );
    expect(await est.textContent()).toMatch(/KV cache 512(\.0)? KB/);
    expect(await est.getByTestId('estimate-warning').count()).toBe(0);
    await page.getByTestId('run-threads').fill('1');
    await page.getByTestId('run-temperature').fill('0.4');
    await page.getByTestId('run-save').click();
    await page.getByTestId('run-saved').waitFor();
    const saved = JSON.parse(readFileSync(join(s.server.dataDir, 'settings.json'), 'utf8'));
    expect(saved.models[join(modelsDir(), 'tiny-llama.gguf')]).toEqual({
      contextSize: 1024,
      threads: 1,
      gpuLayers: null,
      temperature: 0.4,
    });
    await shot(page, 'models-run-settings', { docs: true });

    // A value out of range is refused with the setting's name, and nothing is saved.
    await page.getByTestId('run-temperature').fill('7');
    await page.getByTestId('run-save').click();
    expect(await page.getByTestId('model-run').getByTestId('error').textContent()).toMatch(/temperature/);

    // After a reload the model's settings are still there, and the estimate says where its context comes from.
    await page.reload();
    await page.locator('.shell[data-ready="yes"]').waitFor();
    await page.getByTestId('nav-models').click();
    await row('tiny-llama.gguf').getByTestId('model-settings').click();
    expect(await page.getByTestId('run-context').inputValue()).toBe('1024');
    await page.waitForFunction(() =>
      /this model's saved context size/.test(
        document.querySelector('[data-testid="memory-estimate"]')?.textContent ?? '',
      ),
    );
  });

  it('warns when the estimate is beyond the free memory', async () => {
    const { page } = s;
    await addModel('huge-claims.gguf');
    await row('huge-claims.gguf').getByTestId('model-settings').click();
    await page.getByTestId('estimate-warning').waitFor();
    expect(await page.getByTestId('estimate-warning').textContent()).toMatch(/more than the .* free now/);
    await page.getByTestId('estimate-warning').scrollIntoViewIfNeeded();
    await shot(page, 'models-memory-warning');
  });

  it('removes a model from the models folder, and the built-in one only after saying what it is', async () => {
    await row('huge-claims.gguf').getByTestId('model-remove').click();
    await row('huge-claims.gguf').getByTestId('model-remove-confirm').click();
    await row('huge-claims.gguf').waitFor({ state: 'detached' });
    expect(existsSync(join(modelsDir(), 'huge-claims.gguf'))).toBe(false);
    expect(existsSync(join(dir, 'huge-claims.gguf'))).toBe(true);

    const builtin = row(BUILTIN_MODEL.file);
    await builtin.getByTestId('model-remove').click();
    expect(await builtin.textContent()).toMatch(/Delete the built-in model from the cache\?/);
    await builtin.getByTestId('model-remove-confirm').click();
    await builtin.waitFor({ state: 'detached' });
    expect(existsSync(join(builtinDir, BUILTIN_MODEL.file))).toBe(false);
    expect(await row('tiny-llama.gguf').count()).toBe(1);
    expect(s.problems).toEqual([]);
  });
});
