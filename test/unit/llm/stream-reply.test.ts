import { describe, expect, it } from 'vitest';
import { LlmError } from '../../../src-main/llm/errors';
import { AttemptFailure } from '../../../src-main/llm/openai/openai-wire';
import { StreamedReply } from '../../../src-main/llm/openai/stream-reply';

const URL = 'http://127.0.0.1:1/v1/chat/completions';
const ev = (x: unknown) => JSON.stringify(x);
const text = (content: string) => ev({ choices: [{ delta: { content } }] });

function reply(maxChars = 1000, maxTokens = 500) {
  const chunks: string[] = [];
  const r = new StreamedReply(
    URL,
    [{ role: 'user', content: 'hi' }],
    { maxTokens, onText: (c) => chunks.push(c) },
    { text: '' },
    maxChars,
  );
  return { r, chunks };
}

describe('StreamedReply', () => {
  it('gathers text, usage and the finish reason until [DONE]', () => {
    const { r, chunks } = reply();
    r.handle(text('Hel'));
    r.handle(text('lo'));
    r.handle(
      ev({ choices: [{ delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 7, completion_tokens: 2 } }),
    );
    expect(r.done).toBe(false);
    r.handle('[DONE]');
    expect(r.done).toBe(true);
    expect(chunks).toEqual(['Hel', 'lo']);
    expect(r.result()).toMatchObject({ text: 'Hello', finish: 'stop', inputTokens: 7, outputTokens: 2 });
  });

  it('cuts the reply at the size cap and ends it as a length stop', () => {
    const { r, chunks } = reply(5);
    r.handle(text('abc'));
    r.handle(text('defgh'));
    expect(chunks).toEqual(['abc', 'de']);
    expect(r.done).toBe(true);
    expect(r.result()).toMatchObject({ text: 'abcde', finish: 'length', tokensEstimated: true });
  });

  it('assembles tool calls by index, and counts their arguments against the cap', () => {
    const { r } = reply(12);
    const call = (index: number, name: string | undefined, args: string) =>
      ev({
        choices: [{ delta: { tool_calls: [{ index, function: { ...(name ? { name } : {}), arguments: args } }] } }],
      });
    r.handle(call(0, 'ask', '{"a":'));
    r.handle(call(1, 'describe', '{}'));
    r.handle(call(0, undefined, '1}'));
    expect(r.toolCalls()).toEqual([
      { name: 'ask', arguments: '{"a":1}' },
      { name: 'describe', arguments: '{}' },
    ]);
    expect(r.done).toBe(false);
    r.handle(call(1, undefined, 'xxxxxx'));
    expect(r.done).toBe(true);
    expect(r.toolCalls()[1].arguments).toBe('{}xxx');
  });

  it('stops at our own token cap for servers that ignore max_tokens', () => {
    // 3 tokens asked, with the margin ownTokenLimit allows (8): the 12th one-token chunk is one too many
    const { r, chunks } = reply(100_000, 3);
    for (let i = 0; i < 30 && !r.done; i++) r.handle(text('word '));
    expect(chunks).toHaveLength(12);
    expect(r.finish).toBe('length');
  });

  it('fails on an event that is not JSON, and on an error event (retryable only before any text), with the partial reply', () => {
    const { r } = reply();
    expect(() => r.handle('{oops')).toThrow(AttemptFailure);
    const early = reply().r;
    let e = catchFailure(() => early.handle(ev({ error: { message: 'busy' } })));
    expect(e.retryable).toBe(true);
    r.handle(text('so far'));
    e = catchFailure(() => r.handle(ev({ error: { message: 'busy' } })));
    expect(e.retryable).toBe(false);
    expect(e.error).toBeInstanceOf(LlmError);
    expect(e.error.partial?.text).toBe('so far');
  });
});

function catchFailure(fn: () => void): AttemptFailure {
  try {
    fn();
  } catch (e) {
    if (e instanceof AttemptFailure) return e;
    throw e;
  }
  throw new Error('no failure');
}
