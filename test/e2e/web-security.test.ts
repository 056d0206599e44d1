import { request, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRendererBuilt } from './support/renderer-build';
import { startServer, type ServedApp } from './support/server';

/** Web mode's defences, checked from outside over real sockets: token, Host/Origin, loopback only, hostile payloads. */

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function http(
  s: ServedApp,
  o: { path?: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: s.port,
        path: o.path ?? '/',
        method: o.method ?? 'GET',
        headers: { host: `127.0.0.1:${s.port}`, ...o.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    if (o.body !== undefined) req.write(o.body);
    req.end();
  });
}

/** Opens a socket; resolves 'open' or the HTTP status of a refused upgrade. */
function upgrade(url: string, headers: Record<string, string> = {}): Promise<{ ws?: WebSocket; status?: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode });
      ws.terminate();
    });
    ws.once('error', (e) => {
      // A refused upgrade also emits 'error' after 'unexpected-response' in some ws versions.
      if (!/Unexpected server response/.test(String(e))) reject(e);
    });
  });
}

/** A client that pairs replies with requests and keeps the unmatched ones (id null). */
class Client {
  readonly replies: { id: unknown; result?: unknown; error?: { code: string; message: string } }[] = [];
  private waiters: (() => void)[] = [];
  closed: { code: number } | null = null;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (d, isBinary) => {
      if (isBinary) return;
      const m = JSON.parse(String(d)) as { id?: unknown; event?: string };
      if (m.event) return;
      this.replies.push(m as Client['replies'][number]);
      for (const w of this.waiters.splice(0)) w();
    });
    ws.on('close', (code) => {
      this.closed = { code };
      for (const w of this.waiters.splice(0)) w();
    });
  }
  async next(timeoutMs = 10_000): Promise<Client['replies'][number]> {
    const deadline = Date.now() + timeoutMs;
    while (!this.replies.length) {
      if (this.closed) throw new Error(`socket closed (${this.closed.code})`);
      if (Date.now() > deadline) throw new Error('no reply');
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 200);
      });
    }
    return this.replies.shift()!;
  }
  async call(method: string, params: unknown, id: number | string = Math.floor(Math.random() * 1e9)) {
    this.ws.send(JSON.stringify({ id, method, params }));
    for (;;) {
      const r = await this.next();
      if (r.id === id) return r;
    }
  }
}

