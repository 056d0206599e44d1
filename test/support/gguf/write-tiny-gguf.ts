import { seededRandom } from '../../../src-main/core/random';
import { encodeGguf, type GgufTensorSpec, type GgufValue, type GgufWriteOptions } from './gguf-writer';
import { writeFileSync } from 'node:fs';

/**
 * A tiny random-weight llama GGUF that llama.cpp loads (see shared notes: measured facts).
 * gpt2 byte-level vocabulary (256 byte tokens + <|endoftext|>, <|im_start|>, <|im_end|>), empty merges,
 * ChatML chat template, 2 blocks, embedding 64, FFN 128, 4 heads, context 2048, F32 weights N(0,1)*0.02.
 */
export interface TinyGgufOptions {
  seed?: number;
  /** Include the ChatML `tokenizer.chat_template` (default true). */
  chatTemplate?: boolean;
  headCountKv?: number;
  name?: string;
  /** Training context length (default 2048); agent trajectories need more room. */
  context?: number;
}

export const TINY = { vocab: 259, embedding: 64, ffn: 128, blocks: 2, heads: 4, context: 2048, ropeDims: 16 } as const;
export const TINY_SPECIAL = { endoftext: 256, imStart: 257, imEnd: 258 } as const;

export const CHATML_TEMPLATE =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/** GPT-2's bytes_to_unicode: printable bytes map to themselves, the rest to U+0100 onwards. */
export function gpt2ByteTokens(): string[] {
  const printable = (b: number) => (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || (b >= 174 && b <= 255);
  const out: string[] = [];
  let n = 0;
  for (let b = 0; b < 256; b++) out.push(String.fromCodePoint(printable(b) ? b : 256 + n++));
  return out;
}

const mulberry32 = seededRandom;

function randomF32(count: number, rnd: () => number, scale = 0.02): Uint8Array {
  const a = new Float32Array(count);
  for (let i = 0; i < count; i += 2) {
    const u1 = Math.max(rnd(), 1e-12);
    const u2 = rnd();
    const r = Math.sqrt(-2 * Math.log(u1));
    a[i] = r * Math.cos(2 * Math.PI * u2) * scale;
    if (i + 1 < count) a[i + 1] = r * Math.sin(2 * Math.PI * u2) * scale;
  }
  return new Uint8Array(a.buffer);
}

function ones(count: number): Uint8Array {
  return new Uint8Array(new Float32Array(count).fill(1).buffer);
}

export function tinyModelParts(o: TinyGgufOptions = {}): {
  metadata: [string, GgufValue][];
  tensors: GgufTensorSpec[];
} {
  const rnd = mulberry32(o.seed ?? 42);
  const kv = o.headCountKv ?? 4;
  const E = TINY.embedding;
  const headDim = E / TINY.heads;
  const tokens = [...gpt2ByteTokens(), '<|endoftext|>', '<|im_start|>', '<|im_end|>'];
  const tokenTypes = tokens.map((_, i) => (i < 256 ? 1 : 3));
  const u32 = (value: number): GgufValue => ({ kind: 'u32', value });
  const metadata: [string, GgufValue][] = [
    ['general.architecture', { kind: 'string', value: 'llama' }],
    ['general.name', { kind: 'string', value: o.name ?? 'tiny-random-llama' }],
    ['general.file_type', u32(0)],
    ['general.alignment', u32(32)],
    ['llama.context_length', u32(o.context ?? TINY.context)],
    ['llama.embedding_length', u32(E)],
    ['llama.block_count', u32(TINY.blocks)],
    ['llama.feed_forward_length', u32(TINY.ffn)],
    ['llama.attention.head_count', u32(TINY.heads)],
    ['llama.attention.head_count_kv', u32(kv)],
    ['llama.rope.dimension_count', u32(TINY.ropeDims)],
    ['llama.attention.layer_norm_rms_epsilon', { kind: 'f32', value: 1e-5 }],
    ['llama.vocab_size', u32(tokens.length)],
    ['tokenizer.ggml.model', { kind: 'string', value: 'gpt2' }],
    ['tokenizer.ggml.pre', { kind: 'string', value: 'default' }],
    ['tokenizer.ggml.tokens', { kind: 'array', itemKind: 'string', items: tokens }],
    ['tokenizer.ggml.token_type', { kind: 'array', itemKind: 'i32', items: tokenTypes }],
    ['tokenizer.ggml.merges', { kind: 'array', itemKind: 'string', items: [] }],
    ['tokenizer.ggml.bos_token_id', u32(TINY_SPECIAL.endoftext)],
    ['tokenizer.ggml.eos_token_id', u32(TINY_SPECIAL.imEnd)],
    ['tokenizer.ggml.add_bos_token', { kind: 'bool', value: false }],
  ];
  if (o.chatTemplate !== false) metadata.push(['tokenizer.chat_template', { kind: 'string', value: CHATML_TEMPLATE }]);

  const t = (name: string, dims: number[], data?: Uint8Array): GgufTensorSpec => ({
    name,
    dims,
    type: 0,
    data:
      data ??
      randomF32(
        dims.reduce((a, b) => a * b, 1),
        rnd,
      ),
  });
  const tensors: GgufTensorSpec[] = [t('token_embd.weight', [E, tokens.length])];
  for (let b = 0; b < TINY.blocks; b++) {
    tensors.push(
      t(`blk.${b}.attn_norm.weight`, [E], ones(E)),
      t(`blk.${b}.attn_q.weight`, [E, E]),
      t(`blk.${b}.attn_k.weight`, [E, kv * headDim]),
      t(`blk.${b}.attn_v.weight`, [E, kv * headDim]),
      t(`blk.${b}.attn_output.weight`, [E, E]),
      t(`blk.${b}.ffn_norm.weight`, [E], ones(E)),
      t(`blk.${b}.ffn_gate.weight`, [E, TINY.ffn]),
      t(`blk.${b}.ffn_up.weight`, [E, TINY.ffn]),
      t(`blk.${b}.ffn_down.weight`, [TINY.ffn, E]),
    );
  }
  tensors.push(t('output_norm.weight', [E], ones(E)), t('output.weight', [E, tokens.length]));
  return { metadata, tensors };
}

export function encodeTinyGguf(o: TinyGgufOptions = {}, w: GgufWriteOptions = {}): Buffer {
  const { metadata, tensors } = tinyModelParts(o);
  return encodeGguf(metadata, tensors, w);
}

/** Writes the tiny model to `path` and returns its size in bytes. */
export function writeTinyGguf(path: string, o: TinyGgufOptions = {}): number {
  const buf = encodeTinyGguf(o);
  writeFileSync(path, buf);
  return buf.length;
}

export type MalformedKind =
  | 'bad-magic'
  | 'bad-version'
  | 'truncated-header'
  | 'truncated-data'
  | 'zero-dim'
  | 'wrong-shape'
  | 'huge-tensor-count'
  | 'offset-beyond-eof'
  | 'empty';

/**
 * Writes a broken variant of the tiny model.
 * - `zero-dim`: feed_forward_length 0 and FFN tensors with a 0 dimension, consistent with each other:
 *   well-formed GGUF on which llama.cpp 3.21.1 aborts the whole process at load
 *   (`GGML_ASSERT(t_meta.ne[dim] >= 1)`, SIGABRT), no JS exception.
 * - `wrong-shape`: one tensor with a 0 dimension that contradicts the hyperparameters: llama.cpp refuses it
 *   cleanly ("Failed to load model"), no crash.
 */
export function writeMalformedGguf(path: string, kind: MalformedKind, o: TinyGgufOptions = {}): void {
  const { metadata, tensors } = tinyModelParts(o);
  let buf: Buffer;
  switch (kind) {
    case 'bad-magic':
      buf = encodeGguf(metadata, tensors, { magic: 'GGML' });
      break;
    case 'bad-version':
      buf = encodeGguf(metadata, tensors, { version: 99 });
      break;
    case 'truncated-header':
      buf = encodeGguf(metadata, tensors).subarray(0, 2000);
      break;
    case 'truncated-data': {
      const full = encodeGguf(metadata, tensors);
      buf = full.subarray(0, full.length - 4096);
      break;
    }
    case 'zero-dim': {
      const ffn = metadata.find((x) => x[0] === 'llama.feed_forward_length')!;
      ffn[1] = { kind: 'u32', value: 0 };
      for (let i = 0; i < tensors.length; i++) {
        const t = tensors[i];
        if (/ffn_(gate|up)/.test(t.name)) tensors[i] = { ...t, dims: [TINY.embedding, 0], data: new Uint8Array(0) };
        if (/ffn_down/.test(t.name)) tensors[i] = { ...t, dims: [0, TINY.embedding], data: new Uint8Array(0) };
      }
      buf = encodeGguf(metadata, tensors);
      break;
    }
    case 'wrong-shape': {
      const i = tensors.findIndex((x) => x.name === 'blk.0.attn_q.weight');
      tensors[i] = { ...tensors[i], dims: [TINY.embedding, 0], data: new Uint8Array(0) };
      buf = encodeGguf(metadata, tensors);
      break;
    }
    case 'huge-tensor-count':
      buf = encodeGguf(metadata, tensors, { tensorCountOverride: 1n << 40n });
      break;
    case 'offset-beyond-eof':
      buf = encodeGguf(metadata, tensors, { offsetOverrides: { 'output.weight': 1n << 33n } });
      break;
    case 'empty':
      buf = Buffer.alloc(0);
      break;
  }
  writeFileSync(path, buf);
}
