import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectGguf } from '../../../src-main/llm/gguf/gguf-facts';
import { GgufFormatError, readGgufHeader } from '../../../src-main/llm/gguf/gguf-reader';
import { encodeGguf } from '../../support/gguf/gguf-writer';
import {
  TINY,
  tinyModelParts,
  writeMalformedGguf,
  writeTinyGguf,
  type MalformedKind,
} from '../../support/gguf/write-tiny-gguf';

let dir: string;
let tiny: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'oarag-gguf-'));
  tiny = join(dir, 'tiny.gguf');
  writeTinyGguf(tiny, { seed: 7 });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function problemOf(path: string): Promise<GgufFormatError> {
  try {
    await inspectGguf(path);
  } catch (e) {
    expect(e).toBeInstanceOf(GgufFormatError);
    return e as GgufFormatError;
  }
  throw new Error(`${path} was accepted`);
}

describe('GGUF header reader', () => {
  it('reports the facts of the tiny generated model', async () => {
    const f = await inspectGguf(tiny);
    expect(f).toMatchObject({
      version: 3,
      architecture: 'llama',
      name: 'tiny-random-llama',
      fileType: 0,
      quantisation: 'F32',
      contextLength: TINY.context,
      embeddingLength: TINY.embedding,
      blockCount: TINY.blocks,
      headCount: TINY.heads,
      tensorCount: 3 + 9 * TINY.blocks,
      vocabularySize: TINY.vocab,
      chatTemplate: true,
    });
    expect(f.sizeBytes).toBeGreaterThan(400_000);
    expect(f.parameterCount).toBe(
      2 * TINY.embedding * TINY.vocab +
        TINY.blocks * (2 * TINY.embedding + 4 * TINY.embedding ** 2 + 3 * TINY.embedding * TINY.ffn) +
        TINY.embedding,
    );
  });

  it('agrees with node-llama-cpp’s own GGUF parser', async () => {
    const { readGgufFileInfo } = await import('node-llama-cpp');
    const theirs = await readGgufFileInfo(tiny);
    const ours = await readGgufHeader(tiny);
    expect(ours.tensors.map((t) => t.name)).toEqual(theirs.tensorInfo?.map((t) => t.name));
    expect(ours.tensors.map((t) => t.dims.map(Number))).toEqual(
      theirs.tensorInfo?.map((t) => t.dimensions.map(Number)),
    );
    expect(ours.metadata.get('general.architecture')).toBe(theirs.metadata.general.architecture);
  });

  it('notices a missing chat template', async () => {
    const p = join(dir, 'no-template.gguf');
    writeTinyGguf(p, { chatTemplate: false });
    expect((await inspectGguf(p)).chatTemplate).toBe(false);
  });

  const cases: [MalformedKind, GgufFormatError['problem'], RegExp][] = [
    ['bad-magic', 'bad-magic', /old GGML-format/],
    ['bad-version', 'unsupported-version', /version 99 is not supported/],
    ['truncated-header', 'truncated', /ends in the middle of the header/],
    ['truncated-data', 'data-beyond-eof', /truncated/],
    ['offset-beyond-eof', 'data-beyond-eof', /output\.weight/],
    ['zero-dim', 'bad-tensor', /zero-sized dimension/],
    ['wrong-shape', 'bad-tensor', /zero-sized dimension/],
    ['huge-tensor-count', 'implausible', /claims 1099511627776 tensors/],
    ['empty', 'truncated', /empty/],
  ];
  for (const [kind, problem, message] of cases) {
    it(`rejects ${kind} with a clear reason`, async () => {
      const p = join(dir, `${kind}.gguf`);
      writeMalformedGguf(p, kind);
      const e = await problemOf(p);
      expect(e.problem).toBe(problem);
      expect(e.message).toMatch(message);
    });
  }

  it('explains common non-GGUF files', async () => {
    const lfs = join(dir, 'lfs.gguf');
    writeFileSync(lfs, 'version https://git-lfs.github.com/spec/v1\noid sha256:abc\nsize 123\n');
    expect((await problemOf(lfs)).message).toMatch(/Git LFS pointer/);
    const html = join(dir, 'page.gguf');
    writeFileSync(html, '<!DOCTYPE html><html><body>Sign in</body></html>');
    expect((await problemOf(html)).message).toMatch(/HTML/);
    const other = join(dir, 'other.gguf');
    writeFileSync(other, Buffer.from('PK\x03\x04 some zip file'));
    expect((await problemOf(other)).message).toMatch(/not a GGUF model \(it starts with "PK/);
    expect((await problemOf(join(dir, 'missing.gguf'))).problem).toBe('not-a-file');
  });

  it('rejects a misaligned tensor, an unknown tensor type and a non-block-multiple shape', async () => {
    const { metadata, tensors } = tinyModelParts();
    const p1 = join(dir, 'misaligned.gguf');
    writeFileSync(p1, encodeGguf(metadata, tensors, { offsetOverrides: { 'output.weight': 4n } }));
    expect((await problemOf(p1)).message).toMatch(/not aligned/);

    const p2 = join(dir, 'unknown-type.gguf');
    writeFileSync(
      p2,
      encodeGguf(
        metadata,
        tensors.map((t, i) => (i === 0 ? { ...t, type: 77 } : t)),
      ),
    );
    expect((await problemOf(p2)).message).toMatch(/tensor type 77/);

    const p3 = join(dir, 'q4-shape.gguf');
    writeFileSync(
      p3,
      encodeGguf(
        metadata,
        tensors.map((t, i) => (i === 0 ? { ...t, type: 12 } : t)),
      ),
    );
    expect((await problemOf(p3)).message).toMatch(/not a multiple of the Q4_K block size 256/);
  });

  it('reads only the header of a multi-gigabyte file', async () => {
    // A sparse 5 GiB file: a valid header with one Q4_K tensor whose data is never written.
    const p = join(dir, 'big.gguf');
    const { metadata } = tinyModelParts();
    const rows = 2_400_000; // 4096 × 2.4 M weights of Q4_K (144 bytes per 256 weights) = 5.5 GB
    const dims = [4096, rows];
    const header = encodeGguf(metadata, [{ name: 'token_embd.weight', dims, type: 12, data: new Uint8Array(0) }]);
    writeFileSync(p, header);
    const dataBytes = (4096 / 256) * 144 * rows;
    truncateSync(p, header.length + dataBytes);
    const t0 = performance.now();
    const f = await inspectGguf(p);
    expect(performance.now() - t0).toBeLessThan(3000);
    expect(f.sizeBytes).toBe(header.length + dataBytes);
    expect(f.sizeBytes).toBeGreaterThan(5 * 2 ** 30);
    expect(f.quantisation).toBe('F32'); // general.file_type of the tiny metadata wins over tensor types
    expect(f.tensorCount).toBe(1);
    rmSync(p);
  });
});
