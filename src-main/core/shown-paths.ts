import { isAbsolute, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Rewrites a message so it names files as the user typed them: a typed relative path that the
 * server resolved comes back as typed, and any other path under the server's working folder is
 * shown relative to it. The working folder is the server's business, not the user's.
 */
export function asTyped(message: string, typed: readonly string[], cwd = process.cwd()): string {
  const keep: string[] = [];
  let out = message;
  // Longest first, so that /a/b/c.owl is replaced before /a/b.
  const forms = typed
    .filter((t) => t && !t.includes('\0'))
    .flatMap((t) => {
      const abs = resolve(cwd, t);
      return [abs, pathToFileURL(abs).href, `file:${abs}`].map((f) => ({ f, t }));
    })
    .sort((a, b) => b.f.length - a.f.length);
  for (const { f, t } of forms) {
    if (!out.includes(f)) continue;
    // A placeholder protects the typed form from the working-folder pass below.
    out = out.split(f).join(`\uE000${keep.push(t) - 1}\uE001`);
  }
  if (cwd.length > 1 && isAbsolute(cwd)) {
    const dir = cwd.endsWith(sep) ? cwd.slice(0, -1) : cwd;
    // The folder as a whole path (not inside /home/x/work/main, not the start of /work/mainline), bare
    // or as a file: URL; below it paths become relative, the folder itself becomes '.'.
    const re = new RegExp(`(?<![\\w.\\-/\\\\])(?:file:(?://)?)?${escapeRegExp(dir)}(?:([\\\\/])|(?![\\w.-]))`, 'g');
    out = out.replace(re, (_m, slash?: string) => (slash ? '' : '.'));
  }
  return out.replace(/\uE000(\d+)\uE001/g, (_m, i: string) => keep[Number(i)]);
}

/** Rewrites an error's message in place by `asTyped`; its class, code and detail are kept. */
export function withTypedPaths<E>(e: E, typed: readonly string[], cwd = process.cwd()): E {
  if (e instanceof Error) e.message = asTyped(e.message, typed, cwd);
  return e;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
