import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { GGML_TYPES, tensorByteSize } from './ggml-types';

/**
 * Reads the header of a GGUF file (magic, version, metadata key/values, tensor infos) without touching the
 * tensor data: it reads in bounded chunks, skips the big tokenizer arrays instead of materialising them,
 * and refuses implausible counts before allocating anything. A multi-gigabyte model costs a few MB of reads.
 */

export type GgufFormatProblem =
  | 'not-a-file'
  | 'bad-magic'
  | 'unsupported-version'
  | 'truncated'
  | 'implausible'
  | 'bad-metadata'
  | 'bad-tensor'
  | 'data-beyond-eof';

export class GgufFormatError extends Error {
  constructor(
    readonly problem: GgufFormatProblem,
    message: string,
  ) {
    super(message);
    this.name = 'GgufFormatError';
  }
}

export const GGUF_VALUE_TYPES = [
  'u8',
  'i8',
  'u16',
  'i16',
  'u32',
  'i32',
  'f32',
  'bool',
  'string',
  'array',
  'u64',
  'i64',
  'f64',
] as const;
export type GgufValueType = (typeof GGUF_VALUE_TYPES)[number];

/** Arrays are summarised: their length, and their items only when short (`maxArrayItemsKept`). */
export interface GgufArraySummary {
  kind: 'array';
  itemType: GgufValueType;
  length: number;
  items?: (string | number | bigint | boolean)[];
}
export type GgufMetaValue = string | number | bigint | boolean | GgufArraySummary;

export interface GgufTensorInfo {
  name: string;
  /** Innermost first, as stored. */
  dims: bigint[];
  type: number;
  typeName: string;
  /** Relative to the start of the data section. */
  offset: bigint;
  byteSize: bigint;
}

export interface GgufHeader {
  version: number;
  fileSize: number;
  metadata: Map<string, GgufMetaValue>;
  tensors: GgufTensorInfo[];
  alignment: number;
  /** Absolute offset of the tensor data section. */
  dataOffset: number;
}

export interface GgufReadLimits {
  maxTensors?: number;
  maxMetadataEntries?: number;
  /** Longest single string (a chat template, a token). */
  maxStringBytes?: number;
  maxArrayLength?: number;
  /** Bound on the whole header (metadata + tensor infos). */
  maxHeaderBytes?: number;
  maxArrayItemsKept?: number;
}

const DEFAULT_LIMITS: Required<GgufReadLimits> = {
  maxTensors: 1_000_000,
  maxMetadataEntries: 100_000,
  maxStringBytes: 16 * 2 ** 20,
  maxArrayLength: 50_000_000,
  maxHeaderBytes: 512 * 2 ** 20,
  maxArrayItemsKept: 16,
};

const FIXED_SIZE: Partial<Record<GgufValueType, number>> = {
  u8: 1,
  i8: 1,
  bool: 1,
  u16: 2,
  i16: 2,
  u32: 4,
  i32: 4,
  f32: 4,
  u64: 8,
  i64: 8,
  f64: 8,
};

const CHUNK = 1 << 20;

/** Sequential little-endian reader over a file handle with a bounded read-ahead window. */
class ChunkedReader {
  private buf = Buffer.alloc(0);
  private bufStart = 0;
  pos = 0;

  constructor(
    private readonly fh: FileHandle,
    readonly fileSize: number,
    private readonly maxPos: number,
  ) {}

  private async ensure(n: number, what: string): Promise<Buffer> {
    if (this.pos + n > this.fileSize) {
      throw new GgufFormatError(
        'truncated',
        `The file ends in the middle of the header (while reading ${what} at byte ${this.pos}); it is probably an incomplete download.`,
      );
    }
    if (this.pos + n > this.maxPos) {
      throw new GgufFormatError(
        'implausible',
        `The header is larger than ${this.maxPos} bytes (at ${what}); this is not a plausible model file.`,
      );
    }
    const rel = this.pos - this.bufStart;
    if (rel >= 0 && rel + n <= this.buf.length) return this.buf.subarray(rel, rel + n);
    const size = Math.min(Math.max(n, CHUNK), this.fileSize - this.pos);
    const b = Buffer.allocUnsafe(size);
    const { bytesRead } = await this.fh.read(b, 0, size, this.pos);
    if (bytesRead < n)
      throw new GgufFormatError('truncated', `The file could not be read past byte ${this.pos + bytesRead}.`);
    this.buf = b.subarray(0, bytesRead);
    this.bufStart = this.pos;
    return this.buf.subarray(0, n);
  }

