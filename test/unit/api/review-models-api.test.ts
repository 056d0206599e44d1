import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiService } from '../../../src-main/api/api-service';
import type { ApiResults, McqItem } from '../../../src-main/api/contract';
import { Container } from '../../../src-main/container';
import { BUILTIN_MODEL } from '../../../src-main/llm/models/builtin-model';
import { writeTinyGguf } from '../../support/gguf/write-tiny-gguf';
import { tempDir } from '../../support/temp-dir';

// The dataset review and model management methods through the API's validation, over real files.
const dir = tempDir('oarag-api-review-');
const models = join(dir.path, 'models');
const builtinDir = join(dir.path, 'builtin');
let c: Container;
let api: ApiService;

beforeAll(async () => {
  mkdirSync(models);
  mkdirSync(builtinDir);
  c = new Container({
    cacheDir: join(dir.path, 'cache'),
    dataDir: join(dir.path, 'data'),
    env: { OARAG_MODELS_DIR: models, OARAG_BUILTIN_MODELS_DIR: builtinDir },
  });
  await c.start();
  api = new ApiService(c, 'web');
});
afterAll(async () => {
  await c.stop();
  dir.cleanup();
});

const call = <M extends keyof ApiResults>(method: M, params: unknown) =>
  api.handle(method, params) as Promise<ApiResults[M]>;

function item(id: string): McqItem {
  const C = 'http://example.org/cardio#';
  return {
    id,
    ontology: 'cardio.ofn',
    kind: 'mcq',
    question: `Which is a location of viral myocarditis (${id})?`,
    options: [
      { key: 'A', iri: `${C}Heart`, name: 'heart' },
      { key: 'B', iri: `${C}Lung`, name: 'lung' },
    ],
    gold: ['A'],
    slot: 'filler',
    axiom: { subject: `${C}ViralMyocarditis`, relation: `${C}hasLocation`, filler: `${C}Heart` },
    evidence: [],
  };
}

describe('API: dataset review', () => {
  it('rejects and edits items, exports only accepted ones, and never takes a gold change', async () => {
    const path = join(dir.path, 'd.jsonl');
    writeFileSync(path, ['q1', 'q2', 'q3'].map((id) => JSON.stringify(item(id))).join('\n') + '\n');
    const opened = await call('datasets.open', { path });
    expect(opened.counts).toEqual({ total: 3, accepted: 3, rejected: 0, edited: 0 });
    await call('datasets.review.set', { datasetPath: path, item: 'q2', decision: 'rejected' });
    await expect(
      call('datasets.review.set', { datasetPath: path, item: 'q1', decision: 'accepted', edit: { gold: ['B'] } }),
    ).rejects.toMatchObject({ code: 'bad-params' });
    await expect(
      call('datasets.review.set', {
        datasetPath: path,
        item: 'q1',
        decision: 'accepted',
        edit: { options: { B: 'Heart' } },
      }),
    ).rejects.toMatchObject({ code: 'bad-edit' });
    await call('datasets.review.set', {
      datasetPath: path,
      item: 'q3',
      decision: 'accepted',
      edit: { options: { B: 'lungs' } },
    });
    expect((await call('datasets.review.get', { datasetPath: path })).counts).toEqual({
      total: 3,
      accepted: 2,
      rejected: 1,
      edited: 1,
    });
    const ex = await call('datasets.export', { datasetPath: path });
    const lines = ex.content
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as McqItem);
    expect(lines.map((l) => l.id)).toEqual(['q1', 'q3']);
    expect(lines[1].options[1].name).toBe('lungs');
    expect(lines.every((l) => l.gold.join() === 'A')).toBe(true);
    expect(ex.path).toBe(join(dir.path, 'd.accepted.jsonl'));
    expect((await call('datasets.open', { path })).review.items.q2.decision).toBe('rejected');
  });
});

describe('API: models remove, run settings, memory estimate', () => {
  it('saves run settings per model and estimates memory with its context', async () => {
    const file = join(models, 'tiny.gguf');
    writeTinyGguf(file);
    const s = await call('models.run.set', {
      path: file,
      run: { contextSize: 1024, threads: 1, gpuLayers: 0, temperature: 0.3 },
    });
    expect(s.models[file]).toEqual({ contextSize: 1024, threads: 1, gpuLayers: 0, temperature: 0.3 });
    await expect(
      call('models.run.set', { path: file, run: { contextSize: 1024, threads: 1, gpuLayers: 0, temperature: 5 } }),
    ).rejects.toMatchObject({ code: 'bad-settings' });
    const e = await call('models.estimate', { path: file });
    expect(e).toMatchObject({ contextSize: 1024, contextFrom: 'model', kvCacheBytes: 2 * 1024 * 4 * 16 * 2 * 2 });
    expect(e.totalBytes).toBeGreaterThan(e.weightsBytes);
    expect(typeof e.exceedsFree).toBe('boolean');
    expect((await call('models.estimate', { path: file, contextSize: 2048 })).contextSize).toBe(2048);
    const notModel = join(dir.path, 'notes.gguf');
    writeFileSync(notModel, 'not a model');
    await expect(call('models.estimate', { path: notModel })).rejects.toMatchObject({ code: 'model-invalid' });
    await expect(call('models.estimate', { path: join(dir.path, 'absent.gguf') })).rejects.toMatchObject({
      code: 'model-invalid',
      message: expect.stringMatching(/does not exist/),
    });
  });

  it('removes a model of the folder with its settings, but not the built-in one or anything outside', async () => {
    const file = join(models, 'gone.gguf');
    writeTinyGguf(file);
    c.settings.set({ defaultModel: file });
    await call('models.run.set', {
      path: file,
      run: { contextSize: 2048, threads: null, gpuLayers: null, temperature: null },
    });
    const r = await call('models.remove', { path: file });
    expect(r.removed).toBe(file);
    expect(existsSync(file)).toBe(false);
    expect(r.settings.defaultModel).toBeNull();
    expect(r.settings.models[file]).toBeUndefined();

    const builtin = join(builtinDir, BUILTIN_MODEL.file);
    writeTinyGguf(builtin);
    await expect(call('models.remove', { path: builtin })).rejects.toMatchObject({ code: 'model-builtin' });
    const outside = join(dir.path, 'outside.gguf');
    writeTinyGguf(outside);
    await expect(call('models.remove', { path: outside })).rejects.toMatchObject({ code: 'model-outside-folder' });
    await expect(call('models.remove', { path: join(models, '..', 'outside.gguf') })).rejects.toMatchObject({
      code: 'model-outside-folder',
    });
    expect(existsSync(builtin) && existsSync(outside)).toBe(true);
    await call('models.remove', { path: builtin, allowBuiltin: true });
    expect(existsSync(builtin)).toBe(false);
  });
});
