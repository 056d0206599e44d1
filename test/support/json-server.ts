import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { listenLoopback, readBody, type LoopbackServer } from './loopback-http';

export type JsonHandler = (req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) => void;

/**
 * A loopback server around the test file's tests (beforeAll/afterAll where it is called) that reads
 * each request's JSON body and hands it to `onRequest`; `base` is its OpenAI-style /v1 address.
 */
export function jsonServerForFile(onRequest: JsonHandler): { readonly base: string } {
  let server: LoopbackServer | undefined;
  beforeAll(async () => {
    server = await listenLoopback((req, res) => {
      void readBody(req).then((raw) => onRequest(req, res, raw ? JSON.parse(raw) : {}));
    });
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get base() {
      if (!server) throw new Error('the JSON server is used outside a test');
      return `${server.url}/v1`;
    },
  };
}
