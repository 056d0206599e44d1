import type { ServerResponse } from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { LlmError } from '../../../src-main/llm/errors';
import {
  DEFAULT_DEADLINE_MS,
  DEFAULT_MAX_REPLY_CHARS,
  OpenAiBackend,
  ownTokenLimit,
  type OpenAiBackendOptions,
} from '../../../src-main/llm/openai/openai-backend';
import { ModelsService } from '../../../src-main/llm/service/models-service';
import { DEFAULT_SETTINGS } from '../../../src-main/settings/settings-store';
import type { ChatMessage } from '../../../src-main/llm/types';
import { jsonServerForFile, type JsonHandler } from '../../support/json-server';
import { pump } from '../../support/loopback-http';

/**
 * Issue #12, item 5 and defects 5–6: a server that streams forever, trickles, or answers 64 MiB must not
 * hang or flood a call; the apiKeyEnv setting must put a Bearer token on the wire.
 */
let handler: JsonHandler;
let seen: { auth: string | undefined; body: Record<string, unknown> }[];
/** Bytes the handler wrote, and whether the client went away. */
let sent: { bytes: number; closed: boolean };

const server = jsonServerForFile((req, res, body) => {
  seen.push({ auth: req.headers.authorization, body });
  res.on('close', () => (sent.closed = true));
  handler(req, res, body);
});
beforeEach(() => {
  seen = [];
  sent = { bytes: 0, closed: false };
});

const messages: ChatMessage[] = [{ role: 'user', content: 'Say hello.' }];
const make = (o: Partial<OpenAiBackendOptions> = {}) =>
  new OpenAiBackend({ baseUrl: server.base, model: 'm', retry: { maxRetries: 0 }, ...o });
const delta = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;

const countSent = (c: string | Buffer) => void (sent.bytes += Buffer.byteLength(c));

/** Writes one byte of `text` every `ms`, cycling, until the client leaves. */
function trickle(res: ServerResponse, text: string, ms: number): void {
  let i = 0;
  const t = setInterval(() => {
    if (res.destroyed) return clearInterval(t);
    res.write(text[i++ % text.length]);
  }, ms);
  res.on('close', () => clearInterval(t));
}

const sse = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream' });

async function timed<T>(p: Promise<T>): Promise<{ value: T | undefined; error: unknown; ms: number }> {
  const t0 = performance.now();
  try {
    return { value: await p, error: undefined, ms: performance.now() - t0 };
  } catch (error) {
    return { value: undefined, error, ms: performance.now() - t0 };
  }
}

