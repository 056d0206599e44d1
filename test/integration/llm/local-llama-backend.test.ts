import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmError } from '../../../src-main/llm/errors';
import { parseJsonReply, type JsonSchema } from '../../../src-main/llm/json-schema';
import { LocalLlamaBackend, type LocalLlamaOptions } from '../../../src-main/llm/local/local-llama-backend';
import type { ChatMessage } from '../../../src-main/llm/types';
import { writeMalformedGguf, writeTinyGguf } from '../../support/gguf/write-tiny-gguf';

/**
 * The local backend against a tiny random-weight llama GGUF (test/support/gguf): the model process is a
 * real child process running llama.cpp with threads: 1. Random weights produce garbage text, so the tests
 * check structure (grammar, counts, cancellation, reuse, crash isolation), never content.
 */

let dir: string;
let modelPath: string;
let backend: LocalLlamaBackend;
const base = (extra: Partial<LocalLlamaOptions> = {}): LocalLlamaOptions => ({
  modelPath,
  gpu: false,
  threads: 1,
  contextSize: 2048,
  asciiOnly: true,
  ...extra,
});

const question: ChatMessage[] = [
  { role: 'system', content: 'You answer questions about an ontology.' },
  { role: 'user', content: 'Which of A, B, C are subclasses of Disease?' },
];

/**
 * The byte-level tiny tokenizer makes prompt sizes computable by hand: ChatML with a BOS token,
 * `<|im_start|>role\ncontent<|im_end|>\n` per message (special tokens count 1, every byte 1), then
 * `<|im_start|>assistant\n`.
 */
function chatmlTokenCount(messages: ChatMessage[]): number {
  const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
  return (
    1 + messages.reduce((n, m) => n + 1 + bytes(m.role) + 1 + bytes(m.content) + 1 + 1, 0) + 1 + bytes('assistant') + 1
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'oarag-llm-'));
  modelPath = join(dir, 'tiny.gguf');
  writeTinyGguf(modelPath, { seed: 1234 });
  backend = new LocalLlamaBackend(base());
  await backend.start();
}, 60_000);

