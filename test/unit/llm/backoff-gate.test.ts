import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { BackoffGate, gatedFetch } from '../../../src-main/llm/openai/backoff-gate';
import { OpenAiBackend } from '../../../src-main/llm/openai/openai-backend';

describe('BackoffGate', () => {
  it('closes for the Retry-After of a 429, backs off exponentially without one, and resets on success', () => {
    let t = 1000;
    const gate = new BackoffGate({ maxRetries: 0, baseDelayMs: 100, maxDelayMs: 1000 }, () => t);
    expect(gate.waitMs).toBe(0);
    gate.observe(429, '0.5');
    expect(gate.waitMs).toBe(500);
    gate.observe(503, null);
    expect(gate.waitMs).toBe(500); // a shorter backoff never shortens the pause
    t += 500;
    gate.observe(503, null);
    const second = gate.waitMs;
    expect(second).toBeGreaterThanOrEqual(300);
    expect(second).toBeLessThanOrEqual(500);
    gate.observe(429, '3600');
    expect(gate.waitMs).toBe(1000); // capped
    t += 1000;
    gate.observe(200, null);
    gate.observe(503, null);
    expect(gate.waitMs).toBeLessThanOrEqual(125); // back to the first step
  });

  it('holds back every request of a backend after one refusal, and the backend still gets its answers', async () => {
    const arrivals: number[] = [];
    let n = 0;
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        arrivals.push(Date.now());
        if (n++ === 0) {
          res.writeHead(429, { 'retry-after': '0.3', 'content-type': 'application/json' });
          return res.end('{"error":"slow down"}');
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            choices: [{ message: { content: 'ok' }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 1, completion_tokens: 1 },
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    try {
      const gate = new BackoffGate();
      const b = new OpenAiBackend({
        baseUrl: `http://127.0.0.1:${port}`,
        model: 'm',
        stream: false,
        fetch: gatedFetch(gate),
      });
      const first = b.chat([{ role: 'user', content: 'a' }], { maxTokens: 4 });
      // Once the first request's 429 is back, the gate is closed for everyone.
      while (gate.waitMs === 0) await new Promise((r) => setTimeout(r, 5));
      const closedFor = gate.waitMs;
      const t1 = Date.now();
      const second = await b.chat([{ role: 'user', content: 'b' }], { maxTokens: 4 });
      expect(second.text).toBe('ok');
      expect(Date.now() - t1).toBeGreaterThanOrEqual(closedFor - 5); // waited at the gate for the first request's Retry-After
      expect((await first).text).toBe('ok');
      expect(arrivals).toHaveLength(3);
    } finally {
      server.close();
    }
  });
});