  async bytes(n: number, what: string): Promise<Buffer> {
    const b = await this.ensure(n, what);
    this.pos += n;
    return b;
  }

  async skip(n: number, what: string): Promise<void> {
    if (this.pos + n > this.fileSize) {
      throw new GgufFormatError(
        'truncated',
        `The file ends in the middle of the header (while skipping ${what} at byte ${this.pos}); it is probably an incomplete download.`,
      );
    }
    if (this.pos + n > this.maxPos)
      throw new GgufFormatError('implausible', `The header is larger than ${this.maxPos} bytes (at ${what}).`);
    this.pos += n;
  }

  async u32(what: string): Promise<number> {
    return (await this.bytes(4, what)).readUInt32LE(0);
  }

  async u64(what: string): Promise<bigint> {
    return (await this.bytes(8, what)).readBigUInt64LE(0);
  }
}

function toSafeNumber(v: bigint, what: string, max: number): number {
  if (v > BigInt(max))
    throw new GgufFormatError(
      'implausible',
      `The file claims ${v} ${what} (more than ${max}); it is corrupt or not a model.`,
    );
  return Number(v);
}

async function readString(r: ChunkedReader, limits: Required<GgufReadLimits>, what: string): Promise<string> {
  const len = toSafeNumber(await r.u64(`${what} length`), `bytes in ${what}`, limits.maxStringBytes);
  return (await r.bytes(len, what)).toString('utf8');
}

async function skipString(r: ChunkedReader, limits: Required<GgufReadLimits>, what: string): Promise<void> {
  const len = toSafeNumber(await r.u64(`${what} length`), `bytes in ${what}`, limits.maxStringBytes);
  await r.skip(len, what);
}

function valueType(id: number, key: string): GgufValueType {
  const t = GGUF_VALUE_TYPES[id];
  if (t === undefined) throw new GgufFormatError('bad-metadata', `Metadata key "${key}" has unknown value type ${id}.`);
  return t;
}

async function readScalar(
  r: ChunkedReader,
  t: Exclude<GgufValueType, 'array'>,
  limits: Required<GgufReadLimits>,
  key: string,
): Promise<string | number | bigint | boolean> {
  if (t === 'string') return readString(r, limits, `the value of "${key}"`);
  const b = await r.bytes(FIXED_SIZE[t]!, `the value of "${key}"`);
  switch (t) {
    case 'u8':
      return b.readUInt8(0);
    case 'i8':
      return b.readInt8(0);
    case 'bool':
      return b.readUInt8(0) !== 0;
    case 'u16':
      return b.readUInt16LE(0);
    case 'i16':
      return b.readInt16LE(0);
    case 'u32':
      return b.readUInt32LE(0);
    case 'i32':
      return b.readInt32LE(0);
    case 'f32':
      return b.readFloatLE(0);
    case 'f64':
      return b.readDoubleLE(0);
    case 'u64': {
      const v = b.readBigUInt64LE(0);
      return v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
    }
    case 'i64': {
      const v = b.readBigInt64LE(0);
      return v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(v) : v;
    }
  }
}

async function readValue(
  r: ChunkedReader,
  t: GgufValueType,
  limits: Required<GgufReadLimits>,
  key: string,
): Promise<GgufMetaValue> {
  if (t !== 'array') return readScalar(r, t, limits, key);
  const itemType = valueType(await r.u32(`the item type of "${key}"`), key);
  if (itemType === 'array')
    throw new GgufFormatError(
      'bad-metadata',
      `Metadata key "${key}" is an array of arrays, which GGUF models do not use.`,
    );
  const length = toSafeNumber(await r.u64(`the length of "${key}"`), `items in "${key}"`, limits.maxArrayLength);
  const keep = length <= limits.maxArrayItemsKept;
  const items: (string | number | bigint | boolean)[] = [];
  if (keep) {
    for (let i = 0; i < length; i++) items.push(await readScalar(r, itemType, limits, key));
  } else if (itemType === 'string') {
    for (let i = 0; i < length; i++) await skipString(r, limits, `an item of "${key}"`);
  } else {
    await r.skip(length * FIXED_SIZE[itemType]!, `the items of "${key}"`);
  }
  return keep ? { kind: 'array', itemType, length, items } : { kind: 'array', itemType, length };
}

