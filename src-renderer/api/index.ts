import type { DesktopBridge, WorkbenchApi } from '../../src-main/api/contract';
import { ElectronTransport } from './electron-transport';
import { WsTransport, type ConnectionState } from './ws-transport';

export { ApiError, shownError, toApiError, type ShownError } from './api-error';
export type { ConnectionState } from './ws-transport';

/**
 * The one connection to the main side. Only Pinia stores import this module: components go
 * through store actions, so that every call has one place that handles its errors and state.
 */
export interface Connection {
  api: WorkbenchApi;
  mode: 'desktop' | 'web';
  /** Web mode without a token (the page was opened without the address `oarag serve` printed). */
  tokenMissing?: boolean;
  desktop: DesktopBridge | null;
  onState(fn: (s: ConnectionState, detail: { retryInMs?: number; attempt: number }) => void): () => void;
  onReconnect(fn: () => void): () => void;
}

let current: Connection | undefined;

const TOKEN_KEY = 'oarag.token';

/**
 * The web token lives only in this origin's memory: taken once from the printed URL, kept in
 * sessionStorage (scoped to scheme, host and port, unlike cookies) so a reload still works, and sent
 * only in the /ws URL of this origin. No cookie exists, so no other service on 127.0.0.1 receives it.
 */
function takeToken(): string | null {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    try {
      window.sessionStorage.setItem(TOKEN_KEY, fromUrl);
    } catch {
      // Storage may be disabled; the token then lasts until the page is reloaded.
    }
    return fromUrl;
  }
  try {
    return window.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function webSocketUrl(token: string | null): string {
  const ws = new URL('/ws', window.location.href);
  ws.protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  ws.search = '';
  ws.hash = '';
  if (token) ws.searchParams.set('token', token);
  return ws.href;
}

export function connect(): Connection {
  if (current) return current;
  const bridge = typeof window !== 'undefined' ? window.oarag : undefined;
  if (bridge) {
    current = {
      api: new ElectronTransport(bridge),
      mode: 'desktop',
      desktop: bridge,
      onState: (fn) => (fn('open', { attempt: 0 }), () => {}),
      onReconnect: () => () => {},
    };
  } else {
    const token = takeToken();
    const t = new WsTransport({
      url: webSocketUrl(token),
      timeoutMs: 60_000,
      methodTimeoutMs: {
        'query.run': 300_000,
        'query.sparql': 120_000,
        'models.test': 600_000,
        'models.import': 120_000,
      },
    });
    current = {
      api: t,
      mode: 'web',
      desktop: null,
      tokenMissing: !token,
      onState: (fn) => (fn(t.state, { attempt: 0 }), t.onState(fn)),
      onReconnect: (fn) => t.onReconnect(fn),
    };
  }
  return current;
}

/** For tests: use a fake connection. */
export function setConnection(c: Connection): void {
  current = c;
}

export function connection(): Connection {
  return current ?? connect();
}

/** The typed API, for store actions. */
export function api(): WorkbenchApi {
  return connection().api;
}
