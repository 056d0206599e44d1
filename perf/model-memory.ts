/**
 * The Models view's memory estimate against the model process's real resident memory: for each context
 * size, estimates from the GGUF header, loads the model in its own process (CPU, 1 thread), asks one
 * question longer than a batch (about 1,000 tokens), and reads the process's VmRSS / VmHWM from /proc.
 * Prints one JSON document. Not a test: figures.
 * Options: --model <file.gguf> (default: the built-in model), --ctx 2048,8192.
 */
import { readFileSync } from 'node:fs';
import { freemem, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { readGgufHeader } from '../src-main/llm/gguf/gguf-reader';
import { LocalLlamaBackend } from '../src-main/llm/local/local-llama-backend';
import { availableBuiltinModel } from '../src-main/llm/models/builtin-model';
import { cpuHasAmx } from '../src-main/llm/models/cpu-features';
import { estimateMemory } from '../src-main/llm/models/memory-estimate';

const { values } = parseArgs({ options: { model: { type: 'string' }, ctx: { type: 'string' } } });
const model = values.model ?? availableBuiltinModel();
if (!model) throw new Error('No model: give --model, or fetch the built-in one (node scripts/fetch-model.mjs).');
const sizes = (values.ctx ?? '2048,8192').split(',').map(Number);
const MiB = 2 ** 20;
const PASSAGE = Array.from({ length: 120 }, (_, i) => `Class ${i} is part of some cell component.`).join(' ');
const mib = (n: number | null) => (n === null ? null : Math.round((n / MiB) * 10) / 10);

function procMemory(pid: number): { rss: number; peak: number } {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

const header = await readGgufHeader(model, { maxArrayItemsKept: 4096 });
const rows = [];
for (const contextSize of sizes) {
  const e = estimateMemory(header, {
    path: model,
    contextSize,
    contextFrom: 'request',
    freeBytes: freemem(),
    machineBytes: totalmem(),
    amx: cpuHasAmx(),
  });
  const b = new LocalLlamaBackend({ modelPath: model, gpu: false, threads: 1, contextSize });
  try {
    await b.start();
    // A prompt longer than one batch, as RAG prompts are, so the compute buffers are really used.
    await b.chat([{ role: 'user', content: `${PASSAGE}\nName one part of a cell.` }], { maxTokens: 24 });
    const m = procMemory(b.pid!);
    rows.push({
      contextSize,
      estimateMiB: {
        weights: mib(e.weightsBytes),
        repacked: mib(e.repackBytes),
        kvCache: mib(e.kvCacheBytes),
        compute: mib(e.computeBytes),
        process: mib(e.processBytes),
        total: mib(e.totalBytes),
      },
      measuredMiB: { rss: mib(m.rss), peakRss: mib(m.peak) },
      measuredOverEstimate: Math.round((m.peak / e.totalBytes) * 100) / 100,
    });
  } finally {
    await b.close();
  }
}
console.log(JSON.stringify({ model, node: process.version, rows }, null, 2));