/**
 * Reads and checks the header. Throws GgufFormatError with a user-readable message when the file is not a
 * GGUF, is from an unsupported version, is truncated, has implausible counts, or describes tensors that
 * llama.cpp would crash on (a zero-sized dimension) or whose data lies beyond the end of the file.
 */
export async function readGgufHeader(path: string, limitsIn: GgufReadLimits = {}): Promise<GgufHeader> {
  const limits = { ...DEFAULT_LIMITS, ...limitsIn };
  const fh = await openModelFile(path);
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw new GgufFormatError('not-a-file', `${path} is not a file.`);
    const fileSize = st.size;
    if (fileSize === 0) throw new GgufFormatError('truncated', 'The model file is empty.');
    const r = new ChunkedReader(fh, fileSize, limits.maxHeaderBytes);
    const { version, tensorCount, kvCount } = await readPreamble(r, fh, limits);
    const metadata = new Map<string, GgufMetaValue>();
    for (let i = 0; i < kvCount; i++) {
      const key = await readString(r, limits, `metadata key #${i}`);
      const t = valueType(await r.u32(`the type of "${key}"`), key);
      metadata.set(key, await readValue(r, t, limits, key));
    }
    const alignment = alignmentOf(metadata);
    const tensors: GgufTensorInfo[] = [];
    for (let i = 0; i < tensorCount; i++) tensors.push(await readTensorInfo(r, limits, i, alignment));
    const dataOffset = Math.ceil(r.pos / alignment) * alignment;
    checkTensorData(tensors, fileSize, dataOffset);
    return { version, fileSize, metadata, tensors, alignment, dataOffset };
  } finally {
    await fh.close();
  }
}

async function openModelFile(path: string): Promise<FileHandle> {
  try {
    // Non-blocking: opening a named pipe must not wait for a writer (the type is checked next).
    return await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new GgufFormatError(
      'not-a-file',
      code === 'ENOENT'
        ? `The model file ${path} does not exist.`
        : `The model file ${path} cannot be read (${code ?? String(e)}).`,
    );
  }
}

/** The magic number, the version and the two counts that open every GGUF file. */
async function readPreamble(
  r: ChunkedReader,
  fh: FileHandle,
  limits: Required<GgufReadLimits>,
): Promise<{ version: number; tensorCount: number; kvCount: number }> {
  const magic = await r.bytes(Math.min(4, r.fileSize), 'the magic number').then((b) => b.toString('latin1'));
  if (magic !== 'GGUF') throw new GgufFormatError('bad-magic', describeBadMagic(magic, await peek(fh, r.fileSize)));
  const version = await r.u32('the version');
  if (version !== 2 && version !== 3) {
    throw new GgufFormatError(
      'unsupported-version',
      `GGUF version ${version} is not supported (only versions 2 and 3 are); ${version === 1 ? 'convert the model with a current llama.cpp' : 'the file may be corrupt'}.`,
    );
  }
  const tensorCount = toSafeNumber(await r.u64('the tensor count'), 'tensors', limits.maxTensors);
  const kvCount = toSafeNumber(await r.u64('the metadata count'), 'metadata entries', limits.maxMetadataEntries);
  if (tensorCount === 0)
    throw new GgufFormatError('implausible', 'The file declares no tensors; it holds no model weights.');
  return { version, tensorCount, kvCount };
}

function alignmentOf(metadata: Map<string, GgufMetaValue>): number {
  const alignmentRaw = metadata.get('general.alignment') ?? 32;
  const alignment = typeof alignmentRaw === 'number' ? alignmentRaw : NaN;
  if (!Number.isInteger(alignment) || alignment <= 0 || (alignment & (alignment - 1)) !== 0) {
    throw new GgufFormatError('bad-metadata', `general.alignment must be a power of two, not ${String(alignmentRaw)}.`);
  }
  return alignment;
}

