import { availableParallelism, totalmem } from 'node:os';

/** Below this size a model is so small that thread synchronisation costs more than it saves. */
const SMALL_MODEL_BYTES = 256 * 2 ** 20;

/**
 * Threads for inference: one for tiny models (measured on 2 cores: 1 thread 600–3,600 tok/s, 2 threads
 * 16–27 tok/s, 4 threads 1.5 tok/s on a 0.5 MB model), otherwise one per available core, at most 16.
 * More threads than cores is always a loss.
 */
export function defaultThreads(modelBytes: number, cores: number = availableParallelism()): number {
  if (modelBytes < SMALL_MODEL_BYTES) return 1;
  return Math.max(1, Math.min(16, cores));
}

/** Context size: the model's training context, capped at 8192 tokens (enough for RAG prompts, affordable KV on CPU). */
export function defaultContextSize(trainContext: number | undefined, cap = 8192): number {
  if (!trainContext || trainContext <= 0) return Math.min(4096, cap);
  return Math.min(trainContext, cap);
}

export function machineRamBytes(): number {
  return totalmem();
}
