import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src-renderer/api/api-error';
import { WsTransport, type SocketLike } from '../../../src-renderer/api/ws-transport';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(data);
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  reply(obj: unknown) {
    this.onmessage?.({ data: JSON.stringify(obj) });
  }
  lastRequest(): { id: number; method: string; params: unknown } {
    return JSON.parse(this.sent[this.sent.length - 1]);
  }
}

describe('WsTransport (the web-mode WorkbenchApi)', () => {
  let sockets: FakeSocket[];
  let t: WsTransport;
  const make = (o: Partial<ConstructorParameters<typeof WsTransport>[0]> = {}) => {
    t = new WsTransport({
      url: 'ws://127.0.0.1:1/ws',
      createSocket: (u) => (sockets.push(new FakeSocket(u)), sockets[sockets.length - 1]),
      random: () => 0.5,
      ...o,
    });
    return t;
  };
  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
  });
  afterEach(() => {
    t?.close();
    vi.useRealTimers();
  });

  it('queues calls until the socket opens, pairs replies by id and rejects errors as ApiError', async () => {
    make();
    const a = t.call('app.info', {});
    const b = t.call('ontology.list', {});
    expect(sockets[0].sent).toEqual([]);
    sockets[0].open();
    expect(sockets[0].sent.map((s) => JSON.parse(s).method)).toEqual(['app.info', 'ontology.list']);
    const [ra, rb] = sockets[0].sent.map((s) => JSON.parse(s).id);
    sockets[0].reply({ id: rb, error: { code: 'not-open', message: 'That ontology is not open.' } });
    sockets[0].reply({ id: ra, result: { version: '1' } });
    await expect(a).resolves.toEqual({ version: '1' });
    const err = await b.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'not-open', message: 'That ontology is not open.' });
  });

  it('delivers pushed events to listeners until they unsubscribe; ignores junk', () => {
    make();
    sockets[0].open();
    const seen: unknown[] = [];
    const off = t.on('task.update', (p) => seen.push(p.id));
    sockets[0].reply({ event: 'task.update', payload: { id: 't1' } });
    sockets[0].onmessage?.({ data: 'not json' });
    sockets[0].onmessage?.({ data: new ArrayBuffer(4) });
    sockets[0].reply({ id: 999, result: 1 }); // nobody waits for it
    sockets[0].reply({ event: 'ask.step', payload: {} });
    off();
    sockets[0].reply({ event: 'task.update', payload: { id: 't2' } });
    expect(seen).toEqual(['t1']);
  });

  it('times out a call with code "timeout", using per-method limits', async () => {
    make({ timeoutMs: 1000, methodTimeoutMs: { 'query.run': 5000 } });
    sockets[0].open();
    const fast = t.call('app.info', {}).catch((e: ApiError) => e.code);
    const slow = t.call('query.run', { ontologyId: 'o', query: 'DESCRIBE "x"' }).catch((e: ApiError) => e.code);
    vi.advanceTimersByTime(1001);
    expect(await fast).toBe('timeout');
    sockets[0].reply({ id: JSON.parse(sockets[0].sent[1]).id, result: 'done' });
    expect(await slow).toBe('done');
  });

  it('rejects in-flight calls on a drop, reconnects with growing backoff, then re-sends queued calls', async () => {
    const states: string[] = [];
    make({ minBackoffMs: 100, maxBackoffMs: 400 });
    t.onState((s, d) => states.push(`${s}${d.retryInMs !== undefined ? `@${d.retryInMs}` : ''}`));
    let reconnected = 0;
    t.onReconnect(() => reconnected++);
    sockets[0].open();
    const inflight = t.call('app.info', {}).catch((e: ApiError) => e.code);
    sockets[0].drop();
    expect(await inflight).toBe('disconnected');
    const queued = t.call('ontology.list', {});
    vi.advanceTimersByTime(100);
    expect(sockets).toHaveLength(2);
    sockets[1].drop(); // fails again before opening
    vi.advanceTimersByTime(199);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    sockets[2].open();
    expect(reconnected).toBe(1);
    const req = sockets[2].lastRequest();
    expect(req.method).toBe('ontology.list');
    sockets[2].reply({ id: req.id, result: [] });
    await expect(queued).resolves.toEqual([]);
    expect(states).toEqual(['open', 'reconnecting@100', 'reconnecting', 'reconnecting@200', 'reconnecting', 'open']);
  });

  it('caps the backoff', () => {
    make({ minBackoffMs: 100, maxBackoffMs: 300 });
    const delays: number[] = [];
    t.onState((_s, d) => d.retryInMs !== undefined && delays.push(d.retryInMs));
    for (let i = 0; i < 5; i++) {
      sockets[sockets.length - 1].drop();
      vi.advanceTimersByTime(1000);
    }
    expect(delays).toEqual([100, 200, 300, 300, 300]);
  });

  it('refuses requests over 4 MiB before sending them', async () => {
    make();
    sockets[0].open();
    const err = await t
      .call('ontology.search', { ontologyId: 'o', text: 'x'.repeat(4 * 2 ** 20 + 1) })
      .catch((e: ApiError) => e.code);
    expect(err).toBe('too-large');
    expect(sockets[0].sent).toEqual([]);
  });

  it('rejects everything after close()', async () => {
    make();
    const p = t.call('app.info', {}).catch((e: ApiError) => e.code);
    t.close();
    expect(await p).toBe('closed');
    expect(await t.call('app.info', {}).catch((e: ApiError) => e.code)).toBe('closed');
  });
});
