import { describe, expect, it } from 'vitest';
import { parseJsonReply, toStrictJsonSchema, validateJson, type JsonSchema } from '../../../src-main/llm/json-schema';
import { commonHistoryPrefix, toGenerationHistory } from '../../../src-main/llm/local/chat-history';
import { defaultContextSize, defaultThreads } from '../../../src-main/llm/local/machine-defaults';
import { resolveWorkerEntry } from '../../../src-main/llm/local/worker-launch';
import { recommendModel } from '../../../src-main/llm/models/recommend-model';
import { chatCompletionsUrl } from '../../../src-main/llm/openai/openai-backend';
import { isRetryableStatus, retryDelayMs } from '../../../src-main/llm/openai/retry';
import { SseParser } from '../../../src-main/llm/openai/sse';
import { estimateTokens } from '../../../src-main/llm/token-estimate';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    answer: { type: 'array', items: { enum: ['A', 'C'] } },
    sure: { type: 'boolean' },
    why: { type: 'string', maxLength: 20 },
  },
};

describe('json-schema', () => {
  it('validates values and names the first problem', () => {
    expect(validateJson({ answer: ['A', 'C'], sure: true, why: 'x' }, schema)).toEqual([]);
    expect(validateJson({ answer: ['B'], sure: 1, extra: 0 }, schema)).toEqual([
      '$.answer[0]: expected one of "A", "C"',
      '$.sure: expected a boolean',
      '$.why: missing',
      '$.extra: not allowed',
    ]);
    expect(() => parseJsonReply('{"answer": [', schema)).toThrow(/not valid JSON/);
    expect(() => parseJsonReply('{"answer":["A"],"sure":true,"why":"way too long for the limit"}', schema)).toThrow(
      /\$\.why: longer than 20/,
    );
  });

  it('produces the strict form OpenAI requires', () => {
    expect(toStrictJsonSchema(schema)).toEqual({
      type: 'object',
      properties: {
        answer: { type: 'array', items: { type: 'string', enum: ['A', 'C'] } },
        sure: { type: 'boolean' },
        why: { type: 'string', maxLength: 20 },
      },
      required: ['answer', 'sure', 'why'],
      additionalProperties: false,
    });
  });
});

describe('chat history', () => {
  it('appends an empty model turn, or continues a trailing assistant message', () => {
    expect(
      toGenerationHistory([
        { role: 'system', content: 's' },
        { role: 'user', content: 'u' },
      ]),
    ).toEqual([
      { type: 'system', text: 's' },
      { type: 'user', text: 'u' },
      { type: 'model', response: [] },
    ]);
    expect(
      toGenerationHistory([
        { role: 'user', content: 'u' },
        { role: 'assistant', content: '{"a' },
      ]),
    ).toEqual([
      { type: 'user', text: 'u' },
      { type: 'model', response: ['{"a'] },
    ]);
    expect(() => toGenerationHistory([])).toThrow(/at least one message/);
  });

  it('measures a common prefix', () => {
    const a = toGenerationHistory([
      { role: 'user', content: 'u' },
      { role: 'assistant', content: 'r' },
    ]);
    const b = toGenerationHistory([
      { role: 'user', content: 'u' },
      { role: 'assistant', content: 'r' },
      { role: 'user', content: 'more' },
    ]);
    expect(commonHistoryPrefix(a, b)).toBe(2);
    expect(commonHistoryPrefix(b, a)).toBe(2);
  });
});

describe('machine defaults and worker launch', () => {
  it('uses one thread for tiny models and one per core otherwise', () => {
    expect(defaultThreads(500_000, 8)).toBe(1);
    expect(defaultThreads(5e9, 2)).toBe(2);
    expect(defaultThreads(5e9, 64)).toBe(16);
    expect(defaultContextSize(40960)).toBe(8192);
    expect(defaultContextSize(2048)).toBe(2048);
    expect(defaultContextSize(undefined)).toBe(4096);
  });

  it('starts the .ts worker through tsx when running from sources', () => {
    const e = resolveWorkerEntry();
    expect(e.path).toMatch(/llama-worker\.ts$/);
    expect(e.execArgv[0]).toBe('--import');
    expect(e.execArgv[1]).toMatch(/^file:\/\/.*tsx\/dist\/loader\.mjs$/);
    expect(() => resolveWorkerEntry('/nope/llama-worker.js')).toThrow(/is missing/);
  });
});

describe('openai helpers', () => {
  it('builds the chat-completions URL from the usual base forms', () => {
    expect(chatCompletionsUrl('http://h:1')).toBe('http://h:1/v1/chat/completions');
    expect(chatCompletionsUrl('http://h:1/v1/')).toBe('http://h:1/v1/chat/completions');
    expect(chatCompletionsUrl('http://h:1/v1/chat/completions')).toBe('http://h:1/v1/chat/completions');
  });

  it('parses SSE across chunk boundaries and line-end styles', () => {
    const p = new SseParser();
    expect(p.push('data: {"a"')).toEqual([]);
    expect(p.push(':1}\r\n\r\n: comment\n\ndata: x\ndata: y\n')).toEqual(['{"a":1}']);
    expect(p.push('\nevent: e\ndata: [DONE]\r')).toEqual(['x\ny']);
    expect(p.push('\n\n')).toEqual(['[DONE]']);
    expect(p.push('data: tail')).toEqual([]);
    expect(p.end()).toEqual(['tail']);
  });

  it('backs off exponentially, honours Retry-After, and caps', () => {
    const policy = { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 1000 };
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4].map((a) => retryDelayMs(a, policy, null, mid))).toEqual([100, 200, 400, 800, 1000]);
    expect(retryDelayMs(0, policy, '0.3', mid)).toBe(300);
    expect(retryDelayMs(0, policy, '120', mid)).toBe(1000);
    expect([429, 500, 503, 408].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 404, 422].some(isRetryableStatus)).toBe(false);
  });
});

describe('token estimate', () => {
  it('is deterministic and roughly one token per short word', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('Which drugs inhibit COX-2?')).toBe(7);
    expect(estimateTokens('internationalization')).toBe(3);
    expect(estimateTokens('Ω')).toBe(1);
    expect(estimateTokens('Größe 12345 🙂')).toBe(3 + 2 + 2); // 7 UTF-8 bytes / 3, 5 digits / 3, an emoji
  });
});

describe('recommendModel', () => {
  const GB = 1024 ** 3;
  it('recommends an 8B Q4_K_M model from 16 GB, smaller ones below', () => {
    expect(recommendModel({ ramBytes: 24 * GB, cores: 8 })).toMatchObject({
      id: 'qwen3-8b-q4_k_m',
      quantisation: 'Q4_K_M',
      uri: 'hf:Qwen/Qwen3-8B-GGUF:Q4_K_M',
    });
    expect(recommendModel({ ramBytes: 12 * GB }).id).toBe('qwen3-4b-q4_k_m');
    expect(recommendModel({ ramBytes: 6 * GB }).id).toBe('qwen3-1.7b-q8_0');
    expect(recommendModel({ ramBytes: 2 * GB }).id).toBe('qwen3-0.6b-q8_0');
    expect(recommendModel({ ramBytes: 8 * GB, vramBytes: 24 * GB }).id).toBe('qwen3-8b-q4_k_m');
    expect(recommendModel({ ramBytes: 24 * GB, cores: 2 }).reason).toMatch(/24 GB of memory: .*2 CPU cores/);
  });
});
