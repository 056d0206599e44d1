import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from './support/renderer-build';
import { startServer, type ServedApp } from './support/server';

/**
 * Issue #12 defect 2 over real sockets: while one client's cross join runs to its deadline, the same
 * server keeps answering app.info quickly, and the query ends with a clear "too expensive" error.
 */
const SAMPLE = join(REPO, 'resources', 'samples', 'cardio.ofn');

class Rpc {
  private nextId = 1;
  private readonly waiting = new Map<
    number,
    (m: { result?: unknown; error?: { code: string; message: string } }) => void
  >();
  constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => {
      const m = JSON.parse(String(d)) as {
        id?: number;
        event?: string;
        result?: unknown;
        error?: { code: string; message: string };
      };
      if (m.event || typeof m.id !== 'number') return;
      this.waiting.get(m.id)?.(m);
      this.waiting.delete(m.id);
    });
  }
  call(method: string, params: unknown): Promise<{ result?: unknown; error?: { code: string; message: string } }> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }
}

describe('web mode stays responsive during an expensive SPARQL query', () => {
  let s: ServedApp;
  let rpc: Rpc;
  beforeAll(async () => {
    s = await startServer();
    const ws = new WebSocket(`ws://127.0.0.1:${s.port}/ws?token=${s.token}`);
    await new Promise((r, j) => (ws.once('open', r), ws.once('error', j)));
    rpc = new Rpc(ws);
  });
  afterAll(async () => {
    rpc?.ws.close();
    await s?.stop();
  });

  it('answers app.info in < 100 ms while a 3-way cross join runs into its 10 s deadline', async () => {
    const result = (await rpc.call('ontology.open', { path: SAMPLE })).result as { taskId: string };
    for (;;) {
      const tasks = (await rpc.call('tasks.list', {})).result as { id: string; state: string; error?: string }[];
      const t = tasks.find((x) => x.id === result.taskId)!;
      if (t.state !== 'running') {
        expect(t.state, t.error).toBe('ok');
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    // Warm the worker (the store loads once), then start the expensive query.
    expect((await rpc.call('query.sparql', { ontologyId: SAMPLE, query: 'ASK { ?s ?p ?o }' })).result).toMatchObject({
      boolean: true,
    });
    const t0 = performance.now();
    const pending = rpc.call('query.sparql', {
      ontologyId: SAMPLE,
      query: 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }',
    });
    let done = false;
    void pending.then(() => (done = true));
    const rtts: number[] = [];
    while (!done && performance.now() - t0 < 20_000) {
      const a = performance.now();
      expect((await rpc.call('app.info', {})).result).toMatchObject({ mode: 'web' });
      rtts.push(performance.now() - a);
      await new Promise((r) => setTimeout(r, 100));
    }
    const reply = await pending;
    const ms = performance.now() - t0;
    expect(reply.error?.code).toBe('sparql-too-expensive');
    expect(reply.error?.message).toMatch(/too expensive: it ran longer than 10 s/);
    expect(ms).toBeGreaterThan(9_000);
    expect(ms).toBeLessThan(14_000);
    expect(rtts.length).toBeGreaterThan(20);
    const sorted = [...rtts].sort((a, b) => a - b);
    const p50 = sorted[Math.floor(sorted.length / 2)];
    console.log(
      `[sparql-responsive] ${rtts.length} app.info calls during the query: p50 ${p50.toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms; query ended after ${(ms / 1000).toFixed(1)} s`,
    );
    // On the event loop, app.info waited for the whole query (20 s in the report). The < 100 ms target is a
    // figure printed above (23 ms max on an idle machine); the assertions leave room for a loaded one.
    expect(p50).toBeLessThan(100);
    expect(sorted[sorted.length - 1]).toBeLessThan(2000);
  });
});
