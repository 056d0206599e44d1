import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiService } from '../../../src-main/api/api-service';
import { Container } from '../../../src-main/container';
import { startWebServer, type RunningServer } from '../../../src-main/server/web-server';
import { tempDir } from '../../support/temp-dir';

// The web server in this process over the real API and services (settings, tasks, file watcher in a temp
// folder), on 127.0.0.1 and a port the system picks. Nothing here needs the JVM or a model.
const dir = tempDir('oarag-web-');
let c: Container;
let api: ApiService;
let s: RunningServer;

beforeAll(async () => {
  c = new Container({ cacheDir: join(dir.path, 'cache'), dataDir: join(dir.path, 'data'), env: {} });
  await c.start();
  api = new ApiService(c, 'web');
  writeFileSync(join(dir.path, 'index.html'), '<div id="app"></div>');
  s = await startWebServer({ api, staticDir: dir.path });
});

afterAll(async () => {
  await s?.close();
  await c?.stop();
  dir.cleanup();
});

interface Reply {
  status: number;
  body: string;
  json: { result?: unknown; error?: { code: string; message: string } } | null;
  headers: Record<string, unknown>;
}

function http(o: { path?: string; method?: string; headers?: Record<string, string>; body?: string | Buffer }) {
  return new Promise<Reply>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: s.port,
        path: o.path ?? '/api/call',
        method: o.method ?? 'POST',
        headers: { host: `127.0.0.1:${s.port}`, ...o.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => {
          let json = null;
          try {
            json = JSON.parse(body);
          } catch {
            // a static file
          }
          resolve({ status: res.statusCode ?? 0, body, json, headers: res.headers });
        });
      },
    );
    // The server may close a refused request before reading all of its body.
    req.on('error', (e) => ((e as NodeJS.ErrnoException).code === 'EPIPE' ? undefined : reject(e)));
    if (o.body !== undefined) req.write(o.body);
    req.end();
  });
}

const authed = (body: unknown, headers: Record<string, string> = {}) =>
  http({ headers: { authorization: `Bearer ${s.token}`, ...headers }, body: JSON.stringify(body) });

/** A socket to /ws: its replies by id and the events pushed to it. */
async function socket(query = `?token=${s.token}`, headers: Record<string, string> = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${s.port}/ws${query}`, { headers });
  const events: { event: string; payload: unknown }[] = [];
  const replies: { id: unknown; result?: unknown; error?: { code: string } }[] = [];
  ws.on('message', (d) => {
    const m = JSON.parse(String(d));
    (m.event ? events : replies).push(m);
  });
  const opened = await new Promise<number | 'open'>((resolve) => {
    ws.once('open', () => resolve('open'));
    ws.once('unexpected-response', (_q, res) => (resolve(res.statusCode ?? 0), ws.terminate()));
    ws.once('error', () => resolve(-1));
  });
  const until = async (f: () => boolean, ms = 5000) => {
    const t0 = Date.now();
    while (!f()) {
      if (Date.now() - t0 > ms) throw new Error('nothing arrived');
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { ws, opened, events, replies, until };
}

describe('web server: the token', () => {
  it('answers the API only with the token in a header (Bearer or X-Oarag-Token)', async () => {
    const body = JSON.stringify({ method: 'app.info', params: {} });
    const none = await http({ body });
    expect([none.status, none.json?.error?.code]).toEqual([401, 'unauthorized']);
    const wrong = await http({ body, headers: { authorization: `Bearer ${s.token}x` } });
    expect([wrong.status, wrong.json?.error?.code]).toEqual([401, 'unauthorized']);
    // Not in the query string, not in a cookie: every service on 127.0.0.1 would see those.
    expect((await http({ body, path: `/api/call?token=${s.token}` })).status).toBe(401);
    expect((await http({ body, headers: { cookie: `token=${s.token}` } })).status).toBe(401);
    const bearer = await authed({ method: 'app.info', params: {} });
    expect([bearer.status, (bearer.json?.result as { mode: string }).mode]).toEqual([200, 'web']);
    const header = await http({ body, headers: { 'x-oarag-token': s.token } });
    expect(header.status).toBe(200);
  });

  it('opens a socket only with the token, and only on /ws', async () => {
    expect((await socket('')).opened).toBe(403);
    expect((await socket('?token=nope')).opened).toBe(403);
    const ok = await socket();
    expect(ok.opened).toBe('open');
    ok.ws.close();
    const other = new WebSocket(`ws://127.0.0.1:${s.port}/other?token=${s.token}`);
    const status = await new Promise((r) => other.once('unexpected-response', (_q, res) => r(res.statusCode)));
    expect(status).toBe(403);
  });

  it('serves the page without the token; each server has its own random token', async () => {
    const page = await http({ path: '/', method: 'GET' });
    expect([page.status, page.body]).toEqual([200, '<div id="app"></div>']);
    expect(s.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(s.url).toBe(`http://127.0.0.1:${s.port}/?token=${s.token}`);
    const other = await startWebServer({ api, staticDir: dir.path });
    try {
      expect(other.token).not.toBe(s.token);
      expect(other.port).not.toBe(s.port);
    } finally {
      await other.close();
    }
  });
});

