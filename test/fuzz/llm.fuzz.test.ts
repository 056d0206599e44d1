import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pick, seededRandom } from '../../src-main/core/random';
import { LlmError } from '../../src-main/llm/errors';
import { OpenAiBackend } from '../../src-main/llm/openai/openai-backend';
import type { GenerateOptions, GenerateResult } from '../../src-main/llm/types';
import { listenLoopback, pump, readBody } from '../support/loopback-http';
import { tempDir } from '../support/temp-dir';
import { FuzzTally } from './fuzz-report';

/**
 * Standing fuzz suite, LLM server family (issue #12): an OpenAI-compatible server that misbehaves in
 * every way a broken or hostile one can (bad SSE, bad JSON, endless or silent streams, giant replies,
 * odd tool calls, odd statuses, a torn socket), probed through chat() in both transports with random
 * constraints, through capabilities(), and with cancels. Clean: a well-formed result within the caps,
 * or an LlmError with a known code, always within the deadline plus a margin.
 */
const SEED = Number(process.env.OARAG_FUZZ_SEED ?? 12);
const DEADLINE_MS = 600;
const IDLE_MS = 300;
const MARGIN_MS = 2500;
const MAX_CHARS = 64 * 1024;
const CODES = new Set(['timeout', 'http', 'bad-reply', 'aborted']);
const CANCELLED = 'cancelled';

type Fault = (req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>, socket: Socket) => void;

const ev = (x: unknown) => `data: ${typeof x === 'string' ? x : JSON.stringify(x)}\n\n`;
const delta = (d: unknown, finish: unknown = null) => ev({ choices: [{ index: 0, delta: d, finish_reason: finish }] });
const sseHead = (res: ServerResponse, type = 'text/event-stream') => res.writeHead(200, { 'content-type': type });
const jsonOut = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body);
};
const ok = (content: unknown) => JSON.stringify({ choices: [{ message: { content }, finish_reason: 'stop' }] });

function every(res: ServerResponse, ms: number, chunk: () => string): void {
  const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write(chunk())), ms);
  res.on('close', () => clearInterval(t));
}

