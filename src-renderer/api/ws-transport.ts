import type { ApiEvent, ApiEvents, ApiMethod, ApiParams, ApiResults, WorkbenchApi } from '../../src-main/api/contract';
import { ApiError, toApiError } from './api-error';

export type ConnectionState = 'connecting' | 'open' | 'reconnecting';

/** The subset of the browser WebSocket this transport uses; tests pass a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}

export interface WsTransportOptions {
  url: string;
  createSocket?: (url: string) => SocketLike;
  /** Default per-call timeout (ms). */
  timeoutMs?: number;
  /** Longer limits for calls that may legitimately take a while. */
  methodTimeoutMs?: Partial<Record<ApiMethod, number>>;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** The server refuses messages over 4 MiB by closing the socket; refuse them here instead. */
  maxMessageBytes?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
  random?: () => number;
}

interface Pending {
  method: string;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  timer: unknown;
  sent: boolean;
  payload: string;
}

const OPEN = 1;

/**
 * WorkbenchApi over the web server's WebSocket (`/ws`): request ids, per-call timeouts, calls queued
 * while (re)connecting, reconnection with exponential backoff and jitter, pushed events fanned out
 * to listeners. Calls in flight when the socket drops fail with code 'disconnected' (the server may
 * or may not have run them); calls made while disconnected wait for the next connection.
 */
export class WsTransport implements WorkbenchApi {
  private socket: SocketLike | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(p: unknown) => void>>();
  private readonly stateListeners = new Set<
    (s: ConnectionState, detail: { retryInMs?: number; attempt: number }) => void
  >();
  private readonly reconnectListeners = new Set<() => void>();
  private attempt = 0;
  private everOpened = false;
  private reconnectTimer: unknown;
  private closed = false;
  state: ConnectionState = 'connecting';

  private readonly o: Required<Omit<WsTransportOptions, 'methodTimeoutMs'>> & {
    methodTimeoutMs: Partial<Record<ApiMethod, number>>;
  };

  constructor(opts: WsTransportOptions) {
    this.o = {
      createSocket: (u) => new WebSocket(u) as unknown as SocketLike,
      timeoutMs: 60_000,
      methodTimeoutMs: {},
      minBackoffMs: 500,
      maxBackoffMs: 15_000,
      maxMessageBytes: 4 * 2 ** 20,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
      random: Math.random,
      ...opts,
    };
    this.connect();
  }

  call<M extends ApiMethod>(method: M, params: ApiParams<M>): Promise<ApiResults[M]> {
    if (this.closed) return Promise.reject(new ApiError('closed', 'The connection was closed.'));
    const id = this.nextId++;
    const payload = JSON.stringify({ id, method, params });
    if (
      payload.length > this.o.maxMessageBytes / 4 &&
      new TextEncoder().encode(payload).length > this.o.maxMessageBytes
    ) {
      return Promise.reject(new ApiError('too-large', 'The request is larger than 4 MiB.'));
    }
    return new Promise<ApiResults[M]>((resolve, reject) => {
      const ms = this.o.methodTimeoutMs[method] ?? this.o.timeoutMs;
      const timer = this.o.setTimer(() => {
        if (!this.pending.delete(id)) return;
        reject(new ApiError('timeout', `No answer to ${method} after ${Math.round(ms / 1000)} s.`));
      }, ms);
      const p: Pending = { method, resolve: resolve as (v: unknown) => void, reject, timer, sent: false, payload };
      this.pending.set(id, p);
      if (this.socket?.readyState === OPEN) this.send(p);
    });
  }

  on<E extends ApiEvent>(event: E, listener: (payload: ApiEvents[E]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    const l = listener as (p: unknown) => void;
    set.add(l);
    return () => void this.listeners.get(event)?.delete(l);
  }

  /** Connection state changes, for the status bar. */
  onState(fn: (s: ConnectionState, detail: { retryInMs?: number; attempt: number }) => void): () => void {
    this.stateListeners.add(fn);
    return () => void this.stateListeners.delete(fn);
  }

  /** Called after a re-connection: stores fetch fresh snapshots since pushed events may have been missed. */
  onReconnect(fn: () => void): () => void {
    this.reconnectListeners.add(fn);
    return () => void this.reconnectListeners.delete(fn);
  }

  close(): void {
    this.closed = true;
    if (this.reconnectTimer !== undefined) this.o.clearTimer(this.reconnectTimer);
    this.socket?.close(1000, 'closed');
    for (const [id, p] of this.pending) {
      this.o.clearTimer(p.timer);
      p.reject(new ApiError('closed', 'The connection was closed.'));
      this.pending.delete(id);
    }
  }

  private setState(s: ConnectionState, retryInMs?: number) {
    this.state = s;
    for (const fn of this.stateListeners) fn(s, { retryInMs, attempt: this.attempt });
  }

  private connect() {
    if (this.closed) return;
    this.setState(this.everOpened ? 'reconnecting' : 'connecting');
    let ws: SocketLike;
    try {
      ws = this.o.createSocket(this.o.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = ws;
    ws.onopen = () => {
      const reconnected = this.everOpened;
      this.everOpened = true;
      this.attempt = 0;
      this.setState('open');
      for (const p of this.pending.values()) if (!p.sent) this.send(p);
      if (reconnected) for (const fn of this.reconnectListeners) fn();
    };
    ws.onmessage = (ev) => this.onMessage(ev.data);
    ws.onerror = () => {};
    ws.onclose = () => {
      if (this.socket !== ws) return;
      this.socket = undefined;
      for (const [id, p] of this.pending) {
        if (!p.sent) continue;
        this.o.clearTimer(p.timer);
        this.pending.delete(id);
        p.reject(new ApiError('disconnected', `The connection dropped while ${p.method} was running; try again.`));
      }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect() {
    if (this.closed) return;
    const base = Math.min(this.o.maxBackoffMs, this.o.minBackoffMs * 2 ** this.attempt);
    const delay = Math.round(base * (0.75 + 0.5 * this.o.random()));
    this.attempt++;
    this.setState(this.everOpened ? 'reconnecting' : 'connecting', delay);
    this.reconnectTimer = this.o.setTimer(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, delay);
  }

  private send(p: Pending) {
    try {
      this.socket!.send(p.payload);
      p.sent = true;
    } catch {
      // The close handler will retry it (unsent calls wait for the next connection).
    }
  }

  private onMessage(data: unknown) {
    if (typeof data !== 'string') return;
    let msg: { id?: unknown; result?: unknown; error?: unknown; event?: unknown; payload?: unknown };
    try {
      msg = JSON.parse(data) as typeof msg;
    } catch {
      return;
    }
    if (!msg || typeof msg !== 'object') return;
    if (typeof msg.event === 'string') {
      for (const l of this.listeners.get(msg.event) ?? []) {
        try {
          l(msg.payload);
        } catch (e) {
          console.error(e);
        }
      }
      return;
    }
    if (typeof msg.id !== 'number') {
      if (msg.error) console.warn('server error without a request id:', msg.error);
      return;
    }
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    this.o.clearTimer(p.timer);
    if (msg.error !== undefined) p.reject(toApiError(msg.error));
    else p.resolve(msg.result);
  }
}