describe('web mode security (oarag serve over real sockets)', () => {
  let s: ServedApp;
  let wsUrl: string;
  beforeAll(async () => {
    await ensureRendererBuilt();
    s = await startServer();
    wsUrl = `ws://127.0.0.1:${s.port}/ws`;
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('prints exactly one line on stdout', async () => {
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{20,}$/);
    expect((s as unknown as { extraStdout: string[] }).extraStdout).toEqual([]);
  });

  it('answers 401 to API calls without the token in a header; the public UI bundle needs none', async () => {
    const call = { path: '/api/call', method: 'POST', body: '{"method":"app.info","params":{}}' };
    expect((await http(s, call)).status).toBe(401);
    expect((await http(s, { ...call, path: `/api/call?token=${s.token}` })).status).toBe(401);
    expect((await http(s, { ...call, headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await http(s, { ...call, headers: { 'x-oarag-token': s.token } })).status).toBe(200);
    expect((await http(s, { path: '/api/other', headers: { authorization: `Bearer ${s.token}` } })).status).toBe(404);
  });

  it('serves the page without setting any cookie, with a strict CSP; a replayed cookie alone gets 401', async () => {
    const r = await http(s, { path: `/?token=${s.token}` });
    expect(r.status).toBe(200);
    expect(r.body).toContain('<div id="app">');
    expect(r.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(r.headers['content-security-policy']).not.toMatch(/unsafe-eval/);
    expect(r.headers['set-cookie']).toBeUndefined();
    const call = { path: '/api/call', method: 'POST', body: '{"method":"app.info","params":{}}' };
    for (const cookie of [`oarag_token=${s.token}`, `oarag_token_${s.port}=${s.token}`]) {
      expect((await http(s, { ...call, headers: { cookie } })).status).toBe(401);
      expect((await upgrade(wsUrl, { cookie })).status).toBe(403);
    }
  });

  it('answers malformed request paths with 400, not 500', async () => {
    for (const path of ['/%', '/%E0%A4%A', '/%c0%ae%c0%ae/etc/passwd', '/a%00b']) {
      const r = await http(s, { path });
      expect(r.status, path).toBe(400);
      expect(r.body).not.toMatch(/URI malformed|internal/i);
    }
  });

  it('answers 403 to a foreign Host or Origin, even with the token (HTTP)', async () => {
    const auth = { authorization: `Bearer ${s.token}` };
    expect((await http(s, { path: '/', headers: { ...auth, host: `evil.example:${s.port}` } })).status).toBe(403);
    expect((await http(s, { path: '/', headers: { ...auth, host: `127.0.0.1:${s.port + 1}` } })).status).toBe(403);
    expect((await http(s, { path: '/', headers: { ...auth, origin: 'http://evil.example' } })).status).toBe(403);
    expect(
      (
        await http(s, {
          path: '/api/call',
          method: 'POST',
          headers: { ...auth, origin: `http://evil.example:${s.port}` },
          body: '{"method":"app.info","params":{}}',
        })
      ).status,
    ).toBe(403);
    // The same request from our own origin is accepted.
    const ok = await http(s, {
      path: '/api/call',
      method: 'POST',
      headers: { ...auth, origin: `http://127.0.0.1:${s.port}` },
      body: '{"method":"app.info","params":{}}',
    });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body).result.mode).toBe('web');
  });

  it('refuses WebSocket upgrades without the token or from a foreign Origin or Host', async () => {
    expect((await upgrade(wsUrl)).status).toBe(403);
    expect((await upgrade(`${wsUrl}?token=wrong`)).status).toBe(403);
    expect((await upgrade(`${wsUrl}?token=${s.token}`, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await upgrade(`${wsUrl}?token=${s.token}`, { host: `evil.example:${s.port}` })).status).toBe(403);
    const good = await upgrade(`${wsUrl}?token=${s.token}`, { origin: `http://127.0.0.1:${s.port}` });
    expect(good.ws).toBeDefined();
    good.ws!.close();
  });

  it('is not reachable on a non-loopback address', async (ctx) => {
    const ip = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    if (!ip) {
      console.warn('[skip] no non-loopback IPv4 address on this machine');
      ctx.skip('no non-loopback IPv4 address');
    }
    const code = await new Promise<string>((resolve) => {
      const sock = connect({ host: ip, port: s.port });
      sock.setTimeout(5000, () => {
        sock.destroy();
        resolve('TIMEOUT');
      });
      sock.once('connect', () => {
        sock.destroy();
        resolve('CONNECTED');
      });
      sock.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? String(e)));
    });
    expect(code).toBe('ECONNREFUSED');
  });

  describe('the WebSocket contract under malformed input', () => {
    let c: Client;
    beforeAll(async () => {
      const { ws } = await upgrade(`${wsUrl}?token=${s.token}`);
      c = new Client(ws!);
    });
    afterAll(() => c?.ws.close());

    it('answers non-JSON, binary and array messages with an error and keeps answering', async () => {
      c.ws.send('this is not json');
      expect(await c.next()).toMatchObject({ id: null, error: { code: 'bad-message' } });
      c.ws.send(Buffer.from([0xde, 0xad, 0xbe, 0xef]), { binary: true });
      expect(await c.next()).toMatchObject({ id: null, error: { code: 'bad-message' } });
      c.ws.send('[1, 2, 3]');
      expect(await c.next()).toMatchObject({ id: null, error: { code: 'bad-message' } });
      c.ws.send('null');
      expect(await c.next()).toMatchObject({ id: null, error: { code: 'bad-message' } });
      expect(await c.call('app.info', {}, 1)).toMatchObject({ id: 1, result: { mode: 'web' } });
    });

    it('answers unknown methods and wrong parameter types with stable error codes', async () => {
      expect(await c.call('fs.readFile', { path: '/etc/passwd' }, 2)).toMatchObject({
        id: 2,
        error: { code: 'unknown-method' },
      });
      expect(await c.call('__proto__', {}, 3)).toMatchObject({ id: 3, error: { code: 'unknown-method' } });
      expect(await c.call('ontology.search', { ontologyId: 5, text: 'x' }, 4)).toMatchObject({
        id: 4,
        error: { code: 'bad-params' },
      });
      expect(await c.call('ontology.open', { path: 42 }, 5)).toMatchObject({ id: 5, error: { code: 'bad-params' } });
      expect(await c.call('app.info', { extra: true }, 6)).toMatchObject({ id: 6, error: { code: 'bad-params' } });
      expect(await c.call('app.info', 'params as a string', 7)).toMatchObject({ id: 7, error: { code: 'bad-params' } });
      expect(await c.call('tasks.cancel', { id: 'no-such-task' }, 8)).toMatchObject({
        id: 8,
        result: { cancelled: false },
      });
      expect(await c.call('ontology.card', { ontologyId: '/not/open.owl', iri: 'http://x' }, 9)).toMatchObject({
        id: 9,
        error: { code: 'not-open' },
      });
      expect(await c.call({ toString: 1 } as unknown as string, {}, 14)).toMatchObject({
        id: 14,
        error: { code: 'unknown-method' },
      });
      expect(await c.call(Object.create(null) as string, {}, 15)).toMatchObject({
        id: 15,
        error: { code: 'unknown-method' },
      });
      // Ids of other types are not echoed (the reply still comes).
      c.ws.send(JSON.stringify({ id: { evil: true }, method: 'app.info', params: {} }));
      expect(await c.next()).toMatchObject({ id: null, result: { mode: 'web' } });
    });

    it('answers a huge string under the frame limit with bad-params', async () => {
      const r = await c.call('ontology.search', { ontologyId: 'x', text: 'a'.repeat(3 * 2 ** 20) }, 10);
      expect(r).toMatchObject({ id: 10, error: { code: 'bad-params' } });
      expect(await c.call('app.info', {}, 11)).toMatchObject({ id: 11, result: { mode: 'web' } });
    });

    it('closes a socket that sends more than 4 MiB with 1009 (message too big); the server keeps serving new sockets', async () => {
      const { ws } = await upgrade(`${wsUrl}?token=${s.token}`);
      const big = new Client(ws!);
      ws!.send(
        JSON.stringify({
          id: 12,
          method: 'ontology.search',
          params: { ontologyId: 'x', text: 'a'.repeat(4 * 2 ** 20 + 1) },
        }),
      );
      await expect(big.next()).rejects.toThrow(/socket closed \(1009\)/);
      expect(await c.call('app.info', {}, 13)).toMatchObject({ id: 13, result: { mode: 'web' } });
    });

    it('answers an oversized HTTP body without crashing the server', async () => {
      const body = JSON.stringify({ method: 'app.info', params: { x: 'y'.repeat(5 * 2 ** 20) } });
      // Today the server resets the connection (see the report); a 4xx JSON error would be accepted too.
      const r = await http(s, {
        path: '/api/call',
        method: 'POST',
        headers: { authorization: `Bearer ${s.token}` },
        body,
      }).then(
        (x) => x.status,
        (e: NodeJS.ErrnoException) => e.code,
      );
      expect([400, 413, 'ECONNRESET', 'EPIPE']).toContain(r);
      const after = await http(s, {
        path: '/api/call',
        method: 'POST',
        headers: { authorization: `Bearer ${s.token}` },
        body: '{"method":"app.info","params":{}}',
      });
      expect(after.status).toBe(200);
    });
  });
});
