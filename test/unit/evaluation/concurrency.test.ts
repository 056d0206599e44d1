import { describe, expect, it } from 'vitest';
import { effectiveConcurrency, isTransient, withItemRetry } from '../../../src-main/evaluation/concurrency';
import { concurrencyOption } from '../../../src-main/cli/commands/eval-command';
import { LlmError } from '../../../src-main/llm/errors';
import type { LlmBackend } from '../../../src-main/llm/types';

const backend = (id: string): LlmBackend => ({
  id,
  chat: async () => {
    throw new Error('unused');
  },
  close: async () => {},
});

describe('effectiveConcurrency', () => {
  it('lets only an OpenAI-compatible server take several items at once', () => {
    expect(effectiveConcurrency(16, backend('openai:m@127.0.0.1:8080'))).toEqual({ n: 16, note: null });
    expect(effectiveConcurrency(1000, backend('openai:m@h'))).toEqual({ n: 64, note: null });
    expect(effectiveConcurrency(undefined, backend('openai:m@h'))).toEqual({ n: 1, note: null });
    const local = effectiveConcurrency(4, backend('local:qwen.gguf'));
    expect(local.n).toBe(1);
    expect(local.note).toMatch(/local model generates one answer at a time/);
    expect(effectiveConcurrency(4, backend('scripted:x.json')).note).toMatch(
      /scripted model hands out its replies in order/,
    );
    expect(effectiveConcurrency(4, undefined).n).toBe(1);
  });
});

describe('withItemRetry', () => {
  const policy = { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 5 };

  it('runs an item again after a 429 or 5xx, and gives up after the policy', async () => {
    expect(isTransient(new LlmError('http', 'x', { status: 429 }))).toBe(true);
    expect(isTransient(new LlmError('http', 'x', { status: 503 }))).toBe(true);
    expect(isTransient(new LlmError('http', 'x'))).toBe(false); // unreachable: the run stops and can be resumed
    expect(isTransient(new LlmError('http', 'x', { status: 400 }))).toBe(false);
    expect(isTransient(new LlmError('bad-reply', 'x'))).toBe(false);
    let calls = 0;
    const retries: number[] = [];
    const v = await withItemRetry(
      async () => {
        if (++calls < 3) throw new LlmError('http', 'busy', { status: 429 });
        return 'ok';
      },
      undefined,
      (a) => retries.push(a),
      policy,
    );
    expect(v).toBe('ok');
    expect(retries).toEqual([1, 2]);
    calls = 0;
    await expect(
      withItemRetry(
        async () => {
          calls++;
          throw new LlmError('http', 'down', { status: 502 });
        },
        undefined,
        undefined,
        policy,
      ),
    ).rejects.toThrow('down');
    expect(calls).toBe(3);
    calls = 0;
    await expect(
      withItemRetry(
        async () => {
          calls++;
          throw new LlmError('http', 'bad', { status: 400 });
        },
        undefined,
        undefined,
        policy,
      ),
    ).rejects.toThrow('bad');
    expect(calls).toBe(1);
  });
});

describe('eval --concurrency', () => {
  it('takes a whole number from 1 to 64, and says what is wrong otherwise', () => {
    expect(concurrencyOption(undefined)).toBe(1);
    expect(concurrencyOption('16')).toBe(16);
    for (const bad of ['0', '65', '2.5', 'many', ''])
      expect(() => concurrencyOption(bad)).toThrow(/--concurrency must be a whole number from 1 to 64/);
  });
});
