import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ApiService } from '../api/api-service';
import { UserError, errorMessage } from '../core/errors';
import { headerToken, hostAllowed, originAllowed, parseRequestUrl, socketToken, tokenMatches } from './origin-guard';

export interface WebServerOptions {
  api: ApiService;
  port?: number;
  staticDir: string;
  token?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const MAX_MESSAGE = 4 * 2 ** 20;
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * Web mode: the renderer and the API contract over HTTP + WebSocket, for a browser on this machine or
 * through an SSH tunnel. Loopback only, a random token per run, and Host/Origin checks.
 */
export async function startWebServer(o: WebServerOptions): Promise<RunningServer> {
  const token = o.token ?? randomBytes(24).toString('base64url');
  let port = 0;
  const server = createServer((req, res) => {
    void handleHttp(req, res).catch((e) => {
      if (!res.headersSent) send(res, 500, { error: { code: 'internal', message: errorMessage(e) } });
    });
  });

  async function handleHttp(req: IncomingMessage, res: ServerResponse) {
    if (!hostAllowed(req, port) || !originAllowed(req, port))
      return send(res, 403, { error: { code: 'forbidden', message: 'Host or Origin not allowed.' } });
    const url = parseRequestUrl(req.url);
    if (!url)
      return send(res, 400, { error: { code: 'bad-request', message: 'The request path is not a valid URL.' } });
    if (url.pathname === '/api/call' || url.pathname.startsWith('/api/')) {
      // Cookies are shared by every port on 127.0.0.1, so the API takes the token only in a header,
      // which the page holds in its own origin's memory and no other loopback service can read.
      if (!tokenMatches(headerToken(req), token))
        return send(res, 401, { error: { code: 'unauthorized', message: 'Missing or wrong token.' } });
    }
    if (url.pathname === '/api/call' && req.method === 'POST') {
      let body: { method?: unknown; params?: unknown };
      const raw = await readBody(req);
      if (raw === null) {
        res.setHeader('Connection', 'close');
        send(res, 413, { error: { code: 'too-large', message: 'The request body is larger than 4 MiB.' } });
        req.destroy();
        return;
      }
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        return send(res, 400, { error: { code: 'bad-request', message: 'The body is not JSON.' } });
      }
      // A client that gives up closes its connection before the answer: the work done for it stops.
      const gone = new AbortController();
      res.once('close', () => {
        if (!res.writableFinished) gone.abort();
      });
      try {
        const client = `http:${req.socket.remoteAddress ?? ''}:${req.socket.remotePort ?? 0}`;
        return send(res, 200, {
          result: await o.api.handle(body?.method, body?.params, { client, signal: gone.signal }),
        });
      } catch (e) {
        return send(res, e instanceof UserError ? 400 : 500, { error: errorPayload(e) });
      }
    }
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, 405, { error: { code: 'method', message: 'Method not allowed.' } });
    if (url.pathname.startsWith('/api/'))
      return send(res, 404, { error: { code: 'not-found', message: 'Not found.' } });
    // The user interface is the public build and holds no secret, so it is served without the token.
    return serveStatic(url.pathname, res);
  }

  function serveStatic(pathname: string, res: ServerResponse) {
    let rel: string;
    try {
      rel = decodeURIComponent(pathname === '/' ? '/index.html' : pathname);
    } catch {
      return send(res, 400, {
        error: { code: 'bad-request', message: 'The request path is not valid percent-encoding.' },
      });
    }
    if (rel.includes('\0'))
      return send(res, 400, { error: { code: 'bad-request', message: 'The request path is not valid.' } });
    const file = normalize(join(o.staticDir, rel));
    if (!file.startsWith(normalize(o.staticDir) + sep) && file !== normalize(join(o.staticDir, 'index.html')))
      return send(res, 404, { error: { code: 'not-found', message: 'Not found.' } });
    const target = existsSync(file) && statSync(file).isFile() ? file : join(o.staticDir, 'index.html');
    if (!existsSync(target)) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
      return res.end('The user interface has not been built yet: run `npm run build:renderer`.\n');
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(target)] ?? 'application/octet-stream',
      'Content-Security-Policy': CSP,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache',
    });
    createReadStream(target).pipe(res);
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE });
  server.on('upgrade', (req, socket, head) => {
    const url = parseRequestUrl(req.url);
    if (
      !url ||
      !hostAllowed(req, port) ||
      !originAllowed(req, port) ||
      !tokenMatches(socketToken(req, url), token) ||
      url.pathname !== '/ws'
    ) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => onSocket(ws));
  });

  const sockets = new Set<WebSocket>();
  const onEvent = (event: string, payload: unknown) => {
    const msg = JSON.stringify({ event, payload });
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(msg);
  };
  o.api.events.on('event', onEvent);

  let socketCount = 0;
  function onSocket(ws: WebSocket) {
    const client = `ws:${++socketCount}`;
    // Calls made over this socket stop when it closes (see CallContext.signal).
    const gone = new AbortController();
    // Every call in flight on the socket listens on it: more than Node's default of 10.
    setMaxListeners(0, gone.signal);
    sockets.add(ws);
    ws.on('close', () => {
      sockets.delete(ws);
      gone.abort();
    });
    ws.on('error', () => sockets.delete(ws));
    ws.on('message', (data, isBinary) => {
      let msg: { id?: unknown; method?: unknown; params?: unknown };
      try {
        if (isBinary) throw new Error('binary');
        msg = JSON.parse(String(data)) as typeof msg;
        if (!msg || typeof msg !== 'object' || Array.isArray(msg)) throw new Error('shape');
      } catch {
        ws.send(
          JSON.stringify({
            id: null,
            error: { code: 'bad-message', message: 'Messages must be JSON objects {id, method, params}.' },
          }),
        );
        return;
      }
      const id = typeof msg.id === 'number' || typeof msg.id === 'string' ? msg.id : null;
      o.api.handle(msg.method, msg.params, { client, signal: gone.signal }).then(
        (result) => ws.readyState === ws.OPEN && ws.send(JSON.stringify({ id, result })),
        (e) => ws.readyState === ws.OPEN && ws.send(JSON.stringify({ id, error: errorPayload(e) })),
      );
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    close: async () => {
      o.api.events.off('event', onEvent);
      for (const ws of sockets) ws.terminate();
      wss.close();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

function errorPayload(e: unknown): { code: string; message: string } {
  if (e instanceof UserError) return { code: e.code, message: e.message };
  return { code: 'internal', message: `Internal error: ${errorMessage(e)}` };
}

function send(res: ServerResponse, status: number, body: unknown) {
  // A refusal may leave the request body unread; closing keeps a reused connection from reading it as the next request.
  if (status >= 400) res.setHeader('Connection', 'close');
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
  res.end(JSON.stringify(body));
}

/** The body as text, or null when it exceeds the limit (the rest is left unread). */
function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > MAX_MESSAGE) {
        req.off('data', onData);
        req.pause();
        resolve(null);
      } else chunks.push(c);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
