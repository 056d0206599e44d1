import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom, pick } from '../../src-main/core/random';
import { startServer, type ServedApp } from '../e2e/support/server';
import { FuzzTally } from './fuzz-report';

/**
 * Standing fuzz suite, web family (issue #12): seeded hostile HTTP requests and WebSocket messages against a
 * real `oarag serve`. Clean means: a 2xx/4xx answer with a JSON error code (never 500, never a hang), the
 * token never in a Set-Cookie, and the server still answering app.info afterwards.
 */
const SEED = Number(process.env.OARAG_FUZZ_SEED ?? 12);
const tally = new FuzzTally();

function raw(port: number, text: string, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve) => {
    const sock = connect({ host: '127.0.0.1', port });
    let out = '';
    sock.setTimeout(timeoutMs, () => {
      sock.destroy();
      resolve(`${out}<timeout>`);
    });
    sock.on('data', (d) => (out += d.toString('latin1')));
    sock.on('error', () => resolve(`${out}<reset>`));
    sock.on('close', () => resolve(out));
    sock.end(text, 'latin1');
  });
}

function http(
  port: number,
  o: { path: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string; cookie?: unknown }> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: o.path,
        method: o.method ?? 'GET',
        headers: { host: `127.0.0.1:${port}`, ...o.headers },
        timeout: 10_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, cookie: res.headers['set-cookie'] }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => resolve({ status: -1, body: String(e) }));
    if (o.body !== undefined) req.write(o.body);
    req.end();
  });
}

const PATHS = [
  '/',
  '/%',
  '/%E0%A4%A',
  '/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd',
  '/..%2f..%2fetc%2fpasswd',
  '/a%00b',
  '/%ff%fe',
  '/index.html?x=%',
  '/assets/../../package.json',
  '//etc/passwd',
  '/api/call',
  '/api/%',
  '/api/call/../call',
  '/ws',
  '/%2e%2e/%2e%2e/',
  `/${'a'.repeat(5000)}`,
  '/?token=%',
  '/\\..\\..\\',
];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'PROPFIND'];
const BODIES = [
  '',
  'null',
  '[]',
  '{}',
  '{"method":{"toString":1}}',
  '{"method":null}',
  '{"method":"__proto__"}',
  '{"method":"constructor","params":{}}',
  '{"method":"app.info","params":{"__proto__":{"x":1}}}',
  '{"method":"ontology.open","params":{"path":"/etc/shadow"}}',
  '{"method":"evaluation.run","params":{"ontologyId":"x","datasetPath":"/etc/shadow","method":"cot"}}',
  '{"method":"query.sparql","params":{"ontologyId":"x","query":"SELECT * {?a ?b ?c}"}}',
  '{"method":"settings.set","params":{"patch":{"theme":{"x":1}}}}',
  '\u0000\u0001',
  '{"method":"app.info","params":[]}',
  '{"method":"ontology.search","params":{"ontologyId":"x","text":"' + 'x'.repeat(70000) + '"}}',
  '{"method":"tasks.cancel","params":{"id":{"$gt":""}}}',
];

