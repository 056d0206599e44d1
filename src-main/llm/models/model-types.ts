export interface ModelInfo {
  path: string;
  fileName: string;
  sizeBytes: number;
  architecture: string | null;
  quantisation: string | null;
  contextLength: number | null;
  parameters?: string | null;
  error?: string;
  /** The model npm install fetched (scripts/fetch-model.mjs); used when no other model is chosen. */
  builtIn?: boolean;
}

/**
 * What loading a local model is expected to take, from its GGUF header alone, for one context size:
 * weights + KV cache (n_layer × n_ctx × n_head_kv × (key length + value length) × bytes per element)
 * + compute buffers (logits of one batch) + a repacked copy of the weights on AMX CPUs + the model
 * process's own baseline.
 */
export interface MemoryEstimate {
  path: string;
  contextSize: number;
  /** Where the context size came from: the request, the model's run settings, the local setting, or the default. */
  contextFrom: 'request' | 'model' | 'local' | 'default';
  weightsBytes: number;
  /** Null when the header does not say how the attention cache is shaped (e.g. a recurrent model). */
  kvCacheBytes: number | null;
  kvBytesPerToken: number | null;
  /** llama.cpp's compute buffers, taken as the logits of one batch (vocabulary × min(512, context) × 4 bytes). */
  computeBytes: number;
  /** A second copy of the quantised weights that llama.cpp's AMX backend keeps (0 on other CPUs). */
  repackBytes: number;
  /** The model process before any model is loaded (Node + llama.cpp), measured. */
  processBytes: number;
  totalBytes: number;
  /** os.freemem() when estimated. */
  freeBytes: number;
  machineBytes: number;
  exceedsFree: boolean;
  /** The header figures the KV cache was computed from. */
  shape: { layers: number; kvHeads: number; keyLength: number; valueLength: number; bytesPerElement: number } | null;
  notes: string[];
}