describe('web server: loopback only', () => {
  it('refuses other Host and Origin headers (DNS rebinding)', async () => {
    const call = { method: 'app.info', params: {} };
    const host = await authed(call, { host: `evil.example:${s.port}` });
    expect([host.status, host.json?.error?.code]).toEqual([403, 'forbidden']);
    const origin = await authed(call, { origin: 'http://evil.example' });
    expect([origin.status, origin.json?.error?.code]).toEqual([403, 'forbidden']);
    expect((await authed(call, { host: `localhost:${s.port}`, origin: `http://localhost:${s.port}` })).status).toBe(
      200,
    );
    expect((await socket(`?token=${s.token}`, { origin: 'http://evil.example' })).opened).toBe(403);
  });

  it('listens on 127.0.0.1 alone: not on ::1, not on the machine’s other addresses', async () => {
    const reach = (host: string) =>
      new Promise<boolean>((resolve) => {
        const sock = connect({ host, port: s.port });
        sock.once('connect', () => (sock.destroy(), resolve(true)));
        sock.once('error', () => resolve(false));
      });
    expect(await reach('127.0.0.1')).toBe(true);
    expect(await reach('::1')).toBe(false);
    const external = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && !a.internal)
      .map((a) => a!.address);
    for (const a of external) expect(await reach(a)).toBe(false);
  });
});

describe('web server: bad requests are answered with an error code', () => {
  it('refuses a body over 4 MiB with too-large', async () => {
    const big = Buffer.alloc(4 * 2 ** 20 + 1, 0x20);
    const r = await http({ headers: { authorization: `Bearer ${s.token}` }, body: big });
    expect([r.status, r.json?.error?.code]).toEqual([413, 'too-large']);
  });

  it('refuses a body that is not JSON with bad-request', async () => {
    const r = await http({ headers: { authorization: `Bearer ${s.token}` }, body: '{"method":' });
    expect([r.status, r.json?.error?.code]).toEqual([400, 'bad-request']);
  });

  it('answers an unknown API method with unknown-method, bad params with bad-params', async () => {
    const unknown = await authed({ method: 'nope.nothing', params: {} });
    expect([unknown.status, unknown.json?.error?.code]).toEqual([400, 'unknown-method']);
    const missing = await authed({ params: {} });
    expect(missing.json?.error?.code).toBe('unknown-method');
    const bad = await authed({ method: 'ontology.search', params: { ontologyId: 1 } });
    expect([bad.status, bad.json?.error?.code]).toEqual([400, 'bad-params']);
  });

  it('answers an HTTP method it does not serve with method, and an unknown API path with not-found', async () => {
    const put = await http({ method: 'PUT', path: '/', body: 'x' });
    expect([put.status, put.json?.error?.code]).toEqual([405, 'method']);
    const getApi = await http({ method: 'GET', path: '/api/other', headers: { 'x-oarag-token': s.token } });
    expect([getApi.status, getApi.json?.error?.code]).toEqual([404, 'not-found']);
    const badPath = await http({ method: 'GET', path: '/%E0%A4%A' });
    expect([badPath.status, badPath.json?.error?.code]).toEqual([400, 'bad-request']);
  });

  it('answers bad socket messages with bad-message and keeps the socket', async () => {
    const k = await socket();
    k.ws.send('not json');
    k.ws.send('[1,2]');
    k.ws.send(Buffer.from('{"id":1}'), { binary: true });
    k.ws.send(JSON.stringify({ id: 7, method: 'nope', params: {} }));
    k.ws.send(JSON.stringify({ id: 'x', method: 'app.info', params: {} }));
    await k.until(() => k.replies.length === 5);
    const byId = (id: unknown) => k.replies.filter((r) => r.id === id);
    expect(byId(null).map((r) => r.error?.code)).toEqual(['bad-message', 'bad-message', 'bad-message']);
    expect(byId(7)[0].error?.code).toBe('unknown-method');
    expect(byId('x')[0].result).toMatchObject({ mode: 'web' });
    k.ws.close();
  });
});

describe('web server: the push channel', () => {
  it('pushes task updates and file changes to every open socket, as {event, payload}', async () => {
    const a = await socket();
    const b = await socket();
    let finish: () => void = () => {};
    const t = c.tasks.launch('load', 'Push test', (task) => {
      task.update({ stage: 'parse', fraction: 0.5 });
      return new Promise<void>((r) => (finish = r));
    });
    await a.until(() => a.events.some((e) => (e.payload as { id: string }).id === t.id));
    expect(a.events[0]).toMatchObject({
      event: 'task.update',
      payload: { id: t.id, kind: 'load', state: 'running', stage: 'parse', fraction: 0.5 },
    });
    finish();
    const ended = (k: typeof a) =>
      k.events.some((e) => e.event === 'task.update' && (e.payload as { id: string; state: string }).state === 'ok');
    await a.until(() => ended(a));
    await b.until(() => ended(b));
    c.fileWatcher.events.emit('change', { ontologyId: '/o/a.ofn', path: '/o/a.ofn', state: 'modified' });
    await b.until(() => b.events.some((e) => e.event === 'ontology.changed'));
    expect(b.events.find((e) => e.event === 'ontology.changed')?.payload).toEqual({
      ontologyId: '/o/a.ofn',
      path: '/o/a.ofn',
      state: 'modified',
    });
    a.ws.close();
    b.ws.close();
  });

  it('a closed socket no longer receives events, and close() stops listening to the API', async () => {
    const before = api.events.listenerCount('event');
    const mine = await startWebServer({ api, staticDir: dir.path });
    expect(api.events.listenerCount('event')).toBe(before + 1);
    const ws = new WebSocket(`ws://127.0.0.1:${mine.port}/ws?token=${mine.token}`);
    await new Promise((r) => ws.once('open', r));
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    await mine.close();
    expect(api.events.listenerCount('event')).toBe(before);
    expect(await closed).toBe(1006);
    const refused = await new Promise<boolean>((resolve) => {
      const sock = connect({ host: '127.0.0.1', port: mine.port });
      sock.once('connect', () => (sock.destroy(), resolve(false)));
      sock.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);
  });
});
