import { availableParallelism, totalmem } from 'node:os';

export interface MachineInfo {
  ramBytes: number;
  /** Free VRAM of a usable GPU, 0 or undefined without one. */
  vramBytes?: number;
  cores?: number;
}

export interface ModelRecommendation {
  id: string;
  title: string;
  /** A node-llama-cpp model URI (`hf:<user>/<repo>:<quant>`), for downloadModel. */
  uri: string;
  quantisation: string;
  /** Approximate file size. */
  approxBytes: number;
  /** RAM (or VRAM) under which this model is not advised. */
  minMemoryBytes: number;
  contextSize: number;
  reason: string;
}

const GB = 1024 ** 3;

/** Candidates, best first. Qwen3 instruct models: strong at following JSON schemas for their size, Apache-2.0. */
export const MODEL_CANDIDATES: readonly ModelRecommendation[] = [
  {
    id: 'qwen3-8b-q4_k_m',
    title: 'Qwen3 8B Instruct (Q4_K_M)',
    uri: 'hf:Qwen/Qwen3-8B-GGUF:Q4_K_M',
    quantisation: 'Q4_K_M',
    approxBytes: 5.0 * GB,
    minMemoryBytes: 16 * GB,
    contextSize: 8192,
    reason:
      'an 8B-class instruct model at Q4_K_M: the best answers this app is tuned for, about 5 GB on disk and 6–7 GB in memory with an 8k context',
  },
  {
    id: 'qwen3-4b-q4_k_m',
    title: 'Qwen3 4B Instruct (Q4_K_M)',
    uri: 'hf:Qwen/Qwen3-4B-GGUF:Q4_K_M',
    quantisation: 'Q4_K_M',
    approxBytes: 2.5 * GB,
    minMemoryBytes: 8 * GB,
    contextSize: 8192,
    reason: 'a 4B model: noticeably weaker than 8B but fits machines with 8–16 GB of memory',
  },
  {
    id: 'qwen3-1.7b-q8_0',
    title: 'Qwen3 1.7B Instruct (Q8_0)',
    uri: 'hf:Qwen/Qwen3-1.7B-GGUF:Q8_0',
    quantisation: 'Q8_0',
    approxBytes: 1.8 * GB,
    minMemoryBytes: 4 * GB,
    contextSize: 4096,
    reason: 'a small model for machines with 4–8 GB of memory; expect weaker entity linking and more refusals',
  },
  {
    id: 'qwen3-0.6b-q8_0',
    title: 'Qwen3 0.6B Instruct (Q8_0)',
    uri: 'hf:Qwen/Qwen3-0.6B-GGUF:Q8_0',
    quantisation: 'Q8_0',
    approxBytes: 0.65 * GB,
    minMemoryBytes: 0,
    contextSize: 4096,
    reason:
      'the smallest usable model, for machines under 4 GB; answers will often be wrong, prefer a server (openai:) if one is available',
  },
];

export function currentMachine(): MachineInfo {
  return { ramBytes: totalmem(), cores: availableParallelism() };
}

/**
 * The model to suggest for a machine: the first candidate whose memory floor the machine meets. A GPU's
 * VRAM counts when larger than RAM (the model then lives there). The reason says why, in one sentence.
 */
export function recommendModel(machine: MachineInfo = currentMachine()): ModelRecommendation {
  const memory = Math.max(machine.ramBytes, machine.vramBytes ?? 0);
  const pick =
    MODEL_CANDIDATES.find((c) => memory >= c.minMemoryBytes) ?? MODEL_CANDIDATES[MODEL_CANDIDATES.length - 1];
  const slowCpu = (machine.cores ?? 4) <= 2 && !(machine.vramBytes && machine.vramBytes >= pick.approxBytes);
  return {
    ...pick,
    reason: `${Math.round(memory / GB)} GB of memory: ${pick.reason}.${slowCpu ? ' With 2 CPU cores and no GPU expect a few tokens per second.' : ''}`,
  };
}