afterAll(async () => {
  await backend?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('LocalLlamaBackend (tiny random model, child process, threads: 1)', () => {
  it('loads the model in a separate process with the model’s own ChatML template', () => {
    const info = backend.info!;
    expect(info).toMatchObject({ gpu: false, threads: 1, contextSize: 2048, chatWrapper: 'ChatML', gpuLayers: 0 });
    expect(info.pid).not.toBe(process.pid);
    expect(backend.facts?.chatTemplate).toBe(true);
    expect(backend.state).toBe('ready');
    expect(backend.id).toBe('local:tiny.gguf');
  });

  it('constrains replies to a JSON schema with enum items (several seeds)', async () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { answer: { type: 'array', items: { enum: ['A', 'C'] } } },
    };
    for (const seed of [1, 2, 3, 4, 5]) {
      const r = await backend.chat(question, { maxTokens: 200, jsonSchema: schema, temperature: 0.8, seed });
      expect(r.finish, `seed ${seed}: ${r.text}`).toBe('stop');
      const v = parseJsonReply<{ answer: string[] }>(r.text, schema);
      expect(v.answer.every((a) => a === 'A' || a === 'C')).toBe(true);
    }
  });

  it('constrains replies to a JSON schema with a free string', async () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { answer: { type: 'string', maxLength: 40 }, sure: { type: 'boolean' } },
    };
    for (const seed of [11, 12, 13]) {
      const r = await backend.chat(question, { maxTokens: 300, jsonSchema: schema, temperature: 0.8, seed });
      const v = parseJsonReply<{ answer: string; sure: boolean }>(r.text, schema);
      expect(typeof v.answer).toBe('string');
    }
  });

  it('reports exact token counts', async () => {
    await backend.resetConversation();
    const formatted = await backend.formatPrompt(question);
    expect(formatted.text.startsWith('BOS<|im_start|>system\n')).toBe(true);
    expect(formatted.tokens).toBe(chatmlTokenCount(question));
    // asciiOnly + byte-level vocabulary: a generated token is one character, plus the end token if it stopped.
    const seen = new Set<string>();
    for (let seed = 1; seed <= 12 && seen.size < 2; seed++) {
      const r = await backend.chat(question, { maxTokens: 60, temperature: 0.8, seed });
      expect(r.inputTokens).toBe(chatmlTokenCount(question));
      expect(r.tokensEstimated).toBeUndefined();
      if (r.finish === 'length') expect([r.outputTokens, r.text.length]).toEqual([60, 60]);
      else expect(r.outputTokens).toBe(r.text.length + 1);
      seen.add(r.finish);
    }
    expect([...seen].sort()).toEqual(['length', 'stop']);
    expect(await backend.countTokens('abc<|im_end|>')).toBe(3 + '<|im_end|>'.length);
  });

  it('refuses a prompt that does not fit the context, and caps generation to the room left', async () => {
    const huge: ChatMessage[] = [{ role: 'user', content: 'x'.repeat(2100) }];
    await expect(backend.chat(huge, { maxTokens: 10 })).rejects.toMatchObject({
      code: 'context-overflow',
      message: `The prompt needs ${chatmlTokenCount(huge)} tokens but the context window holds 2048; shorten it or use a larger contextSize.`,
    });
    const big: ChatMessage[] = [{ role: 'user', content: 'x'.repeat(2000) }];
    const room = 2048 - chatmlTokenCount(big) - 1;
    const r = await backend.chat(big, { maxTokens: 500, temperature: 0.8, seed: 4 });
    expect(r.inputTokens).toBe(chatmlTokenCount(big));
    expect(r.outputTokens).toBeLessThanOrEqual(room);
    if (r.finish === 'length') expect(r.outputTokens).toBe(room);
  });

  it('streams text chunks that add up to the reply', async () => {
    const chunks: string[] = [];
    const r = await backend.chat(question, { maxTokens: 60, onText: (c) => chunks.push(c) });
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(r.text);
  });

  it('reuses the KV prefix when a conversation grows', async () => {
    await backend.resetConversation();
    const first = await backend.chat(question, { maxTokens: 30 });
    const s1 = backend.lastStats!;
    expect(s1.reusedPromptTokens).toBe(0);
    expect(s1.evaluatedPromptTokens).toBe(first.inputTokens);

    const followUp: ChatMessage[] = [
      ...question,
      { role: 'assistant', content: first.text },
      { role: 'user', content: 'Why?' },
    ];
    const second = await backend.chat(followUp, { maxTokens: 10 });
    const s2 = backend.lastStats!;
    expect(s2.extendedConversation).toBe(true);
    expect(second.inputTokens).toBe(chatmlTokenCount(followUp));
    // Everything the first call evaluated (prompt + all generated tokens but the last) is reused.
    expect(s2.reusedPromptTokens).toBe(first.inputTokens + first.outputTokens - 1);
    expect(s2.evaluatedPromptTokens).toBe(second.inputTokens - s2.reusedPromptTokens);
    expect(second.cachedInputTokens).toBe(s2.reusedPromptTokens);
    expect(s2.evaluatedPromptTokens).toBeLessThan(second.inputTokens / 4);

    await backend.resetConversation();
    await backend.chat(followUp, { maxTokens: 10 });
    expect(backend.lastStats!.reusedPromptTokens).toBe(0);
    expect(backend.lastStats!.evaluatedPromptTokens).toBe(second.inputTokens);
  });
});