/** One tensor's info, refused when llama.cpp could not load it. */
async function readTensorInfo(
  r: ChunkedReader,
  limits: Required<GgufReadLimits>,
  i: number,
  alignment: number,
): Promise<GgufTensorInfo> {
  const name = await readString(r, limits, `the name of tensor #${i}`);
  const nDims = await r.u32(`the dimension count of tensor "${name}"`);
  if (nDims < 1 || nDims > 4)
    throw new GgufFormatError('bad-tensor', `Tensor "${name}" has ${nDims} dimensions (llama.cpp supports 1 to 4).`);
  const dims: bigint[] = [];
  for (let d = 0; d < nDims; d++) dims.push(await r.u64(`a dimension of tensor "${name}"`));
  const type = await r.u32(`the type of tensor "${name}"`);
  const offset = await r.u64(`the offset of tensor "${name}"`);
  if (dims.some((d) => d === 0n)) {
    throw new GgufFormatError(
      'bad-tensor',
      `Tensor "${name}" has a zero-sized dimension [${dims.join(', ')}]; llama.cpp would abort on it.`,
    );
  }
  const elements = dims.reduce((a, b) => a * b, 1n);
  if (elements > BigInt(Number.MAX_SAFE_INTEGER))
    throw new GgufFormatError('implausible', `Tensor "${name}" claims ${elements} elements.`);
  const info = GGML_TYPES.get(type);
  if (!info)
    throw new GgufFormatError(
      'bad-tensor',
      `Tensor "${name}" has tensor type ${type}, which this llama.cpp does not support (a newer or retired format).`,
    );
  const byteSize = tensorByteSize(info, dims);
  if (byteSize === undefined) {
    throw new GgufFormatError(
      'bad-tensor',
      `Tensor "${name}" has an inner dimension ${dims[0]} that is not a multiple of the ${info.name} block size ${info.blockSize}.`,
    );
  }
  if (offset % BigInt(alignment) !== 0n)
    throw new GgufFormatError(
      'bad-tensor',
      `Tensor "${name}" starts at offset ${offset}, which is not aligned to ${alignment} bytes.`,
    );
  return { name, dims, type, typeName: info.name, offset, byteSize };
}

/** Every tensor's data lies within the file, and no two overlap. */
function checkTensorData(tensors: GgufTensorInfo[], fileSize: number, dataOffset: number): void {
  const dataBytes = BigInt(Math.max(0, fileSize - dataOffset));
  for (const t of tensors) {
    const end = t.offset + t.byteSize;
    if (end > dataBytes) {
      throw new GgufFormatError(
        'data-beyond-eof',
        `The data of tensor "${t.name}" ends at byte ${BigInt(dataOffset) + end} but the file has only ${fileSize} bytes; the file is truncated (an incomplete download?) or corrupt.`,
      );
    }
  }
  const sorted = [...tensors].sort((a, b) => (a.offset < b.offset ? -1 : a.offset > b.offset ? 1 : 0));
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1];
    if (sorted[i].offset < prev.offset + prev.byteSize) {
      throw new GgufFormatError(
        'bad-tensor',
        `The data of tensors "${prev.name}" and "${sorted[i].name}" overlap; the file is corrupt.`,
      );
    }
  }
}

async function peek(fh: FileHandle, fileSize: number): Promise<string> {
  const b = Buffer.alloc(Math.min(200, fileSize));
  await fh.read(b, 0, b.length, 0);
  return b.toString('utf8');
}

function describeBadMagic(magic: string, head: string): string {
  if (head.startsWith('version https://git-lfs'))
    return 'This is a Git LFS pointer, not the model itself; download the actual file.';
  if (/^\s*</.test(head))
    return 'This is an HTML/XML page, not a GGUF model (a download that returned an error or login page?).';
  if (/^\s*[{[]/.test(head)) return 'This is a JSON file, not a GGUF model.';
  if (['ggml', 'ggmf', 'ggjt', 'lmgg', 'fmgg', 'tjgg'].includes(magic.toLowerCase())) {
    return 'This is an old GGML-format model; convert it to GGUF with a current llama.cpp.';
  }
  if (head.length < 4) return 'The file is too short to be a GGUF model.';
  return `This is not a GGUF model (it starts with ${JSON.stringify(magic)} instead of "GGUF").`;
}
