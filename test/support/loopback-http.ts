import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  /** Stops listening and drops every open connection, endless streams included. */
  close(): Promise<void>;
}

/** An HTTP server for a test on 127.0.0.1, on a port the system picks. */
export async function listenLoopback(listener: RequestListener): Promise<LoopbackServer> {
  const server = createServer(listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Writes chunks from `next` as fast as the client reads them, until it returns null or the client leaves. */
export function pump(
  res: ServerResponse,
  next: () => string | Buffer | null,
  onWrite?: (chunk: string | Buffer) => void,
): void {
  const go = () => {
    for (;;) {
      if (res.destroyed) return;
      const c = next();
      if (c === null) return void res.end();
      onWrite?.(c);
      if (!res.write(c)) return void res.once('drain', go);
    }
  };
  go();
}