describe('LocalLlamaBackend crash isolation', () => {
  it('rejects a zero-dimension tensor in the header check, before any process starts', async () => {
    const bad = join(dir, 'zero-dim.gguf');
    writeMalformedGguf(bad, 'zero-dim');
    const b = new LocalLlamaBackend(base({ modelPath: bad }));
    const err = await b.start().catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.code).toBe('model-invalid');
    expect(err.message).toMatch(
      /zero-dim\.gguf cannot be used: Tensor "blk\.0\.ffn_gate\.weight" has a zero-sized dimension/,
    );
    expect(b.pid).toBeUndefined();
  });

  it('survives llama.cpp aborting the model process on the same file (validation bypassed)', async () => {
    const bad = join(dir, 'zero-dim.gguf');
    writeMalformedGguf(bad, 'zero-dim');
    const b = new LocalLlamaBackend(base({ modelPath: bad, skipValidation: true }));
    const err = await b.start().catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.code).toBe('crashed');
    expect(err.message).toMatch(
      /crashed while loading zero-dim\.gguf \(signal SIGABRT: .*GGML_ASSERT\(t_meta\.ne\[dim\] >= 1\) failed\)/,
    );
    expect(b.state).toBe('failed');
    // Calls fail at once with the same reason instead of crashing a new process each time.
    await expect(b.chat(question, { maxTokens: 3 })).rejects.toBe(err);
    // This process is untouched and the healthy backend still answers.
    expect((await backend.chat(question, { maxTokens: 3 })).outputTokens).toBe(3);
  });

  it('reports llama.cpp’s reason when it refuses a model cleanly', async () => {
    const bad = join(dir, 'wrong-shape.gguf');
    writeMalformedGguf(bad, 'wrong-shape');
    const b = new LocalLlamaBackend(base({ modelPath: bad, skipValidation: true }));
    const err = await b.start().catch((e) => e);
    expect(err.code).toBe('model-load');
    expect(err.message).toMatch(
      /could not load the model: Failed to load model \(check_tensor_dims: tensor 'blk\.0\.attn_q\.weight' has wrong shape; expected 64, 64, got 64, 0, 1, 1\)/,
    );
  });
});

describe('LocalLlamaBackend cancellation and crashes mid-generation', () => {
  /** A random model may end a free reply at once; this grammar forces at least 900 tokens (3 per item). */
  const longReply: JsonSchema = { type: 'array', items: { enum: ['A', 'C'] }, minItems: 300 };
  // These use the shared backend; the last test kills its process and lets it restart.

  it('generates a long grammar-forced reply (the baseline the next tests interrupt)', async () => {
    const r = await backend.chat(question, { maxTokens: 1000, jsonSchema: longReply });
    if (r.finish === 'stop') expect((JSON.parse(r.text) as string[]).length).toBeGreaterThanOrEqual(300);
    else expect(r).toMatchObject({ finish: 'length', outputTokens: 1000 });
    expect(r.outputTokens).toBeGreaterThanOrEqual(900);
  });

  it('cancels mid-generation quickly and stays usable', async () => {
    await backend.resetConversation();
    const ac = new AbortController();
    let abortedAt = 0;
    const t0 = performance.now();
    const r = await backend.chat(question, {
      maxTokens: 1900,
      jsonSchema: longReply,
      signal: ac.signal,
      onText: () => {
        if (!abortedAt) {
          abortedAt = performance.now();
          ac.abort();
        }
      },
    });
    const stopMs = performance.now() - abortedAt;
    expect(r.finish).toBe('aborted');
    expect(r.text.length).toBeGreaterThan(0);
    expect(r.outputTokens).toBeLessThan(200);
    expect(stopMs).toBeLessThan(1000);
    expect(performance.now() - t0).toBeLessThan(5000);

    const before = new AbortController();
    before.abort();
    await expect(backend.chat(question, { maxTokens: 10, signal: before.signal })).rejects.toMatchObject({
      code: 'aborted',
    });

    const again = await backend.chat(question, { maxTokens: 5 });
    expect(again.outputTokens).toBe(5);
  });

  it('rejects the pending call when the model process dies mid-generation, then restarts', async () => {
    const firstPid = backend.pid!;
    const call = backend.chat(question, {
      maxTokens: 1900,
      jsonSchema: longReply,
      onText: () => {
        if (backend.pid === firstPid) process.kill(firstPid, 'SIGKILL');
      },
    });
    const err = await call.catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.code).toBe('crashed');
    expect(err.message).toMatch(/The model process crashed \(signal SIGKILL\); the call was lost/);
    expect(backend.state).toBe('crashed');

    const r = await backend.chat(question, { maxTokens: 4 });
    expect(r.outputTokens).toBe(4);
    expect(backend.pid).not.toBe(firstPid);
  });
});