describe('OpenAiBackend bounds (issue #12, defect 5)', () => {
  it('defaults: a 120 s deadline per call, 120 s of stream silence, 1 MiB of reply', () => {
    expect(DEFAULT_DEADLINE_MS).toBe(120_000);
    expect(DEFAULT_MAX_REPLY_CHARS).toBe(1024 * 1024);
  });

  it('a server that ignores max_tokens and streams forever is stopped at max_tokens on our side', async () => {
    handler = (_req, res) => {
      sse(res);
      pump(res, () => delta(' word'), countSent);
    };
    const r = await timed(make().chat(messages, { maxTokens: 50 }));
    expect(r.error).toBeUndefined();
    expect(r.value).toMatchObject({ finish: 'length', tokensEstimated: true });
    expect(r.value!.outputTokens).toBeGreaterThanOrEqual(50);
    expect(r.value!.outputTokens).toBeLessThanOrEqual(ownTokenLimit(50) + 1);
    expect(r.ms).toBeLessThan(3000);
    expect(seen[0].body.max_tokens).toBe(50);
    await until(() => sent.closed);
    console.log(
      `[bounds] endless stream, max_tokens 50: stopped after ${Math.round(r.ms)} ms, ${r.value!.outputTokens} tokens, server wrote ${sent.bytes} bytes`,
    );
  });

  it('a server that honours max_tokens is not cut short by our own count', async () => {
    handler = (_req, res) => {
      sse(res);
      let i = 0;
      pump(res, () => (i < 20 ? delta(` w${i++}`) : i++ === 20 ? delta('', 'length') : null), countSent);
    };
    const r = await make().chat(messages, { maxTokens: 20 });
    expect(r.text.trim().split(' ')).toHaveLength(20);
    expect(r.finish).toBe('length');
  });

  it('a byte every 5 s: the stream idle timeout ends it, with a clear message', async () => {
    handler = (_req, res) => {
      sse(res);
      res.write(delta('Hel'));
      trickle(res, delta('lo'), 5000);
    };
    const r = await timed(make({ idleTimeoutMs: 800 }).chat(messages, { maxTokens: 50 }));
    expect(r.error).toBeInstanceOf(LlmError);
    expect(r.error).toMatchObject({
      code: 'timeout',
      message: expect.stringMatching(/stream from .* stalled for more than 800 ms/),
    });
    expect((r.error as LlmError).partial).toMatchObject({ text: 'Hel', finish: 'aborted' });
    expect(r.ms).toBeLessThan(3000);
  });

  it('a byte every 150 ms keeps the stream alive, so the per-call deadline ends it', async () => {
    handler = (_req, res) => {
      sse(res);
      trickle(res, delta('a'), 150);
    };
    const r = await timed(make({ deadlineMs: 1500, idleTimeoutMs: 1000 }).chat(messages, { maxTokens: 5000 }));
    expect(r.error).toMatchObject({
      code: 'timeout',
      message: expect.stringMatching(
        /did not complete the reply within 1500 ms, the deadline for one call \(\d+ characters had arrived\)/,
      ),
    });
    expect(r.ms).toBeGreaterThanOrEqual(1400);
    expect(r.ms).toBeLessThan(3500);
    await until(() => sent.closed);
  });

  it('a non-streamed answer whose body trickles is ended by the deadline too', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      trickle(res, '{"choices": [', 100);
    };
    const r = await timed(make({ stream: false, deadlineMs: 800 }).chat(messages, { maxTokens: 5 }));
    expect(r.error).toMatchObject({ code: 'timeout', message: expect.stringMatching(/deadline for one call/) });
    expect(r.ms).toBeLessThan(3000);
  });

  it('the deadline also covers retries: waiting for a retry ends at the deadline', async () => {
    // A 500 (a 502/503 is an outage instead, waited out under --retry-for: see replay-server.test.ts).
    handler = (_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json', 'retry-after': '30' });
      res.end('{"error":"busy"}');
    };
    const r = await timed(
      make({ deadlineMs: 600, retry: { maxRetries: 5, baseDelayMs: 10_000, maxDelayMs: 30_000 } }).chat(messages, {
        maxTokens: 5,
      }),
    );
    expect(r.error).toMatchObject({ code: 'timeout', message: expect.stringMatching(/deadline for one call/) });
    expect(r.ms).toBeLessThan(2000);
  });

  it('a 64 MiB streamed reply is capped at 1 MiB of text, quickly', async () => {
    const piece = 'x'.repeat(64 * 1024);
    handler = (_req, res) => {
      sse(res);
      let n = 0;
      pump(res, () => (n++ < 1024 ? delta(piece) : null), countSent);
    };
    const heap0 = process.memoryUsage().heapUsed;
    const r = await timed(make().chat(messages, { maxTokens: 100_000_000 }));
    expect(r.error).toBeUndefined();
    expect(r.value!.finish).toBe('length');
    expect(r.value!.text.length).toBe(DEFAULT_MAX_REPLY_CHARS);
    expect(r.ms).toBeLessThan(5000);
    await until(() => sent.closed);
    expect(sent.bytes).toBeLessThan(32 * 1024 * 1024);
    console.log(
      `[bounds] 64 MiB stream: capped after ${Math.round(r.ms)} ms at ${r.value!.text.length} characters; server wrote ${(sent.bytes / 2 ** 20).toFixed(1)} MiB; heap +${((process.memoryUsage().heapUsed - heap0) / 2 ** 20).toFixed(0)} MiB`,
    );
  });

  it('a 64 MiB event with no line end is capped, not buffered', async () => {
    handler = (_req, res) => {
      sse(res);
      res.write('data: {"choices":[{"delta":{"content":"');
      let n = 0;
      pump(res, () => (n++ < 1024 ? 'y'.repeat(64 * 1024) : null), countSent);
    };
    const r = await timed(make({ maxReplyChars: 256 * 1024 }).chat(messages, { maxTokens: 100_000_000 }));
    expect(r.value).toMatchObject({ finish: 'length', text: '' });
    expect(r.ms).toBeLessThan(5000);
    await until(() => sent.closed);
    expect(sent.bytes).toBeLessThan(32 * 1024 * 1024);
  });

  it('a 64 MiB non-streamed answer is refused after a few MiB, quickly', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"choices":[{"message":{"content":"');
      let n = 0;
      pump(res, () => (n++ < 1024 ? 'z'.repeat(64 * 1024) : n === 1026 ? '"}}]}' : null), countSent);
    };
    const r = await timed(make({ stream: false }).chat(messages, { maxTokens: 100 }));
    expect(r.error).toMatchObject({
      code: 'bad-reply',
      message: expect.stringMatching(/is larger than 4\.1 MiB; it was not read further\.$/),
    });
    expect(r.ms).toBeLessThan(5000);
    await until(() => sent.closed);
    expect(sent.bytes).toBeLessThan(32 * 1024 * 1024);
    console.log(
      `[bounds] 64 MiB JSON answer: refused after ${Math.round(r.ms)} ms; server wrote ${(sent.bytes / 2 ** 20).toFixed(1)} MiB`,
    );
  });

  it('a 64 MiB error page is read only in part, and the message stays short', async () => {
    handler = (_req, res) => {
      res.writeHead(400, { 'content-type': 'text/html' });
      let n = 0;
      pump(res, () => (n++ < 1024 ? '<p>bad</p>'.repeat(6000) : null), countSent);
    };
    const r = await timed(make().chat(messages, { maxTokens: 5 }));
    expect(r.error).toMatchObject({ code: 'http', status: 400 });
    expect((r.error as Error).message.length).toBeLessThan(400);
    expect(r.ms).toBeLessThan(5000);
  });

  it('tool-call arguments count toward the caps too', async () => {
    handler = (_req, res) => {
      sse(res);
      res.write(
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'c', type: 'function', function: { name: 'query', arguments: '' } }] } }] })}\n\n`,
      );
      pump(
        res,
        () =>
          `data: ${JSON.stringify({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: ' "aaaa' } }] } }] })}\n\n`,
        countSent,
      );
    };
    const r = await timed(
      make().chat(messages, {
        maxTokens: 40,
        tools: [{ name: 'query', description: 'q', parameters: { type: 'object', properties: {} } }],
        toolChoice: 'required',
      }),
    );
    expect(r.value).toMatchObject({ finish: 'length', toolCalls: [{ name: 'query' }] });
    expect(r.ms).toBeLessThan(3000);
  });

  it("reads tool-call arguments given as an object (Ollama's shape), streamed or not", async () => {
    handler = (_req, res, body) => {
      if (body.stream) {
        sse(res);
        res.write(
          `data: ${JSON.stringify({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { name: 'answer', arguments: { answer: ['A'] } } }] }, finish_reason: 'tool_calls' }] })}\n\n`,
        );
        res.end('data: [DONE]\n\n');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            choices: [
              {
                message: { content: '', tool_calls: [{ function: { name: 'answer', arguments: { answer: ['A'] } } }] },
                finish_reason: 'tool_calls',
              },
            ],
          }),
        );
      }
    };
    const tools = [{ name: 'answer', description: 'a', parameters: { type: 'object' as const, properties: {} } }];
    for (const stream of [true, false]) {
      const r = await make({ stream }).chat(messages, { maxTokens: 40, tools, toolChoice: 'required' });
      expect(r.toolCalls).toEqual([{ name: 'answer', arguments: '{"answer":["A"]}' }]);
    }
  });
});

describe('OpenAiBackend API key (issue #12, defect 6)', () => {
  const ok: JsonHandler = (_req, res) => {
    sse(res);
    res.end(`${delta('ok', 'stop')}data: [DONE]\n\n`);
  };

  it('a key configured for the server (apiKeys) puts a Bearer token on every request, through ModelsService as the app builds backends', async () => {
    handler = ok;
    // A loopback server gets a key only when one is configured for its host (issue #27 item 4).
    const settings = { ...DEFAULT_SETTINGS, apiKeys: { [new URL(server.base).host]: 'OARAG_TEST_API_KEY' } };
    const svc = new ModelsService(
      '/nonexistent',
      () => settings,
      process.cwd(),
      () => null,
      { env: { OARAG_TEST_API_KEY: 'sk-test-4242' } },
    );
    const b = await svc.create(`openai:${server.base}#m`);
    await b.chat(messages, { maxTokens: 5 });
    expect(seen[0].auth).toBe('Bearer sk-test-4242');
    expect(b.id).not.toContain('sk-test');
  });

  it('no variable, no header; a 401 then says which variable to set, and a key is never quoted', async () => {
    handler = (req, res) => {
      if (req.headers.authorization === 'Bearer sk-right') return ok(req, res, {});
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"Invalid API key"}}');
    };
    const none = await make({ apiKeyEnv: 'OARAG_UNSET_API_KEY', env: {} })
      .chat(messages, { maxTokens: 5 })
      .catch((e) => e);
    expect(seen[0].auth).toBeUndefined();
    expect(none).toMatchObject({
      code: 'http',
      status: 401,
      message: expect.stringMatching(
        /no API key was sent: the variable OARAG_UNSET_API_KEY configured for this server is not set/,
      ),
    });
    const wrong = await make({ apiKeyEnv: 'K_API_KEY', env: { K_API_KEY: 'sk-wrong-77' } })
      .chat(messages, { maxTokens: 5 })
      .catch((e) => e);
    expect(wrong.message).toMatch(/the API key from K_API_KEY was sent/);
    expect(wrong.message).not.toContain('sk-wrong');
    expect(
      (await make({ apiKeyEnv: 'K_API_KEY', env: { K_API_KEY: ' sk-right\n' } }).chat(messages, { maxTokens: 5 })).text,
    ).toBe('ok');
    expect(() => make({ apiKeyEnv: 'K_API_KEY', env: { K_API_KEY: 'sk-a\nX-Evil: 1' } })).toThrow(
      /The variable K_API_KEY holds a value that cannot be sent as an API key/,
    );
    try {
      make({ apiKeyEnv: 'K_API_KEY', env: { K_API_KEY: 'sk-a\nX-Evil: 1' } });
    } catch (e) {
      expect((e as Error).message).not.toMatch(/sk-a|Evil/);
    }
  });
});

async function until(cond: () => boolean, ms = 2000): Promise<void> {
  const t0 = performance.now();
  while (!cond()) {
    if (performance.now() - t0 > ms) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
