import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorMessage } from '../core/errors';
import { headerToken, hostAllowed, originAllowed, parseRequestUrl, tokenMatches } from '../server/origin-guard';

export interface McpHttpOptions {
  port: number;
  /** A fresh server per request: the transport runs stateless, so requests never share state. `client` names the connection. */
  create: (client: string) => McpServer;
  token?: string;
}

export interface RunningMcpHttp {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

/**
 * Streamable HTTP on 127.0.0.1 only, under the web mode's rules: a random token per run, sent only in a
 * header (`Authorization: Bearer` or `X-Oarag-Token`), and Host/Origin limited to loopback names on our port against DNS rebinding.
 */
export async function startMcpHttp(o: McpHttpOptions): Promise<RunningMcpHttp> {
  const token = o.token ?? randomBytes(24).toString('base64url');
  let port = 0;
  const server = createServer((req, res) => {
    void handle(req, res).catch((e) => {
      if (!res.headersSent) rpcError(res, 500, -32603, `Internal error: ${errorMessage(e)}`);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (!hostAllowed(req, port) || !originAllowed(req, port))
      return rpcError(res, 403, -32000, 'Host or Origin not allowed.');
    if (!tokenMatches(headerToken(req), token)) return rpcError(res, 401, -32000, 'Missing or wrong token.');
    if (parseRequestUrl(req.url)?.pathname !== '/mcp')
      return rpcError(res, 404, -32000, 'Not found: the endpoint is /mcp.');
    if (req.method !== 'POST')
      return rpcError(res, 405, -32000, 'Method not allowed: this server is stateless, so only POST is served.');
    const mcp = o.create(`mcp:http:${req.socket.remotePort ?? 0}`);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    token,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

function rpcError(res: ServerResponse, status: number, code: number, message: string) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
