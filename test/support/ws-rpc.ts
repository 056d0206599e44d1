import WebSocket from 'ws';

export interface RpcReply {
  result?: unknown;
  error?: { code: string; message: string };
}

/** One WebSocket client of a web server: calls by id, events ignored; each socket is a client of its own. */
export class WsRpc {
  private nextId = 1;
  private readonly waiting = new Map<number, (m: RpcReply) => void>();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => {
      const m = JSON.parse(String(d)) as RpcReply & { id?: number; event?: string };
      if (m.event || typeof m.id !== 'number') return;
      this.waiting.get(m.id)?.(m);
      this.waiting.delete(m.id);
    });
  }

  static async connect(port: number, token: string): Promise<WsRpc> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`);
    await new Promise((r, j) => (ws.once('open', r), ws.once('error', j)));
    return new WsRpc(ws);
  }

  /** The reply, or a `timeout` error after `ms`. */
  call(method: string, params: unknown, ms = 30_000): Promise<RpcReply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.waiting.delete(id);
        resolve({ error: { code: 'timeout', message: `no answer in ${ms} ms` } });
      }, ms);
      this.waiting.set(id, (m) => {
        clearTimeout(t);
        resolve(m);
      });
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Starts a task and waits for its end: its error code (or 'ok') and message. */
  async task(
    method: string,
    params: unknown,
    ms = 120_000,
  ): Promise<{ code: string; message: string; result?: unknown }> {
    const started = await this.call(method, params);
    if (started.error) return { code: started.error.code, message: started.error.message };
    const id = (started.result as { taskId: string }).taskId;
    const t0 = performance.now();
    for (;;) {
      const list = (await this.call('tasks.list', {})).result as
        { id: string; state: string; error?: string; errorCode?: string; result?: unknown }[] | undefined;
      const t = list?.find((x) => x.id === id);
      if (t && t.state !== 'running')
        return { code: t.state === 'ok' ? 'ok' : (t.errorCode ?? t.state), message: t.error ?? '', result: t.result };
      if (performance.now() - t0 > ms) return { code: 'timeout', message: `task still running after ${ms} ms` };
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  close(): void {
    this.ws.close();
  }
}
