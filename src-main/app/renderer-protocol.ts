import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { protocol } from 'electron';
import { CSP } from './security';

export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://renderer`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/** Must run before `app.whenReady()`: app:// behaves like https (standard, secure) for the renderer. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/**
 * Serves the built renderer from `dir` as app://renderer/…, with the CSP on every response. Paths
 * outside `dir` are refused; unknown paths fall back to index.html (the views use hash routes).
 */
export function serveRenderer(dir: string): void {
  const root = normalize(dir);
  protocol.handle(APP_SCHEME, async (req) => {
    const url = new URL(req.url);
    if (url.host !== 'renderer') return new Response('Not found', { status: 404 });
    const rel = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
    let file = normalize(join(root, rel));
    if (!file.startsWith(root + sep)) return new Response('Not found', { status: 404 });
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      file = join(root, 'index.html');
      try {
        body = await readFile(file);
      } catch {
        return new Response('The renderer has not been built: run `npm run build`.', { status: 503 });
      }
    }
    return new Response(new Uint8Array(body), {
      status: 200,
      headers: {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Content-Security-Policy': CSP,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}
