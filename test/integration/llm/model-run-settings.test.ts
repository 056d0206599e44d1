import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalLlamaBackend } from '../../../src-main/llm/local/local-llama-backend';
import { ModelsService } from '../../../src-main/llm/service/models-service';
import { DEFAULT_SETTINGS } from '../../../src-main/settings/settings-store';
import type { ModelRunSettings, Settings } from '../../../src-main/settings/settings-types';
import { writeTinyGguf } from '../../support/gguf/write-tiny-gguf';
import { tempDir } from '../../support/temp-dir';

/** A model's own run settings reach the llama.cpp process the service starts for it. */
describe('per-model run settings', () => {
  const d = tempDir('oarag-run-settings-');
  let file: string;
  let settings: Settings;
  let svc: ModelsService;
  beforeAll(() => {
    file = join(d.path, 'tiny.gguf');
    writeTinyGguf(file, { seed: 7 });
    settings = { ...DEFAULT_SETTINGS, local: { threads: 1, gpuLayers: 0, contextSize: 2048 } };
    svc = new ModelsService(join(d.path, 'models'), () => settings, d.path);
  });
  afterAll(() => d.cleanup());

  const withRun = (run: ModelRunSettings | null) => {
    settings = { ...settings, models: run ? { [file]: run } : {} };
  };

  /** Two sampled replies to the same prompt with different seeds. */
  async function twoReplies(): Promise<{ ctx: number; threads: number; texts: string[] }> {
    const b = (await svc.create(file)) as LocalLlamaBackend;
    try {
      const texts: string[] = [];
      for (const seed of [1, 2]) {
        await b.resetConversation();
        texts.push((await b.chat([{ role: 'user', content: 'Name one class.' }], { maxTokens: 12, seed })).text);
      }
      return { ctx: b.info!.contextSize, threads: b.info!.threads, texts };
    } finally {
      await b.close();
    }
  }

  it('uses the local settings when the model has none: greedy, so the seed changes nothing', async () => {
    withRun(null);
    const r = await twoReplies();
    expect(r.ctx).toBe(2048);
    expect(r.texts[0]).toBe(r.texts[1]);
  });

  it("uses the model's context size and temperature over the local ones", async () => {
    withRun({ contextSize: 1024, threads: 1, gpuLayers: 0, temperature: 2 });
    const r = await twoReplies();
    expect(r.ctx).toBe(1024);
    expect(r.threads).toBe(1);
    expect(r.texts[0]).not.toBe(r.texts[1]);
  });
});
