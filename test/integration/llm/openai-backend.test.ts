import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import { LlmError } from '../../../src-main/llm/errors';
import type { JsonSchema } from '../../../src-main/llm/json-schema';
import { OpenAiBackend, type OpenAiBackendOptions } from '../../../src-main/llm/openai/openai-backend';
import type { ChatMessage } from '../../../src-main/llm/types';
import { jsonServerForFile, type JsonHandler } from '../../support/json-server';

/** A scriptable OpenAI-compatible server on 127.0.0.1, port 0. */
let handler: JsonHandler;
let requests: Record<string, unknown>[];

const server = jsonServerForFile((req, res, body) => {
  requests.push({ ...body, __path: req.url, __auth: req.headers.authorization });
  handler(req, res, body);
});
beforeEach(() => {
  requests = [];
});

const messages: ChatMessage[] = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'Say hello.' },
];
const make = (o: Partial<OpenAiBackendOptions> = {}) =>
  new OpenAiBackend({ baseUrl: server.base, model: 'test-model', retry: { baseDelayMs: 10, maxDelayMs: 50 }, ...o });

function sse(res: ServerResponse, events: unknown[], { done = true, delayMs = 0 } = {}): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  let i = 0;
  const next = () => {
    if (res.destroyed) return;
    if (i < events.length) {
      res.write(`data: ${typeof events[i] === 'string' ? events[i] : JSON.stringify(events[i])}\n\n`);
      i++;
      if (delayMs) setTimeout(next, delayMs);
      else next();
    } else {
      if (done) res.write('data: [DONE]\n\n');
      res.end();
    }
  };
  next();
}
const delta = (content: string, finish: string | null = null) => ({
  choices: [{ index: 0, delta: { content }, finish_reason: finish }],
});
const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

