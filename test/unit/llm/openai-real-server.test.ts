import { describe, expect, it } from 'vitest';
import { isTransient } from '../../../src-main/evaluation/concurrency';
import { LlmError } from '../../../src-main/llm/errors';
import { OutageWatch, isOutage } from '../../../src-main/llm/openai/outage';
import { replyProblem } from '../../../src-main/llm/openai/reply-problem';
import {
  isFieldRefusal,
  isValidationError,
  nextSchemaMode,
  schemaFields,
} from '../../../src-main/llm/openai/schema-modes';
import { SlotLimiter } from '../../../src-main/llm/openai/server-slots';
import { schemaGbnf } from '../../../src-main/llm/schema-gbnf';
import type { JsonSchema } from '../../../src-main/llm/types';

const PYDANTIC =
  "1 validation error for CreateChatCompletionRequest\nresponse_format.type\n  Input should be 'text' or 'json_object' [type=literal_error, input_value='json_schema', input_type=str]";

describe('what a real server means by its refusals (issue #40)', () => {
  it('a 4xx or a 5xx validation error about the field refuses it; a busy or broken server does not', () => {
    expect(isFieldRefusal(500, PYDANTIC)).toBe(true);
    expect(isFieldRefusal(400, 'anything')).toBe(true);
    expect(isFieldRefusal(422, 'anything')).toBe(true);
    expect(isFieldRefusal(429, 'slow down')).toBe(false);
    expect(isFieldRefusal(500, 'model is loading')).toBe(false);
    expect(isFieldRefusal(503, 'overloaded')).toBe(false);
    expect(isValidationError(500, PYDANTIC)).toBe(true);
    expect(isValidationError(500, 'CUDA out of memory')).toBe(false);
  });

  it('schema modes go json_schema → json_object (with the schema) → grammar → prompt', () => {
    const schema: JsonSchema = { type: 'object', properties: { answer: { type: 'array', items: { enum: ['A'] } } } };
    expect(nextSchemaMode('json_schema')).toBe('json_object');
    expect(nextSchemaMode('json_object')).toBe('grammar');
    expect(nextSchemaMode('grammar')).toBe('prompt');
    expect(nextSchemaMode('prompt')).toBe('prompt');
    expect(schemaFields('json_object', schema)).toMatchObject({
      response_format: { type: 'json_object', schema: { type: 'object', required: ['answer'] } },
    });
    expect(schemaFields('prompt', schema)).toEqual({});
  });

  it('the GBNF for a schema names each key and enum value as JSON literals', () => {
    const g = schemaGbnf({
      type: 'object',
      properties: { answer: { type: 'array', items: { enum: ['A', 'B'] } }, sure: { type: 'boolean' } },
    });
    expect(g).toMatch(/^root ::= ws r\d+ ws$/m);
    expect(g).toContain('"\\"answer\\""');
    expect(g).toContain('"\\"A\\"" | "\\"B\\""');
    expect(g).toMatch(/^boolean ::= "true" \| "false"$/m);
  });

  it('an empty reply, or one the server cut before max_tokens, is not an answer; our own stop is', () => {
    const r = { text: '', inputTokens: 10, outputTokens: 0, finish: 'stop' as const };
    expect(replyProblem(r, 100)).toBe('empty');
    expect(replyProblem({ ...r, text: 'ok', outputTokens: 1 }, 100)).toBeNull();
    expect(replyProblem({ ...r, text: '{"a', outputTokens: 3, finish: 'length' }, 100)).toBe('cut');
    expect(replyProblem({ ...r, text: 'long', outputTokens: 100, finish: 'length' }, 100)).toBeNull();
    expect(replyProblem({ ...r, finish: 'length', tokensEstimated: true }, 100)).toBeNull();
    expect(replyProblem({ ...r, toolCalls: [{ name: 'f', arguments: '{}' }] }, 100)).toBeNull();
  });

  it('an empty-reply burst lowers the requests in flight, and waiters go as room frees', async () => {
    const l = new SlotLimiter();
    const held = await Promise.all([l.acquire(), l.acquire(), l.acquire(), l.acquire()]);
    l.emptyBurst(4, 'http://s');
    expect(l.note).toMatch(/empty reply with 4 requests in flight .* at most 3 at a time/);
    held.forEach((r) => r());
    l.emptyBurst(2, 'http://s');
    const a = await l.acquire();
    let second = false;
    const b = l.acquire().then((r) => ((second = true), r));
    await new Promise((r) => setTimeout(r, 20));
    expect(second).toBe(false);
    a();
    (await b)();
    expect(second).toBe(true);
  });

  it('an outage is refused/reset or 502/503, waited out once for all requests, up to the limit', async () => {
    expect(isOutage({ network: 'ECONNREFUSED' })).toBe(true);
    expect(isOutage({ network: 'ENOTFOUND' })).toBe(false);
    expect(isOutage({ status: 503 })).toBe(true);
    expect(isOutage({ status: 500 })).toBe(false);
    let t = 0;
    const w = new OutageWatch(1000, () => t);
    const heard: unknown[] = [];
    w.listen((x) => heard.push(x));
    const signal = new AbortController().signal;
    await w.wait('http://s', 'ECONNREFUSED', 0, signal);
    t = 600;
    await w.wait('http://s', 'ECONNREFUSED', 1, signal);
    expect(heard).toEqual([
      { reason: 'ECONNREFUSED', waitedMs: 0, limitMs: 1000 },
      { reason: 'ECONNREFUSED', waitedMs: 600, limitMs: 1000 },
    ]);
    t = 1000;
    const err = await w.wait('http://s', 'ECONNREFUSED', 2, signal).catch((e) => e);
    expect(err).toMatchObject({ code: 'http', outage: true });
    expect(isTransient(err)).toBe(false);
    w.recovered();
    expect(heard.at(-1)).toBeNull();
  });

  it('an evaluation re-runs an overloaded item, never a validation error or an outage past its limit', () => {
    expect(isTransient(new LlmError('http', 'busy', { status: 503 }))).toBe(true);
    expect(isTransient(new LlmError('http', 'no', { status: 500, permanent: true }))).toBe(false);
  });
});
