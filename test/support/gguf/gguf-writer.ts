import { writeFileSync } from 'node:fs';

/** GGUF metadata value types (the on-disk type ids). */
export const GV = {
  u8: 0,
  i8: 1,
  u16: 2,
  i16: 3,
  u32: 4,
  i32: 5,
  f32: 6,
  bool: 7,
  string: 8,
  array: 9,
  u64: 10,
  i64: 11,
  f64: 12,
} as const;
export type GgufScalarKind = Exclude<keyof typeof GV, 'array'>;

export type GgufValue =
  | { kind: GgufScalarKind; value: number | bigint | boolean | string }
  | { kind: 'array'; itemKind: GgufScalarKind; items: (number | bigint | boolean | string)[] };

export interface GgufTensorSpec {
  name: string;
  /** Innermost first, as GGUF stores them. */
  dims: number[];
  /** ggml type id: 0 = F32, 1 = F16. */
  type: number;
  data: Uint8Array;
}

export interface GgufWriteOptions {
  version?: number;
  magic?: string;
  alignment?: number;
  /** Override the tensor count written in the header (to fake implausible counts). */
  tensorCountOverride?: bigint;
  /** Override a tensor's offset (by name) to point past the end of the file. */
  offsetOverrides?: Record<string, bigint>;
}

class ByteSink {
  private chunks: Buffer[] = [];
  length = 0;
  push(b: Buffer): void {
    this.chunks.push(b);
    this.length += b.length;
  }
  u32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.push(b);
  }
  u64(v: bigint | number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    this.push(b);
  }
  str(s: string): void {
    const bytes = Buffer.from(s, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  pad(alignment: number): void {
    const rem = this.length % alignment;
    if (rem) this.push(Buffer.alloc(alignment - rem));
  }
  concat(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

function writeScalar(sink: ByteSink, kind: GgufScalarKind, v: number | bigint | boolean | string): void {
  const b = Buffer.alloc(8);
  switch (kind) {
    case 'u8':
      b.writeUInt8(Number(v));
      sink.push(b.subarray(0, 1));
      return;
    case 'i8':
      b.writeInt8(Number(v));
      sink.push(b.subarray(0, 1));
      return;
    case 'u16':
      b.writeUInt16LE(Number(v));
      sink.push(b.subarray(0, 2));
      return;
    case 'i16':
      b.writeInt16LE(Number(v));
      sink.push(b.subarray(0, 2));
      return;
    case 'u32':
      b.writeUInt32LE(Number(v));
      sink.push(b.subarray(0, 4));
      return;
    case 'i32':
      b.writeInt32LE(Number(v));
      sink.push(b.subarray(0, 4));
      return;
    case 'f32':
      b.writeFloatLE(Number(v));
      sink.push(b.subarray(0, 4));
      return;
    case 'bool':
      b.writeUInt8(v ? 1 : 0);
      sink.push(b.subarray(0, 1));
      return;
    case 'u64':
      b.writeBigUInt64LE(BigInt(v));
      sink.push(b);
      return;
    case 'i64':
      b.writeBigInt64LE(BigInt(v));
      sink.push(b);
      return;
    case 'f64':
      b.writeDoubleLE(Number(v));
      sink.push(b);
      return;
    case 'string':
      sink.str(String(v));
      return;
  }
}

/** Serialises a whole GGUF file (header, metadata, tensor infos, aligned data) into one buffer. */
export function encodeGguf(
  metadata: [string, GgufValue][],
  tensors: GgufTensorSpec[],
  o: GgufWriteOptions = {},
): Buffer {
  const alignment = o.alignment ?? 32;
  const sink = new ByteSink();
  sink.push(Buffer.from(o.magic ?? 'GGUF', 'latin1'));
  sink.u32(o.version ?? 3);
  sink.u64(o.tensorCountOverride ?? BigInt(tensors.length));
  sink.u64(metadata.length);
  for (const [key, val] of metadata) {
    sink.str(key);
    if (val.kind === 'array') {
      sink.u32(GV.array);
      sink.u32(GV[val.itemKind]);
      sink.u64(val.items.length);
      for (const it of val.items) writeScalar(sink, val.itemKind, it);
    } else {
      sink.u32(GV[val.kind]);
      writeScalar(sink, val.kind, val.value);
    }
  }
  let offset = 0;
  const offsets: number[] = [];
  for (const t of tensors) {
    offsets.push(offset);
    offset += t.data.length;
    offset = Math.ceil(offset / alignment) * alignment;
  }
  tensors.forEach((t, i) => {
    sink.str(t.name);
    sink.u32(t.dims.length);
    for (const d of t.dims) sink.u64(d);
    sink.u32(t.type);
    sink.u64(o.offsetOverrides?.[t.name] ?? BigInt(offsets[i]));
  });
  sink.pad(alignment);
  for (const t of tensors) {
    sink.push(Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength));
    sink.pad(alignment);
  }
  return sink.concat();
}

export function writeGguf(
  path: string,
  metadata: [string, GgufValue][],
  tensors: GgufTensorSpec[],
  o: GgufWriteOptions = {},
): void {
  writeFileSync(path, encodeGguf(metadata, tensors, o));
}
