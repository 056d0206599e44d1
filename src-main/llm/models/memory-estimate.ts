import type { GgufHeader, GgufMetaValue } from '../gguf/gguf-reader';
import type { MemoryEstimate } from './model-types';

/**
 * The model process's resident memory before a model is loaded: Node plus the llama.cpp binding, measured
 * at 87–88 MiB on this machine (node-llama-cpp 3.21.1, CPU build, Node 20).
 */
export const MODEL_PROCESS_BYTES = 88 * 2 ** 20;

/** node-llama-cpp's default KV cache type is f16. */
const KV_BYTES_PER_ELEMENT = 2;

/** node-llama-cpp's default batch: min(context, 512) tokens per llama.cpp step. */
const BATCH = 512;

/** Weight types llama.cpp's AMX backend repacks into a buffer of its own (ggml-cpu/amx/common.h). */
const AMX_TYPES = new Set(['Q4_0', 'Q4_1', 'Q8_0', 'Q4_K', 'Q5_K', 'Q6_K', 'IQ4_XS']);

export interface EstimateInput {
  path: string;
  contextSize: number;
  contextFrom: MemoryEstimate['contextFrom'];
  freeBytes: number;
  machineBytes: number;
  /** The CPU has AMX (Linux flag amx_int8): llama.cpp then keeps a repacked copy of eligible weights. */
  amx?: boolean;
}

type PerLayer = number[] | number | undefined;

/** A number, or a per-layer array (some architectures vary heads per layer); undefined when neither. */
function perLayer(v: GgufMetaValue | undefined): PerLayer {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v && typeof v === 'object' && v.items && v.items.every((x) => typeof x === 'number')) return v.items as number[];
  return undefined;
}

function scalar(v: GgufMetaValue | undefined): number | undefined {
  const x = perLayer(v);
  return Array.isArray(x) ? undefined : x;
}

/** Per-token KV bytes summed over layers, or a reason it cannot be known from the header. */
function kvShape(
  m: Map<string, GgufMetaValue>,
  arch: string,
): { perToken: number; shape: NonNullable<MemoryEstimate['shape']> } | string {
  const a = (k: string) => m.get(`${arch}.${k}`);
  const layers = scalar(a('block_count'));
  const embd = scalar(a('embedding_length'));
  const heads = perLayer(a('attention.head_count'));
  if (!layers || !embd || heads === undefined)
    return `the header gives no attention shape for ${arch} (block_count, embedding_length, attention.head_count)`;
  const kvHeads = perLayer(a('attention.head_count_kv')) ?? heads;
  const headAt = (x: number[] | number, i: number) => (Array.isArray(x) ? (x[i] ?? 0) : x);
  const maxHeads = Array.isArray(heads) ? Math.max(...heads) : heads;
  if (!maxHeads) return `the header gives ${arch} no attention heads`;
  const keyLength = scalar(a('attention.key_length')) ?? embd / maxHeads;
  const valueLength = scalar(a('attention.value_length')) ?? keyLength;
  if (Array.isArray(kvHeads) && kvHeads.length !== layers)
    return `${arch}.attention.head_count_kv lists ${kvHeads.length} layers but the model has ${layers}`;
  let headsTotal = 0;
  for (let i = 0; i < layers; i++) headsTotal += headAt(kvHeads, i);
  const perToken = headsTotal * (keyLength + valueLength) * KV_BYTES_PER_ELEMENT;
  const shown = Array.isArray(kvHeads) ? Math.max(...kvHeads) : kvHeads;
  return {
    perToken,
    shape: { layers, kvHeads: shown, keyLength, valueLength, bytesPerElement: KV_BYTES_PER_ELEMENT },
  };
}

/** The estimate for one header and context size; pure, so tests pin every figure. */
export function estimateMemory(h: GgufHeader, o: EstimateInput): MemoryEstimate {
  const arch =
    typeof h.metadata.get('general.architecture') === 'string' ? String(h.metadata.get('general.architecture')) : '';
  let weightsBytes = 0;
  for (const t of h.tensors) weightsBytes += Number(t.byteSize);
  const notes: string[] = [];
  const kv = kvShape(h.metadata, arch);
  const kvCacheBytes = typeof kv === 'string' ? null : kv.perToken * o.contextSize;
  if (typeof kv === 'string') notes.push(`KV cache not estimated: ${kv}.`);
  if (h.metadata.has(`${arch}.attention.sliding_window`))
    notes.push('Some layers use a sliding window, so the KV cache may be smaller than estimated.');
  // The graph's largest buffer on the CPU is the logits of one batch: vocabulary × batch × f32.
  const tokens = h.metadata.get('tokenizer.ggml.tokens');
  const vocab =
    (tokens && typeof tokens === 'object' ? tokens.length : undefined) ?? scalar(h.metadata.get(`${arch}.vocab_size`));
  const computeBytes = vocab ? vocab * Math.min(BATCH, o.contextSize) * 4 : 0;
  if (!vocab) notes.push('The header gives no vocabulary size, so compute buffers are not counted.');
  let repackBytes = 0;
  if (o.amx)
    for (const t of h.tensors) if (t.dims.length === 2 && AMX_TYPES.has(t.typeName)) repackBytes += Number(t.byteSize);
  if (repackBytes) notes.push('This CPU has AMX: llama.cpp keeps a repacked copy of the quantised weights.');
  const split = scalar(h.metadata.get('split.count'));
  if (split && split > 1)
    notes.push(`This file is one of ${split} parts; the weights of the other parts are not counted.`);
  const totalBytes = weightsBytes + repackBytes + (kvCacheBytes ?? 0) + computeBytes + MODEL_PROCESS_BYTES;
  return {
    path: o.path,
    contextSize: o.contextSize,
    contextFrom: o.contextFrom,
    weightsBytes,
    kvCacheBytes,
    kvBytesPerToken: typeof kv === 'string' ? null : kv.perToken,
    computeBytes,
    repackBytes,
    processBytes: MODEL_PROCESS_BYTES,
    totalBytes,
    freeBytes: o.freeBytes,
    machineBytes: o.machineBytes,
    exceedsFree: totalBytes > o.freeBytes,
    shape: typeof kv === 'string' ? null : kv.shape,
    notes,
  };
}
