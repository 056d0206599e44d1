import { FILE_TYPE_NAMES } from './ggml-types';
import {
  GgufFormatError,
  readGgufHeader,
  type GgufHeader,
  type GgufMetaValue,
  type GgufReadLimits,
} from './gguf-reader';

/** What the app shows and decides with about a model file, from its header alone. */
export interface GgufFacts {
  path: string;
  version: number;
  architecture: string;
  name?: string;
  /** `general.file_type` (llama_ftype), when present. */
  fileType?: number;
  /** The quantisation label: from `general.file_type`, else the most common tensor type by bytes. */
  quantisation: string;
  contextLength?: number;
  embeddingLength?: number;
  blockCount?: number;
  headCount?: number;
  tensorCount: number;
  /** Number of weights (sum of tensor elements). */
  parameterCount: number;
  sizeBytes: number;
  vocabularySize?: number;
  /** The file carries its own chat template (`tokenizer.chat_template`). */
  chatTemplate: boolean;
  /** Part of a split model (`split.count` > 1). */
  splitCount?: number;
}

function num(v: GgufMetaValue | undefined): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v && typeof v === 'object' && v.items && v.items.length > 0 && typeof v.items[0] === 'number')
    return v.items[0] as number; // per-layer arrays
  return undefined;
}

function str(v: GgufMetaValue | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function factsFromHeader(path: string, h: GgufHeader): GgufFacts {
  const m = h.metadata;
  const architecture = str(m.get('general.architecture'));
  if (!architecture)
    throw new GgufFormatError('bad-metadata', 'The file has no general.architecture; it is not a llama.cpp model.');
  const a = (k: string) => m.get(`${architecture}.${k}`);
  const fileType = num(m.get('general.file_type'));
  const bytesByType = new Map<string, bigint>();
  let params = 0;
  for (const t of h.tensors) {
    bytesByType.set(t.typeName, (bytesByType.get(t.typeName) ?? 0n) + t.byteSize);
    params += Number(t.dims.reduce((x, y) => x * y, 1n));
  }
  const dominant =
    [...bytesByType.entries()].sort((x, y) => (x[1] < y[1] ? 1 : x[1] > y[1] ? -1 : 0))[0]?.[0] ?? 'unknown';
  const tokens = m.get('tokenizer.ggml.tokens');
  const template = m.get('tokenizer.chat_template');
  const split = num(m.get('split.count'));
  return {
    path,
    version: h.version,
    architecture,
    name: str(m.get('general.name')),
    fileType,
    quantisation: (fileType !== undefined ? FILE_TYPE_NAMES.get(fileType) : undefined) ?? dominant,
    contextLength: num(a('context_length')),
    embeddingLength: num(a('embedding_length')),
    blockCount: num(a('block_count')),
    headCount: num(a('attention.head_count')),
    tensorCount: h.tensors.length,
    parameterCount: params,
    sizeBytes: h.fileSize,
    vocabularySize:
      typeof tokens === 'object' && tokens !== null && 'kind' in tokens ? tokens.length : num(a('vocab_size')),
    chatTemplate: typeof template === 'string' && template.trim().length > 0,
    splitCount: split !== undefined && split > 1 ? split : undefined,
  };
}

/** Reads and validates a GGUF file's header; throws GgufFormatError with a readable reason when it is unusable. */
export async function inspectGguf(path: string, limits?: GgufReadLimits): Promise<GgufFacts> {
  return factsFromHeader(path, await readGgufHeader(path, limits));
}