describe('fuzz: web mode (HTTP and WebSocket)', () => {
  let s: ServedApp;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(async () => {
    tally.print();
    await s?.stop();
  });

  it('answers every hostile HTTP request with a clean status and keeps serving', async () => {
    const rand = seededRandom(SEED);
    const auth = (): Record<string, string> =>
      rand() < 0.7 ? { authorization: `Bearer ${s.token}` } : rand() < 0.5 ? { cookie: `oarag_token=${s.token}` } : {};
    for (let i = 0; i < 90; i++) {
      const path = pick(rand, PATHS);
      const method = pick(rand, METHODS);
      const body = method === 'GET' || method === 'HEAD' ? undefined : pick(rand, BODIES);
      const headers: Record<string, string> = { ...auth() };
      if (rand() < 0.15) headers.origin = pick(rand, ['http://evil.example', `http://127.0.0.1:${s.port + 1}`, 'null']);
      const r = await http(s.port, { path, method, headers, body });
      const probe = `${method} ${path.slice(0, 40)} ${body?.slice(0, 40) ?? ''} -> ${r.status}`;
      const clean =
        r.status >= 200 &&
        r.status < 500 &&
        r.cookie === undefined &&
        !r.body.includes(s.token) &&
        !/root:|URI malformed|Internal error/.test(r.body);
      tally.record('http', probe, clean);
    }
    // Malformed request lines and headers straight on the socket.
    const rawProbes = [
      'GET / HTTP/1.1\r\nHost: x\r\n\r\n',
      'GARBAGE\r\n\r\n',
      `GET /${'%'.repeat(3000)} HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\n\r\n`,
      `POST /api/call HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nContent-Length: 99999999\r\nAuthorization: Bearer ${s.token}\r\n\r\n{`,
      `GET / HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nX: ${'y'.repeat(20000)}\r\n\r\n`,
      `POST /api/call HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nTransfer-Encoding: chunked\r\nAuthorization: Bearer ${s.token}\r\n\r\nZZ\r\n`,
    ];
    for (const p of rawProbes) {
      const out = await raw(s.port, p, 3000);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(out)?.[1] ?? 0);
      tally.record(
        'http',
        `raw ${JSON.stringify(p.slice(0, 30))} -> ${status || out.slice(-9)}`,
        status === 0 ? /<reset>|<timeout>|^$/.test(out) : status < 500,
      );
    }
    const alive = await http(s.port, {
      path: '/api/call',
      method: 'POST',
      headers: { authorization: `Bearer ${s.token}` },
      body: '{"method":"app.info","params":{}}',
    });
    expect(alive.status).toBe(200);
    expect(tally.bad('http')).toEqual([]);
  });

  it('answers every hostile WebSocket message and never crashes the socket server', async () => {
    const rand = seededRandom(SEED + 1);
    const ws = new WebSocket(`ws://127.0.0.1:${s.port}/ws?token=${s.token}`);
    await new Promise((r, j) => (ws.once('open', r), ws.once('error', j)));
    const replies: { id?: unknown; error?: { code: string; message: string }; result?: unknown }[] = [];
    ws.on('message', (d) => {
      const m = JSON.parse(String(d)) as { event?: string };
      if (!m.event) replies.push(m as (typeof replies)[number]);
    });
    const messages: (string | Buffer)[] = [];
    for (let i = 0; i < 60; i++) {
      const kind = rand();
      if (kind < 0.1) messages.push(Buffer.from([0xde, 0xad, Math.floor(rand() * 255)]));
      else if (kind < 0.25)
        messages.push(
          pick(rand, ['', 'x', '[]', 'null', '1', '"s"', '{', '{"id":1}', '{"id":[],"method":"app.info"}']),
        );
      else
        messages.push(
          JSON.stringify({
            id: i,
            ...JSON.parse(
              pick(
                rand,
                BODIES.filter((b) => b.startsWith('{')),
              ),
            ),
          }),
        );
    }
    for (const m of messages) {
      const before = replies.length;
      ws.send(m);
      const t0 = performance.now();
      while (replies.length === before && performance.now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 5));
      const r = replies[replies.length - 1];
      const clean =
        replies.length > before &&
        (r.result !== undefined ||
          (r.error !== undefined && r.error.code !== 'internal' && !/root:|toString/.test(r.error.message)));
      tally.record('websocket', `${String(m).slice(0, 50)} -> ${JSON.stringify(r ?? null).slice(0, 80)}`, clean);
    }
    ws.close();
    expect(tally.bad('websocket')).toEqual([]);
  });

  it('no API error quotes a file it was pointed at', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oarag-fuzz-secret-'));
    const SECRET = 'SECRETXYZ';
    const ws = new WebSocket(`ws://127.0.0.1:${s.port}/ws?token=${s.token}`);
    await new Promise((r, j) => (ws.once('open', r), ws.once('error', j)));
    let nextId = 1;
    const call = (method: string, params: unknown) =>
      new Promise<{ result?: { taskId?: string }; error?: { code: string; message: string } }>((resolve) => {
        const id = nextId++;
        const on = (d: WebSocket.RawData) => {
          const m = JSON.parse(String(d)) as { id?: number };
          if (m.id === id) {
            ws.off('message', on);
            resolve(m as never);
          }
        };
        ws.on('message', on);
        ws.send(JSON.stringify({ id, method, params }));
      });
    const settle = async (taskId: string) => {
      for (;;) {
        const tasks = (await call('tasks.list', {})).result as unknown as {
          id: string;
          state: string;
          error?: string;
        }[];
        const t = tasks.find((x) => x.id === taskId);
        if (t && t.state !== 'running') return t;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    try {
      const sample = join(__dirname, '..', '..', 'resources', 'samples', 'cardio.ofn');
      const opened = await settle((await call('ontology.open', { path: sample })).result!.taskId!);
      expect(opened.state).toBe('ok');
      const shapes = [
        `root:${SECRET}:19000:0:99999:7:::\n`,
        `{"${SECRET}": 1,}\n`,
        `Prefix(:=<http://x/>)\nOntology(<http://x/o>\nSubClassOf(:A ${SECRET}x)\n)\n`,
      ];
      for (const [i, body] of shapes.entries()) {
        const f = join(dir, `secret-${i}`);
        writeFileSync(f, body);
        const probes: [string, unknown][] = [
          ['ontology.open', { path: f }],
          ['evaluation.run', { ontologyId: sample, datasetPath: f, method: 'reasoner-only' }],
          ['datasets.revise', { ontologyId: sample, datasetPath: f }],
        ];
        for (const [method, params] of probes) {
          const r = await call(method, params);
          const text = r.error
            ? r.error.message
            : r.result?.taskId
              ? ((await settle(r.result.taskId)).error ?? 'ok')
              : JSON.stringify(r.result);
          tally.record(
            'api-messages',
            `${method} <secret ${i}> -> ${text.slice(0, 90)}`,
            !text.includes(SECRET) && text !== 'ok',
          );
        }
      }
    } finally {
      ws.close();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(tally.bad('api-messages')).toEqual([]);
  });

  it('refuses upgrades without the token in the URL or with a foreign Origin, whatever the cookie', async () => {
    const attempts: [string, Record<string, string>][] = [
      [`ws://127.0.0.1:${s.port}/ws`, { cookie: `oarag_token=${s.token}` }],
      [`ws://127.0.0.1:${s.port}/ws`, { cookie: `oarag_token_${s.port}=${s.token}` }],
      [`ws://127.0.0.1:${s.port}/ws?token=${s.token}`, { origin: 'http://evil.example' }],
      [`ws://127.0.0.1:${s.port}/ws?token=${s.token}`, { origin: `http://localhost:${s.port + 1}` }],
      [`ws://127.0.0.1:${s.port}/ws?token=%`, {}],
      [`ws://127.0.0.1:${s.port}/%?token=${s.token}`, {}],
    ];
    for (const [url, headers] of attempts) {
      const status = await new Promise<number>((resolve) => {
        const ws = new WebSocket(url, { headers });
        ws.once('open', () => (ws.close(), resolve(101)));
        ws.once('unexpected-response', (_q, res) => (resolve(res.statusCode ?? 0), ws.terminate()));
        ws.once('error', () => resolve(0));
      });
      tally.record(
        'websocket-auth',
        `${url.replace(s.token, 'T')} ${JSON.stringify(headers).replace(s.token, 'T')} -> ${status}`,
        status === 403,
      );
    }
    expect(tally.bad('websocket-auth')).toEqual([]);
  });
});
