import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readGgufHeader } from '../../../src-main/llm/gguf/gguf-reader';
import { estimateMemory, MODEL_PROCESS_BYTES } from '../../../src-main/llm/models/memory-estimate';
import { ModelsService } from '../../../src-main/llm/service/models-service';
import { DEFAULT_SETTINGS } from '../../../src-main/settings/settings-store';
import type { Settings } from '../../../src-main/settings/settings-types';
import { TINY, writeTinyGguf } from '../../support/gguf/write-tiny-gguf';
import { realModel } from '../../support/real-model';
import { tempDir } from '../../support/temp-dir';

const MiB = 2 ** 20;
const dirs: { cleanup: () => void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

const memory = (free: number) => ({
  path: 'm.gguf',
  contextFrom: 'request' as const,
  freeBytes: free,
  machineBytes: 8 * 2 ** 30,
});

describe('memory estimate from the GGUF header', () => {
  it('tiny random model: KV = layers × ctx × kv heads × (key + value length) × 2 bytes; weights = F32 tensors', async () => {
    const d = tempDir();
    dirs.push(d);
    for (const kv of [4, 2]) {
      const file = join(d.path, `tiny-${kv}.gguf`);
      writeTinyGguf(file, { headCountKv: kv });
      const h = await readGgufHeader(file);
      const e = estimateMemory(h, { ...memory(2 ** 40), contextSize: 2048 });
      const headDim = TINY.embedding / TINY.heads;
      expect(e.kvBytesPerToken).toBe(TINY.blocks * kv * (headDim + headDim) * 2);
      expect(e.kvCacheBytes).toBe(TINY.blocks * 2048 * kv * headDim * 2 * 2); // 1 MiB for kv 4
      const params = h.tensors.reduce((n, t) => n + Number(t.dims.reduce((a, b) => a * b, 1n)), 0);
      expect(e.weightsBytes).toBe(params * 4);
      // Compute buffers: the logits of one 512-token batch over the 259-token vocabulary, in f32.
      expect(e.computeBytes).toBe(259 * 512 * 4);
      expect(e.totalBytes).toBe(e.weightsBytes + e.kvCacheBytes! + e.computeBytes + MODEL_PROCESS_BYTES);
      // F32 weights are never repacked, AMX or not.
      expect(estimateMemory(h, { ...memory(2 ** 40), contextSize: 2048, amx: true }).repackBytes).toBe(0);
      expect(e.shape).toEqual({ layers: 2, kvHeads: kv, keyLength: 16, valueLength: 16, bytesPerElement: 2 });
      expect(e.exceedsFree).toBe(false);
    }
    expect(
      estimateMemory(await readGgufHeader(join(d.path, 'tiny-4.gguf')), { ...memory(1 * MiB), contextSize: 2048 })
        .exceedsFree,
    ).toBe(true);
  });

  it('built-in SmolLM2: 180 MiB of KV cache at 8192 tokens, as llama.cpp reports when it loads it', async () => {
    const file = realModel();
    if (!file) return;
    const h = await readGgufHeader(file, { maxArrayItemsKept: 4096 });
    const e = estimateMemory(h, { ...memory(2 ** 40), contextSize: 8192 });
    // llama.cpp 3.21.1 logs "CPU KV buffer size = 180.00 MiB" (8192 cells, 30 layers, K and V f16) for this file.
    expect(e.kvCacheBytes).toBe(180 * MiB);
    expect(e.shape).toEqual({ layers: 30, kvHeads: 3, keyLength: 64, valueLength: 64, bytesPerElement: 2 });
    expect(e.weightsBytes).toBe(96_576_768);
    expect(estimateMemory(h, { ...memory(2 ** 40), contextSize: 2048 }).kvCacheBytes).toBe(45 * MiB);
    // llama.cpp logs "CPU compute buffer size = 98.25 MiB" at 8192: the 96 MiB of logits for one batch, and a little.
    expect(e.computeBytes).toBe(49152 * 512 * 4);
    expect(e.repackBytes).toBe(0);
    // On an AMX CPU it logs "AMX model buffer size = 95.34 MiB" next to the 92.10 MiB mapped file.
    const amx = estimateMemory(h, { ...memory(2 ** 40), contextSize: 8192, amx: true }).repackBytes / MiB;
    expect(amx).toBeGreaterThan(85);
    expect(amx).toBeLessThanOrEqual(e.weightsBytes / MiB);
  });

  it('says when the header cannot give the KV shape, and never counts it as zero silently', async () => {
    const d = tempDir();
    dirs.push(d);
    const file = join(d.path, 'tiny.gguf');
    writeTinyGguf(file);
    const h = await readGgufHeader(file);
    h.metadata.delete('llama.attention.head_count');
    const e = estimateMemory(h, { ...memory(2 ** 40), contextSize: 2048 });
    expect(e.kvCacheBytes).toBeNull();
    expect(e.notes.join(' ')).toMatch(/KV cache not estimated/);
  });
});

describe('ModelsService.estimate and run settings', () => {
  it('uses the context of the model run settings, else the local one, else the request', async () => {
    const d = tempDir();
    dirs.push(d);
    const file = join(d.path, 'tiny.gguf');
    writeTinyGguf(file);
    let settings: Settings = { ...DEFAULT_SETTINGS, local: { ...DEFAULT_SETTINGS.local, contextSize: 4096 } };
    const svc = new ModelsService(
      d.path,
      () => settings,
      d.path,
      () => null,
      {
        memory: () => ({ free: 3 * MiB, total: 16 * 2 ** 30 }),
      },
    );
    const local = await svc.estimate(file);
    expect(local).toMatchObject({ contextSize: 4096, contextFrom: 'local', kvCacheBytes: 2 * MiB, freeBytes: 3 * MiB });
    expect(local.exceedsFree).toBe(true);
    settings = {
      ...settings,
      models: { [file]: { contextSize: 1024, threads: 1, gpuLayers: 0, temperature: 0.5 } },
    };
    expect(await svc.estimate(file)).toMatchObject({ contextSize: 1024, contextFrom: 'model', kvCacheBytes: MiB / 2 });
    expect(await svc.estimate('tiny.gguf', 512)).toMatchObject({ contextSize: 512, contextFrom: 'request' });
    expect(svc.runSettings(file)).toEqual({ contextSize: 1024, threads: 1, gpuLayers: 0, temperature: 0.5 });
    settings = { ...settings, local: { threads: 3, gpuLayers: 'auto', contextSize: null }, models: {} };
    expect(svc.runSettings(file)).toEqual({ contextSize: null, threads: 3, gpuLayers: 'auto', temperature: null });
    expect(await svc.estimate(file)).toMatchObject({ contextSize: TINY.context, contextFrom: 'default' });
  });
});
