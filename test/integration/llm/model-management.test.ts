import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmError } from '../../../src-main/llm/errors';
import { downloadModel } from '../../../src-main/llm/models/model-download';
import { importModel, listModels } from '../../../src-main/llm/models/model-library';
import { writeMalformedGguf, writeTinyGguf } from '../../support/gguf/write-tiny-gguf';

let dir: string;
let models: string;
let source: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'oarag-models-'));
  models = join(dir, 'models');
  source = join(dir, 'incoming');
  mkdirSync(source);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('model management', () => {
  it('lists nothing for a missing folder', async () => {
    expect(await listModels(join(dir, 'nope'))).toEqual([]);
  });

  it('imports a valid model and lists it with its header facts', async () => {
    const src = join(source, 'tiny.gguf');
    writeTinyGguf(src);
    const { file, facts } = await importModel(src, models);
    expect(file).toBe(join(models, 'tiny.gguf'));
    expect(facts).toMatchObject({ architecture: 'llama', quantisation: 'F32', chatTemplate: true });
    await expect(importModel(src, models)).rejects.toMatchObject({
      code: 'model-invalid',
      message: expect.stringMatching(/already in/),
    });
    await importModel(src, models, { overwrite: true });

    mkdirSync(join(models, 'split'));
    writeTinyGguf(join(models, 'split', 'other.gguf'), { seed: 3, name: 'other' });
    writeMalformedGguf(join(models, 'broken.gguf'), 'truncated-data');
    writeFileSync(join(models, 'notes.txt'), 'not a model');
    writeFileSync(join(models, '.tiny.gguf.importing'), 'leftover');
    const list = await listModels(models);
    expect(list.map((e) => [e.file.slice(models.length + 1), e.ok])).toEqual([
      ['broken.gguf', false],
      ['split/other.gguf', true],
      ['tiny.gguf', true],
    ]);
    const broken = list[0];
    expect(!broken.ok && broken.problem).toMatch(/truncated/);
  });

  it('refuses to import a broken or non-GGUF file', async () => {
    const bad = join(source, 'zero.gguf');
    writeMalformedGguf(bad, 'zero-dim');
    await expect(importModel(bad, models)).rejects.toMatchObject({
      code: 'model-invalid',
      message: expect.stringMatching(/zero\.gguf cannot be imported: .*zero-sized dimension/),
    });
    const txt = join(source, 'model.bin');
    writeFileSync(txt, 'x');
    await expect(importModel(txt, models)).rejects.toMatchObject({
      code: 'model-invalid',
      message: 'model.bin is not a .gguf file.',
    });
    expect((await listModels(models)).some((e) => e.file.endsWith('zero.gguf'))).toBe(false);
  });

  it('fails a download from an unreachable host quickly and clearly', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const t0 = performance.now();
    const err = await downloadModel({
      uri: `http://127.0.0.1:${port}/models/x.gguf`,
      dir: models,
      connectTimeoutMs: 3000,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.code).toBe('download');
    expect(err.message).toBe(
      `Cannot reach 127.0.0.1:${port} to download http://127.0.0.1:${port}/models/x.gguf: ECONNREFUSED.`,
    );
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('reports a missing remote file and a server that does not answer', async () => {
    const server = createServer((req, res) => {
      if (req.url === '/missing.gguf') {
        res.writeHead(404);
        res.end();
      }
      // any other path: never answers
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await expect(downloadModel({ uri: `${root}/missing.gguf`, dir: models })).rejects.toMatchObject({
        code: 'download',
        status: 404,
        message: `${root}/missing.gguf answered 404 Not Found.`,
      });
      const t0 = performance.now();
      await expect(
        downloadModel({ uri: `${root}/slow.gguf`, dir: models, connectTimeoutMs: 500 }),
      ).rejects.toMatchObject({
        code: 'download',
        message: expect.stringMatching(/^Could not reach 127\.0\.0\.1:\d+ within 500 ms/),
      });
      expect(performance.now() - t0).toBeLessThan(2000);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('rejects what is not a model address', async () => {
    await expect(downloadModel({ uri: 'ftp://h/x.gguf', dir: models })).rejects.toMatchObject({ code: 'bad-spec' });
  });
});
