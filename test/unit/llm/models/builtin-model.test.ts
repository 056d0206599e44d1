import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { availableBuiltinModel, BUILTIN_MODEL } from '../../../../src-main/llm/models/builtin-model';
import { tempDir } from '../../../support/temp-dir';

describe('the built-in model is found wherever the cache is', () => {
  const dir = tempDir('oarag-builtin-');
  afterAll(() => dir.cleanup());
  const xdg = join(dir.path, 'xdg');
  const installed = join(xdg, 'oa-rag-workbench', 'models', BUILTIN_MODEL.file);
  mkdirSync(join(xdg, 'oa-rag-workbench', 'models'), { recursive: true });
  writeFileSync(installed, 'gguf');

  it('a moved cache (OARAG_CACHE_DIR) still finds the model npm install put in the default cache', () => {
    const env = { XDG_CACHE_HOME: xdg, OARAG_CACHE_DIR: join(dir.path, 'elsewhere') };
    expect(availableBuiltinModel(env)).toBe(installed);
  });

  it("prefers a copy in the moved cache's own models folder", () => {
    const own = join(dir.path, 'moved', 'models', BUILTIN_MODEL.file);
    mkdirSync(join(dir.path, 'moved', 'models'), { recursive: true });
    writeFileSync(own, 'gguf');
    expect(availableBuiltinModel({ XDG_CACHE_HOME: xdg, OARAG_CACHE_DIR: join(dir.path, 'moved') })).toBe(own);
  });

  it('a folder named for the model is the only place looked at; nothing there is null', () => {
    expect(availableBuiltinModel({ XDG_CACHE_HOME: xdg, OARAG_BUILTIN_MODELS_DIR: join(dir.path, 'none') })).toBeNull();
  });
});

describe("the container's default model with a moved cache", () => {
  const dir = tempDir('oarag-builtin-container-');
  afterAll(() => dir.cleanup());

  it('is the built-in model from the default cache, not "no model"', async () => {
    const { Container } = await import('../../../../src-main/container');
    const xdg = join(dir.path, 'xdg');
    mkdirSync(join(xdg, 'oa-rag-workbench', 'models'), { recursive: true });
    const installed = join(xdg, 'oa-rag-workbench', 'models', BUILTIN_MODEL.file);
    writeFileSync(installed, 'gguf');
    const c = new Container({
      env: { XDG_CACHE_HOME: xdg, OARAG_CACHE_DIR: join(dir.path, 'moved') },
      cacheDir: join(dir.path, 'moved'),
      dataDir: join(dir.path, 'data'),
    });
    try {
      expect(c.builtinModel()).toBe(installed);
    } finally {
      await c.stop();
    }
  });
});