describe('OpenAiBackend against a local server', () => {
  it('streams a reply with usage from the final chunk', async () => {
    handler = (_req, res) =>
      sse(res, [
        delta('Hel'),
        delta('lo'),
        delta('!', 'stop'),
        {
          choices: [],
          usage: { prompt_tokens: 17, completion_tokens: 3, prompt_tokens_details: { cached_tokens: 12 } },
        },
      ]);
    const chunks: string[] = [];
    const r = await make({ apiKey: 'k-123' }).chat(messages, {
      maxTokens: 20,
      seed: 7,
      stop: ['\n\n'],
      onText: (c) => chunks.push(c),
    });
    expect(chunks).toEqual(['Hel', 'lo', '!']);
    expect(r).toEqual({ text: 'Hello!', inputTokens: 17, outputTokens: 3, finish: 'stop', cachedInputTokens: 12 });
    expect(requests[0]).toMatchObject({
      __path: '/v1/chat/completions',
      __auth: 'Bearer k-123',
      model: 'test-model',
      messages,
      max_tokens: 20,
      temperature: 0,
      seed: 7,
      stop: ['\n\n'],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(requests[0].response_format).toBeUndefined();
  });

  it('reads a non-streamed reply and estimates counts when usage is missing', async () => {
    handler = (_req, res) =>
      json(res, 200, { choices: [{ message: { role: 'assistant', content: 'Hi there' }, finish_reason: 'length' }] });
    const r = await make({ stream: false }).chat(messages, { maxTokens: 2 });
    expect(r).toMatchObject({ text: 'Hi there', finish: 'length', tokensEstimated: true });
    expect(r.outputTokens).toBe(2);
    expect(requests[0].stream).toBe(false);
  });

  it('accepts a JSON answer when a stream was asked for', async () => {
    handler = (_req, res) =>
      json(res, 200, {
        choices: [{ message: { content: 'plain' }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 5, completion_tokens: 1 },
      });
    expect(await make().chat(messages, { maxTokens: 5 })).toEqual({
      text: 'plain',
      inputTokens: 5,
      outputTokens: 1,
      finish: 'stop',
      // No prompt_tokens_details.cached_tokens: what the server evaluated is not reported.
      cachedInputTokens: null,
    });
  });

  it('sends a strict json_schema response format, and falls back to json_object with a schema, then the prompt, on 400s', async () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { answer: { type: 'array', items: { enum: ['A', 'C'] } } },
    };
    handler = (_req, res) => sse(res, [delta('{"answer":["A"]}', 'stop')]);
    const ok = make();
    await ok.chat(messages, { maxTokens: 50, jsonSchema: schema });
    expect(requests[0].response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'reply',
        strict: true,
        schema: {
          type: 'object',
          properties: { answer: { type: 'array', items: { type: 'string', enum: ['A', 'C'] } } },
          required: ['answer'],
          additionalProperties: false,
        },
      },
    });

    requests = [];
    handler = (_req, res, body) => {
      if (body.response_format)
        json(res, 400, { error: { message: "'response_format' of type 'json_schema' is not supported" } });
      else sse(res, [delta('{"answer":["C"]}', 'stop')]);
    };
    const old = make();
    const r = await old.chat(messages, { maxTokens: 50, jsonSchema: schema });
    expect(r.text).toBe('{"answer":["C"]}');
    expect(requests).toHaveLength(3);
    expect(requests[1].response_format).toMatchObject({ type: 'json_object', schema: { type: 'object' } });
    const fallback = requests[2] as { response_format?: unknown; messages: ChatMessage[] };
    expect(fallback.response_format).toBeUndefined();
    expect(fallback.messages[0].content).toMatch(
      /^You are terse\.\n\nAnswer with one JSON value that matches this JSON schema/,
    );
    expect(old.usesPromptForSchemas).toBe(true);
    await old.chat(messages, { maxTokens: 50, jsonSchema: schema });
    expect(requests).toHaveLength(4);
    expect(requests[3].response_format).toBeUndefined();
  });

  it('retries a 500 and succeeds', async () => {
    let n = 0;
    handler = (_req, res) => {
      if (n++ === 0) json(res, 500, { error: { message: 'model is loading' } });
      else sse(res, [delta('ok', 'stop')]);
    };
    const r = await make().chat(messages, { maxTokens: 5 });
    expect(r.text).toBe('ok');
    expect(requests).toHaveLength(2);
  });

  it('honours Retry-After on a 429', async () => {
    let n = 0;
    handler = (_req, res) => {
      if (n++ === 0) json(res, 429, { error: 'slow down' }, { 'retry-after': '0.2' });
      else sse(res, [delta('ok', 'stop')]);
    };
    const t0 = performance.now();
    await make({ retry: { baseDelayMs: 1, maxDelayMs: 5000 } }).chat(messages, { maxTokens: 5 });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(190);
  });

  it('gives up after the allowed retries and does not retry client errors', async () => {
    handler = (_req, res) => json(res, 500, { error: { message: 'overloaded' } });
    const err = await make({ retry: { maxRetries: 2, baseDelayMs: 5 } })
      .chat(messages, { maxTokens: 5 })
      .catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err).toMatchObject({ code: 'http', status: 500 });
    expect(err.message).toMatch(/answered 500 Internal Server Error: overloaded\. \(gave up after 3 attempts\)$/);
    expect(requests).toHaveLength(3);

    // A 503 is an outage: waited out (not counted as retries) up to retryForMs, then named as such.
    requests = [];
    handler = (_req, res) => json(res, 503, { error: { message: 'overloaded' } });
    const away = await make({ retry: { maxRetries: 0 }, retryForMs: 600 })
      .chat(messages, { maxTokens: 5 })
      .catch((e) => e);
    expect(away).toMatchObject({ code: 'http', outage: true });
    expect(away.message).toMatch(/could not be reached \(503\) for \d+ s, past the 1 s allowed \(--retry-for\)/);
    expect(requests.length).toBeGreaterThan(1);

    requests = [];
    handler = (_req, res) => json(res, 401, { error: { message: 'Invalid API key' } });
    await expect(make().chat(messages, { maxTokens: 5 })).rejects.toMatchObject({
      code: 'http',
      status: 401,
      message: expect.stringMatching(/401 Unauthorized: Invalid API key/),
    });
    expect(requests).toHaveLength(1);
  });

  it('a 500 that is a validation error of the request is not retried (asking again cannot change it)', async () => {
    handler = (_req, res) =>
      json(res, 500, {
        error: { message: '1 validation error for CreateChatCompletionRequest\nstop\n  Input should be a valid list' },
      });
    const err = await make({ retry: { maxRetries: 3, baseDelayMs: 5 } })
      .chat(messages, { maxTokens: 5, stop: ['x'] })
      .catch((e) => e);
    expect(err).toMatchObject({ code: 'http', status: 500, permanent: true });
    expect(requests).toHaveLength(1);
  });

  it('an empty reply is asked for once more, then is an error naming it, never an answer', async () => {
    let n = 0;
    handler = (_req, res) => (n++ === 0 ? sse(res, [delta('', 'stop')]) : sse(res, [delta('fine', 'stop')]));
    expect((await make().chat(messages, { maxTokens: 5 })).text).toBe('fine');
    expect(requests).toHaveLength(2);
    requests = [];
    handler = (_req, res) => sse(res, [delta('', 'stop')]);
    const err = await make()
      .chat(messages, { maxTokens: 5 })
      .catch((e) => e);
    expect(err).toMatchObject({ code: 'bad-reply', reply: 'empty' });
    expect(err.message).toMatch(/gave an empty reply \(0 output tokens, estimated\) 2 times\.$/);
    expect(requests).toHaveLength(2);
  });

  it('retries network failures and then names the cause', async () => {
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const port = (dead.address() as AddressInfo).port;
    await new Promise((r) => dead.close(r));
    const b = new OpenAiBackend({
      baseUrl: `http://127.0.0.1:${port}`,
      model: 'm',
      retry: { maxRetries: 1, baseDelayMs: 5 },
      retryForMs: 500,
    });
    await expect(b.chat(messages, { maxTokens: 5 })).rejects.toMatchObject({
      code: 'http',
      outage: true,
      message: expect.stringMatching(
        /^http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions could not be reached \(ECONNREFUSED\) for \d+ s/,
      ),
    });
  });

  it('times out a request that gets no answer', async () => {
    handler = () => {
      /* never answers */
    };
    const t0 = performance.now();
    const err = await make({ requestTimeoutMs: 300 })
      .chat(messages, { maxTokens: 5 })
      .catch((e) => e);
    expect(err).toMatchObject({ code: 'timeout', message: expect.stringMatching(/did not answer within 300 ms/) });
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(requests).toHaveLength(1);
  });

  it('times out a stream that stalls, keeping the partial text', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify(delta('par'))}\n\n`);
    };
    const err = await make({ idleTimeoutMs: 300 })
      .chat(messages, { maxTokens: 5, onText: () => {} })
      .catch((e) => e);
    expect(err).toMatchObject({ code: 'timeout', message: expect.stringMatching(/stalled for more than 300 ms/) });
    expect(err.partial).toMatchObject({ text: 'par', finish: 'aborted' });
  });

  it('reports a malformed JSON body or stream event as bad-reply, without retrying', async () => {
    handler = (_req, res) => json(res, 200, '{"choices": [ {"message": ');
    const e1 = await make({ stream: false })
      .chat(messages, { maxTokens: 5 })
      .catch((e) => e);
    expect(e1).toMatchObject({
      code: 'bad-reply',
      message: expect.stringMatching(/is not valid JSON: "\{\\"choices\\": \[ \{\\"message\\": "/),
    });
    expect(requests).toHaveLength(1);

    handler = (_req, res) => json(res, 200, { choices: [] });
    await expect(make({ stream: false }).chat(messages, { maxTokens: 5 })).rejects.toMatchObject({
      code: 'bad-reply',
      message: expect.stringMatching(/no choices\[0\]\.message\.content/),
    });

    handler = (_req, res) => sse(res, [delta('a'), '{not json']);
    await expect(make().chat(messages, { maxTokens: 5 })).rejects.toMatchObject({
      code: 'bad-reply',
      message: expect.stringMatching(/event that is not JSON: "\{not json"/),
    });
  });

  it('treats a stream that ends without a finish as an error', async () => {
    handler = (_req, res) => sse(res, [delta('half')], { done: false });
    await expect(make({ retry: { maxRetries: 0 } }).chat(messages, { maxTokens: 5 })).rejects.toMatchObject({
      code: 'http',
      message: expect.stringMatching(/ended before the reply was complete/),
    });
  });

  it('aborts mid-stream with the partial text, and before the request with an error', async () => {
    handler = (_req, res) =>
      sse(
        res,
        Array.from({ length: 50 }, (_, i) => delta(`w${i} `)),
        { delayMs: 30 },
      );
    const ac = new AbortController();
    const chunks: string[] = [];
    const t0 = performance.now();
    const r = await make().chat(messages, {
      maxTokens: 100,
      signal: ac.signal,
      onText: (c) => {
        chunks.push(c);
        if (chunks.length === 2) ac.abort();
      },
    });
    expect(r).toMatchObject({ text: 'w0 w1 ', finish: 'aborted' });
    expect(performance.now() - t0).toBeLessThan(1000);

    const pre = new AbortController();
    pre.abort();
    await expect(make().chat(messages, { maxTokens: 5, signal: pre.signal })).rejects.toMatchObject({
      code: 'aborted',
    });

    // An abort while waiting to retry ends the wait.
    handler = (_req, res) => json(res, 503, { error: 'busy' });
    const during = new AbortController();
    setTimeout(() => during.abort(), 100);
    const t1 = performance.now();
    await expect(
      make({ retry: { baseDelayMs: 5000, maxDelayMs: 5000 } }).chat(messages, { maxTokens: 5, signal: during.signal }),
    ).rejects.toMatchObject({ code: 'aborted' });
    expect(performance.now() - t1).toBeLessThan(1000);
  });
});