const FAULTS: Record<string, Fault> = {
  'sse: event not JSON': (_q, res) => (sseHead(res), res.end(delta({ content: 'a' }) + ev('{not json') + ev('[DONE]'))),
  'sse: invalid UTF-8': (_q, res) => {
    sseHead(res);
    res.write(
      Buffer.concat([
        Buffer.from('data: {"choices":[{"delta":{"content":"a'),
        Buffer.from([0xff, 0xfe, 0xc0, 0xae]),
        Buffer.from('b"},"finish_reason":"stop"}]}\n\n'),
      ]),
    );
    res.end(ev('[DONE]'));
  },
  'sse: socket torn mid-reply': (_q, res, _b, sock) => (
    sseHead(res),
    res.write(delta({ content: 'half' })),
    setTimeout(() => sock.destroy(), 20)
  ),
  'sse: endless, ignores max_tokens': (_q, res) => (sseHead(res), pump(res, () => delta({ content: ' tok' }))),
  'sse: trickle a byte every 100 ms': (_q, res) => (sseHead(res), every(res, 100, () => ':')),
  'sse: headers then silence': (_q, res) => sseHead(res),
  'sse: one endless event': (_q, res) => {
    sseHead(res);
    res.write('data: {"choices":[{"delta":{"content":"');
    pump(res, () => 'q'.repeat(32 * 1024));
  },
  'sse: 100k empty events': (_q, res) => {
    sseHead(res);
    let n = 0;
    pump(res, () => (n++ < 100_000 ? delta({}) : n === 100_002 ? ev('[DONE]') : null));
  },
  'sse: error event': (_q, res) => (
    sseHead(res),
    res.end(delta({ content: 'x' }) + ev({ error: { message: 'out of memory' } }))
  ),
  'sse: odd shapes': (_q, res) => {
    sseHead(res);
    res.end(
      [
        ev({ choices: 'x' }),
        ev({ choices: [null] }),
        ev({ choices: [{ delta: 5 }] }),
        ev({ choices: [{ delta: { content: 123 } }] }),
        ev(null),
        ev(7),
        ev('"str"'),
        ev({
          choices: [{ delta: { content: 'ok' }, finish_reason: 7 }],
          usage: { prompt_tokens: 'a', completion_tokens: -5 },
        }),
        ev('[DONE]'),
      ].join(''),
    );
  },
  'sse: odd tool calls': (_q, res) => {
    sseHead(res);
    res.end(
      [
        delta({ tool_calls: 'x' }),
        delta({ tool_calls: [null] }),
        delta({ tool_calls: [{ index: -1, function: { name: 'a' } }] }),
        delta({ tool_calls: [{ index: 1e9, function: { name: 5, arguments: [1, 2] } }] }),
        delta({ tool_calls: [{ index: 0, function: { arguments: { deep: [[[1]]] } } }] }),
        delta({ tool_calls: [{ index: 3, function: { name: 'query', arguments: '{"q":' } }] }),
        delta({}, 'tool_calls'),
        ev('[DONE]'),
      ].join(''),
    );
  },
  'sse: bare CR line ends split across writes': (_q, res) => {
    sseHead(res);
    const text = `${delta({ content: 'hel' })}${delta({ content: 'lo' }, 'stop')}data: [DONE]\n\n`.replace(/\n/g, '\r');
    let i = 0;
    pump(res, () => (i < text.length ? text.slice(i, (i += 7)) : null));
  },
  'sse: NUL and control characters': (_q, res) => (
    sseHead(res),
    res.end(delta({ content: '\u0000\u0001\u001b[2J\u202e' }, 'stop') + ev('[DONE]'))
  ),
  'sse: deeply nested event': (_q, res) => (sseHead(res), res.end(ev('['.repeat(200_000) + ']'.repeat(200_000)))),
  'sse: stream as text/plain': (_q, res) => (
    sseHead(res, 'text/plain'),
    res.end(delta({ content: 'a' }, 'stop') + ev('[DONE]'))
  ),
  'sse: absurd usage': (_q, res) => (
    sseHead(res),
    res.end(
      delta({ content: 'a' }, 'stop') +
        ev({ choices: [], usage: { prompt_tokens: 1e308, completion_tokens: 1e308 } }) +
        ev('[DONE]'),
    )
  ),
  'json: not JSON': (_q, res) => jsonOut(res, 200, '<html>oops</html>'),
  'json: empty body': (_q, res) => jsonOut(res, 200, ''),
  'json: null': (_q, res) => jsonOut(res, 200, 'null'),
  'json: an array': (_q, res) => jsonOut(res, 200, '[1,2,3]'),
  'json: choices null': (_q, res) => jsonOut(res, 200, '{"choices":null}'),
  'json: content an object': (_q, res) => jsonOut(res, 200, ok({ a: 1 })),
  'json: 16 MiB of content': (_q, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"choices":[{"message":{"content":"');
    let n = 0;
    pump(res, () => (n++ < 256 ? 'z'.repeat(64 * 1024) : n === 258 ? '"},"finish_reason":"stop"}]}' : null));
  },
  'json: deeply nested': (_q, res) =>
    jsonOut(res, 200, '{"choices":' + '['.repeat(200_000) + ']'.repeat(200_000) + '}'),
  'json: odd tool calls': (_q, res) =>
    jsonOut(
      res,
      200,
      JSON.stringify({
        choices: [
          {
            message: {
              content: null,
              tool_calls: [
                null,
                5,
                { function: null },
                { function: { name: '' } },
                { function: { name: 'q', arguments: 7 } },
                { function: { name: 'answer', arguments: '{"answer":["A"]}' } },
              ],
            },
            finish_reason: 'tool_calls',
          },
        ],
      }),
    ),
  'json: body trickles': (_q, res) => (
    res.writeHead(200, { 'content-type': 'application/json' }),
    every(res, 100, () => ' ')
  ),
  'status: 400 with 8 MiB page': (_q, res) => {
    res.writeHead(400, { 'content-type': 'text/html' });
    let n = 0;
    pump(res, () => (n++ < 128 ? '<b>no</b>'.repeat(7000) : null));
  },
  'status: 401': (_q, res) => jsonOut(res, 401, '{"error":{"message":"Invalid API key"}}'),
  'status: 404 html': (_q, res) => (res.writeHead(404, { 'content-type': 'text/html' }), res.end('<h1>Not Found</h1>')),
  'status: 418': (_q, res) => jsonOut(res, 418, '{"error":"teapot"}'),
  'status: 429, Retry-After a day': (_q, res) => jsonOut(res, 429, '{"error":"slow"}', { 'retry-after': '86400' }),
  'status: 429, Retry-After garbage': (_q, res) => jsonOut(res, 429, '{"error":"slow"}', { 'retry-after': 'soon-ish' }),
  'status: 503': (_q, res) => jsonOut(res, 503, '{"error":{"message":"loading"}}'),
  'status: redirect to itself': (req, res) => (res.writeHead(307, { location: req.url ?? '/' }), res.end()),
  'status: 200, no body, closed': (_q, res) => (
    res.writeHead(200, { 'content-type': 'application/json', connection: 'close' }),
    res.end()
  ),
  'socket: never answers': () => {},
  'socket: reset at once': (_q, _res, _b, sock) => sock.destroy(),
  'socket: not HTTP': (_q, _res, _b, sock) => sock.end('SSH-2.0-OpenSSH_9.6\r\n\u0000\u0001garbage\r\n\r\n'),
};

const FAULT_NAMES = Object.keys(FAULTS);

describe('fuzz: LLM servers (OpenAI-compatible backend)', () => {
  const tally = new FuzzTally();
  const dir = tempDir('oarag-fuzz-llm-');
  let base = '';
  let close: () => Promise<void>;

  beforeAll(async () => {
    const server = await listenLoopback((req, res) => {
      void readBody(req).then((raw) => {
        const m = /^\/f\/(\d+)\//.exec(req.url ?? '');
        const fault = m ? FAULTS[FAULT_NAMES[Number(m[1])]] : undefined;
        let body: Record<string, unknown> = {};
        try {
          body = raw ? JSON.parse(raw) : {};
        } catch {
          /* the fault decides */
        }
        if (!fault) return jsonOut(res, 404, '{}');
        fault(req, res, body, req.socket);
      });
    });
    base = server.url;
    close = server.close;
  });
  afterAll(async () => {
    tally.print();
    await close?.();
    dir.cleanup();
  });

  const backend = (i: number, stream: boolean, deadlineMs = DEADLINE_MS, idleTimeoutMs = IDLE_MS) =>
    new OpenAiBackend({
      baseUrl: `${base}/f/${i}/v1`,
      model: 'fuzz',
      stream,
      deadlineMs,
      idleTimeoutMs,
      maxReplyChars: MAX_CHARS,
      retry: { maxRetries: 1, baseDelayMs: 10, maxDelayMs: 50 },
      // An outage (refused, reset, 502/503) is waited out under its own limit, with the deadline paused.
      retryForMs: 300,
      capabilityCacheDir: dir.path,
    });

  function wellFormed(r: GenerateResult, maxTokens: number): string | null {
    if (typeof r.text !== 'string') return 'text is not a string';
    if (r.text.length > MAX_CHARS) return `text of ${r.text.length} characters`;
    if (!['stop', 'length', 'aborted'].includes(r.finish)) return `finish ${String(r.finish)}`;
    if (!Number.isFinite(r.inputTokens) || !Number.isFinite(r.outputTokens)) return 'token counts not finite';
    if (r.tokensEstimated && r.outputTokens > Math.max(maxTokens * 2 + 16, MAX_CHARS))
      return `${r.outputTokens} estimated tokens`;
    for (const c of r.toolCalls ?? [])
      if (typeof c.name !== 'string' || !c.name || typeof c.arguments !== 'string') return 'a malformed tool call';
    return null;
  }

  /** `run` gives a problem, null (a clean result) or CANCELLED (a clean cancel). */
  async function probe(family: string, label: string, run: () => Promise<string | null>): Promise<void> {
    const t0 = performance.now();
    let outcome: string;
    let clean: boolean;
    try {
      const problem = await run();
      outcome = problem === CANCELLED ? 'cancelled' : (problem ?? 'result');
      clean = problem === null || problem === CANCELLED;
    } catch (e) {
      outcome = e instanceof LlmError ? e.code : `NOT AN LlmError: ${String(e).slice(0, 100)}`;
      clean = e instanceof LlmError && CODES.has(e.code) && e.message.length < 1000;
    }
    const ms = performance.now() - t0;
    clean &&= ms < DEADLINE_MS + MARGIN_MS;
    tally.record(family, `${label} -> ${outcome} (${ms.toFixed(0)} ms)`, clean);
  }

  it('every misbehaving server gives a clean result or a clear error, within the deadline', async () => {
    const rand = seededRandom(SEED);
    for (let i = 0; i < FAULT_NAMES.length; i++) {
      const name = FAULT_NAMES[i];
      for (const stream of [true, false]) {
        const maxTokens = 1 + Math.floor(rand() * 200);
        const extra: Partial<GenerateOptions> = pick(rand, [
          {},
          {
            tools: [
              {
                name: 'query',
                description: 'q',
                parameters: { type: 'object', properties: { query: { type: 'string' } } },
              },
            ],
            toolChoice: 'required' as const,
          },
          { jsonSchema: { type: 'object', properties: { answer: { type: 'array', items: { enum: ['A', 'B'] } } } } },
          { grammar: 'root ::= "x"' },
        ]);
        await probe(
          'llm-server chat',
          `${name} [${stream ? 'stream' : 'json'}, max ${maxTokens}, ${Object.keys(extra).join('+') || 'text'}]`,
          async () => {
            const r = await backend(i, stream).chat([{ role: 'user', content: 'hi' }], {
              maxTokens,
              onText: () => {},
              ...extra,
            });
            return wellFormed(r, maxTokens);
          },
        );
      }
      await probe('llm-server capabilities', name, async () => {
        const c = await backend(i, true).capabilities();
        return [c.grammar, c.tools, c.jsonSchema].every((x) => typeof x === 'boolean') ? null : 'not booleans';
      });
    }
    expect(tally.bad('llm-server chat')).toEqual([]);
    expect(tally.bad('llm-server capabilities')).toEqual([]);
  });

  it('a cancel at any moment ends the call at once', async () => {
    const rand = seededRandom(SEED + 1);
    const slow = FAULT_NAMES.map((n, i) => [n, i] as const).filter(([n]) =>
      /endless|trickle|silence|never|body trickles|100k/.test(n),
    );
    for (const [name, i] of slow) {
      for (const stream of [true, false]) {
        const after = 20 + Math.floor(rand() * 200);
        await probe(
          'llm-server cancel',
          `${name} [${stream ? 'stream' : 'json'}] cancelled after ${after} ms`,
          async () => {
            const ac = new AbortController();
            setTimeout(() => ac.abort(), after);
            const t0 = performance.now();
            // Deadlines far away, so only the cancel (or a cap) can end these calls in time.
            const r = await backend(i, stream, 20_000, 20_000)
              .chat([{ role: 'user', content: 'hi' }], { maxTokens: 100_000, signal: ac.signal })
              .catch((e) => {
                if (e instanceof LlmError && e.code === 'aborted') return null;
                throw e;
              });
            if (performance.now() - t0 > after + MARGIN_MS) return 'outlived the cancel';
            if (r === null) return CANCELLED;
            return wellFormed(r, 100_000) ?? (r.finish === 'aborted' ? CANCELLED : null);
          },
        );
      }
    }
    expect(tally.bad('llm-server cancel')).toEqual([]);
  });
});
