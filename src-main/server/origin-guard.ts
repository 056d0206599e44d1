import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';

/**
 * DNS rebinding defence: a page from evil.example resolving to 127.0.0.1 still sends its own Host
 * and Origin, so only loopback names on our port are accepted.
 */
export function hostAllowed(req: IncomingMessage, port: number): boolean {
  const host = (req.headers.host ?? '').toLowerCase();
  return host === `127.0.0.1:${port}` || host === `localhost:${port}` || host === `[::1]:${port}`;
}

export function originAllowed(req: IncomingMessage, port: number): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true; // non-browser clients and same-origin GETs send none
  return (
    origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}` || origin === `http://[::1]:${port}`
  );
}

/** The request target as a URL, or null when it cannot be parsed (a 400, never a 500). */
export function parseRequestUrl(raw: string | undefined): URL | null {
  try {
    return new URL(raw ?? '/', 'http://x');
  } catch {
    return null;
  }
}

/**
 * The API's credential: only `Authorization: Bearer` or `X-Oarag-Token`. Never a cookie, because a
 * browser sends 127.0.0.1 cookies to every port, so any other local service would receive it.
 */
export function headerToken(req: IncomingMessage): string | null {
  const auth = req.headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return auth.slice(7);
  const h = req.headers['x-oarag-token'];
  return typeof h === 'string' ? h : null;
}

/**
 * A browser cannot set headers on a WebSocket, so the page puts the token in the /ws URL; that URL goes
 * only to this origin. Header tokens are accepted too (non-browser clients).
 */
export function socketToken(req: IncomingMessage, url: URL): string | null {
  return url.searchParams.get('token') || headerToken(req);
}

export function tokenMatches(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
