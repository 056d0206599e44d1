import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, openApp, warnSkip, type Session } from './support/harness';

/**
 * Issue #12 defect 1: a cookie on 127.0.0.1 goes to every port, so another local service could take
 * the web token from the browser and replay it. A second loopback server records every request the
 * browser sends it after the workbench has been opened; the token must appear in none of them.
 */

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
}

function post(port: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/call',
        method: 'POST',
        headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json', ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end('{"method":"app.info","params":{}}');
  });
}

const skip = browserSkipReason();
if (skip) warnSkip('token isolation e2e', skip);

describe.skipIf(skip !== null)('the web token stays with its own origin', () => {
  let session: Session;
  let other: Server;
  let otherPort = 0;
  const seen: Seen[] = [];

  beforeAll(async () => {
    other = createServer((req, res) => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      res.writeHead(200, { 'content-type': 'text/html', 'access-control-allow-origin': '*' });
      res.end(
        '<!doctype html><title>other</title><img src="/pixel.png"><script>fetch("/f",{credentials:"include"})</script>',
      );
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
    otherPort = (other.address() as AddressInfo).port;
    session = await openApp();
  });
  afterAll(async () => {
    await session?.close();
    await new Promise<void>((r) => other?.close(() => r()));
  });

  it('sends the credential to no other loopback port, and a replayed cookie gets 401', async () => {
    const { page, server } = session;
    // Requests to the other port from the workbench page itself and as a top-level navigation.
    await page.evaluate(async (p) => {
      await fetch(`http://127.0.0.1:${p}/from-app`, { credentials: 'include', mode: 'no-cors' }).catch(() => {});
      await fetch(`http://localhost:${p}/from-app-localhost`, { credentials: 'include', mode: 'no-cors' }).catch(
        () => {},
      );
    }, otherPort);
    await page.goto(`http://127.0.0.1:${otherPort}/navigated`);
    await page.waitForFunction(() => document.title === 'other');
    await page.waitForTimeout(500);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    for (const s of seen) {
      const all = JSON.stringify(s);
      expect(all, `request ${s.url} carried the token`).not.toContain(server.token);
    }
    const cookies = await page.context().cookies();
    expect(cookies.map((c) => c.value)).not.toContain(server.token);
    // Whatever a hostile service might replay as a cookie, the API refuses it.
    expect(await post(server.port, { cookie: `oarag_token=${server.token}` })).toBe(401);
    expect(await post(server.port, { cookie: `oarag_token_${server.port}=${server.token}` })).toBe(401);
    expect(await post(server.port, { authorization: `Bearer ${server.token}` })).toBe(200);
  });

  it('a tab opened without the token says how to get in, and reaches nothing', async () => {
    const ctx = await session.browser.newContext();
    try {
      const page = await ctx.newPage();
      await page.goto(`${session.server.origin}/`);
      await page
        .getByTestId('status-bar')
        .getByText(/No access token/)
        .waitFor({ timeout: 15_000 });
      expect(await page.locator('.shell[data-ready="yes"]').count()).toBe(0);
    } finally {
      await ctx.close();
    }
  });

  it('keeps working after a reload without the token in the address bar (same origin only)', async () => {
    const { page, server } = session;
    await page.goto(`${server.origin}/`);
    await page.locator('.shell[data-ready="yes"]').waitFor({ timeout: 30_000 });
    expect(page.url()).not.toContain('token=');
  });
});
