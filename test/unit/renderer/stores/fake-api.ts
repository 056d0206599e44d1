import type {
  ApiEvent,
  ApiEvents,
  ApiMethod,
  ApiParams,
  ApiResults,
  ApiTaskResults,
  ErrorCode,
  TaskKind,
  WorkbenchApi,
} from '../../../../src-main/api/contract';
import { ApiError, setConnection, type Connection, type ConnectionState } from '../../../../src-renderer/api';

type Handler<M extends ApiMethod> = (params: ApiParams<M>) => ApiResults[M] | Promise<ApiResults[M]>;

/** How a launched task ends, as the main side pushes it. */
export type TaskEnd<K extends TaskKind> =
  | { state: 'ok'; result: ApiTaskResults[K] }
  | { state: 'error'; error: string; errorCode?: ErrorCode }
  | { state: 'cancelled' };

/**
 * The renderer API the stores call, in memory: scripted replies per method, errors thrown as the
 * transports throw them (ApiError with a code), and pushed events the test emits. A method without a
 * reply fails with 'unknown-method', so a store calling something unexpected shows up.
 */
export class FakeApi implements WorkbenchApi {
  readonly calls: { method: ApiMethod; params: unknown }[] = [];
  private readonly handlers = new Map<ApiMethod, (p: unknown) => unknown>();
  private readonly listeners = new Map<string, Set<(p: unknown) => void>>();
  private nextTask = 1;

  reply<M extends ApiMethod>(method: M, r: ApiResults[M] | Handler<M>): this {
    this.handlers.set(method, (p) => (typeof r === 'function' ? (r as Handler<M>)(p as ApiParams<M>) : r));
    return this;
  }

  fail(method: ApiMethod, code: ErrorCode, message = `${method} failed (${code})`): this {
    this.handlers.set(method, () => {
      throw new ApiError(code, message);
    });
    return this;
  }

  /**
   * `method` starts a task of `kind`: it answers a TaskRef, pushes the task running, and after a
   * macrotask pushes its end (only task.update events: the store must follow them).
   */
  launches<K extends TaskKind>(method: ApiMethod, kind: K, end: TaskEnd<K>): this {
    this.handlers.set(method, () => {
      const id = `t${this.nextTask++}`;
      this.pushTask(id, kind, { state: 'running' });
      setTimeout(() => this.pushTask(id, kind, end), 0);
      return { taskId: id };
    });
    return this;
  }

  pushTask<K extends TaskKind>(id: string, kind: K, t: TaskEnd<K> | { state: 'running'; fraction?: number }): void {
    this.emit('task.update', {
      id,
      kind,
      title: `${kind} ${id}`,
      fraction: t.state === 'running' ? (t.fraction ?? 0) : 1,
      stage: '',
      startedAt: 1000 + Number(id.replace(/\D/g, '') || 0),
      ...t,
    } as ApiEvents['task.update']);
  }

  callsOf<M extends ApiMethod>(method: M): ApiParams<M>[] {
    return this.calls.filter((c) => c.method === method).map((c) => c.params as ApiParams<M>);
  }

  async call<M extends ApiMethod>(method: M, params: ApiParams<M>): Promise<ApiResults[M]> {
    this.calls.push({ method, params });
    // The reply in place when the call was made answers it, a tick later (as a transport would).
    const h = this.handlers.get(method);
    await Promise.resolve();
    if (!h) throw new ApiError('unknown-method', `no fake reply for ${method}`);
    return (await h(params)) as ApiResults[M];
  }

  on<E extends ApiEvent>(event: E, listener: (payload: ApiEvents[E]) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as (p: unknown) => void);
    this.listeners.set(event, set);
    return () => set.delete(listener as (p: unknown) => void);
  }

  emit<E extends ApiEvent>(event: E, payload: ApiEvents[E]): void {
    for (const l of this.listeners.get(event) ?? []) l(payload);
  }

  listenerCount(event: ApiEvent): number {
    return this.listeners.get(event)?.size ?? 0;
  }
}

export interface FakeConnection extends Connection {
  api: FakeApi;
  /** Pushes a connection state to the listeners (the web transport's reconnect cycle). */
  state(s: ConnectionState, detail?: { retryInMs?: number; attempt: number }): void;
  /** The socket came back: listeners fetch their snapshot again. */
  reconnect(): void;
}

/** Installs a fake connection as the renderer's one connection (src-renderer/api). */
export function installFakeConnection(api = new FakeApi(), over: Partial<Connection> = {}): FakeConnection {
  const stateFns = new Set<(s: ConnectionState, d: { retryInMs?: number; attempt: number }) => void>();
  const reconnectFns = new Set<() => void>();
  const c: FakeConnection = {
    api,
    mode: 'web',
    desktop: null,
    onState: (fn) => (stateFns.add(fn), () => stateFns.delete(fn)),
    onReconnect: (fn) => (reconnectFns.add(fn), () => reconnectFns.delete(fn)),
    state: (s, d = { attempt: 1 }) => stateFns.forEach((fn) => fn(s, d)),
    reconnect: () => reconnectFns.forEach((fn) => fn()),
    ...over,
  } as FakeConnection;
  setConnection(c);
  return c;
}

/** Lets pending promises and zero-delay timers run (a pushed task end is one macrotask away). */
export async function settle(rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setTimeout(r, 0));
}
