import { describe, expect, it } from 'vitest';
import type { MemoryEstimate, ModelInfo } from '../../../../src-main/api/contract';
import { useAppStore } from '../../../../src-renderer/stores/app';
import { useModelsStore } from '../../../../src-renderer/stores/models';
import { useTasksStore } from '../../../../src-renderer/stores/tasks';
import { settings, storeHarness } from './harness';

const model = (path: string): ModelInfo => ({
  path,
  fileName: path.replace(/.*\//, ''),
  sizeBytes: 1,
  architecture: 'llama',
  quantisation: 'Q4_K_M',
  contextLength: 2048,
});
const estimate = (contextSize: number) => ({ path: '/m/a.gguf', contextSize }) as MemoryEstimate;

describe('models store: the model list, import, download task, test, removal and estimates', () => {
  const h = storeHarness();

  it('lists models and says why a listing failed', async () => {
    const s = useModelsStore();
    h.api.fail('models.list', 'bad-store', 'The models folder is a file.');
    await s.refresh();
    expect([s.listError, s.loading]).toEqual(['The models folder is a file.', false]);
    h.api.reply('models.list', [model('/m/a.gguf')]);
    await s.refresh();
    expect([s.listError, s.list.length]).toEqual([null, 1]);
  });

  it('an import adds the model once; a refused import keeps its code', async () => {
    const s = useModelsStore();
    h.api.reply('models.list', [model('/m/a.gguf')]);
    await s.refresh();
    h.api.reply('models.import', (p) => model(p.path));
    await s.importModel(' /m/a.gguf ');
    expect(s.list).toHaveLength(1);
    await s.importModel('/m/b.gguf');
    expect(s.list.map((m) => m.fileName)).toEqual(['a.gguf', 'b.gguf']);
    h.api.fail('models.import', 'model-invalid', 'Not a GGUF file.');
    s.importPath = '/m/c.bin';
    await s.importModel();
    expect(s.importError).toEqual({ message: 'Not a GGUF file.', code: 'model-invalid' });
    expect(s.importPath).toBe('/m/c.bin');
  });

  it('a download is a download task; the list is fetched again only when it succeeded', async () => {
    h.api.reply('tasks.list', []).reply('models.list', []);
    useTasksStore().init();
    const s = useModelsStore();
    s.downloadUrl = 'https://x/a.gguf';
    h.api.launches('models.download', 'download', { state: 'error', error: 'HTTP 404', errorCode: 'download' });
    await s.startDownload();
    expect(s.download.error?.code).toBe('download');
    expect(h.api.callsOf('models.list')).toEqual([]);
    h.api.launches('models.download', 'download', { state: 'ok', result: model('/m/a.gguf') });
    await s.startDownload();
    expect(s.download.result?.path).toBe('/m/a.gguf');
    await Promise.resolve();
    expect(h.api.callsOf('models.list')).toHaveLength(1);
  });

  it("a backend test keeps the reply, or the error's code", async () => {
    const s = useModelsStore();
    h.api.reply('models.test', { text: 'ok', ms: 12, outputTokens: 1 });
    await s.test(' /m/a.gguf ');
    expect(s.testResult).toEqual({ text: 'ok', ms: 12, outputTokens: 1 });
    h.api.fail('models.test', 'context-overflow', 'The prompt does not fit.');
    await s.test('/m/a.gguf');
    expect([s.testResult, s.testError]).toEqual([
      null,
      { message: 'The prompt does not fit.', code: 'context-overflow' },
    ]);
  });

  it('removing takes the settings the server returns; the built-in model is refused with its message', async () => {
    const s = useModelsStore();
    h.api.reply('models.list', [model('/m/a.gguf'), model('/m/b.gguf')]);
    await s.refresh();
    s.selected = '/m/a.gguf';
    h.api.reply('models.remove', { removed: '/m/a.gguf', settings: settings({ defaultModel: null }) });
    await expect(s.remove('/m/a.gguf')).resolves.toBe(true);
    expect([s.list.map((m) => m.path), s.selected]).toEqual([['/m/b.gguf'], null]);
    expect(useAppStore().settings?.defaultModel).toBeNull();
    h.api.fail('models.remove', 'model-builtin', 'The built-in model is kept.');
    await expect(s.remove('/m/b.gguf')).resolves.toBe(false);
    expect(s.removeError).toEqual({ path: '/m/b.gguf', message: 'The built-in model is kept.' });
    expect(s.list).toHaveLength(1);
  });

  it('the last estimate asked is the one shown', async () => {
    const s = useModelsStore();
    let release: (e: MemoryEstimate) => void = () => {};
    h.api.reply('models.estimate', (p) =>
      p.contextSize === 512 ? new Promise<MemoryEstimate>((r) => (release = r)) : estimate(p.contextSize ?? 0),
    );
    const first = s.estimateFor('/m/a.gguf', 512);
    await s.estimateFor('/m/a.gguf', 4096);
    release(estimate(512));
    await first;
    expect(s.estimate?.contextSize).toBe(4096);
    h.api.fail('models.estimate', 'not-found', 'No such model.');
    await s.estimateFor('/m/z.gguf');
    expect([s.estimate, s.estimateError]).toEqual([null, 'No such model.']);
  });

  it("saving a model's run settings returns the refusal, or takes the new settings", async () => {
    const s = useModelsStore();
    h.api.fail('models.run.set', 'bad-params', 'threads must be positive.');
    await expect(s.saveRun('/m/a.gguf', { threads: -1 } as never)).resolves.toEqual({
      message: 'threads must be positive.',
      code: 'bad-params',
    });
    h.api.reply('models.run.set', settings({ defaultModel: '/m/a.gguf' }));
    await expect(s.saveRun('/m/a.gguf', null)).resolves.toBeNull();
    expect(useAppStore().settings?.defaultModel).toBe('/m/a.gguf');
  });
});
