/** The renderer's Content-Security-Policy: no remote content, no inline scripts, no eval. */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** During `electron-vite dev` the page also talks to Vite's HMR socket. */
export function devCsp(devUrl: string): string {
  const u = new URL(devUrl);
  return CSP.replace("connect-src 'self'", `connect-src 'self' ws://${u.host}`);
}

/** scheme://host of a URL; WHATWG gives origin "null" for non-special schemes like app:, so build it by hand. */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return null;
  }
}

export function isExternalHttp(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}
