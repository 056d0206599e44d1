import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UserError } from '../../core/errors';

/** The catalog file name ODK, ROBOT and Protégé look for. */
export const CATALOG_NAME = 'catalog-v001.xml';

/** How a load finds its imports; the bridge's `load` and `reload` take these fields as they are. */
export interface ImportResolution {
  /** The catalog used, or null when there is none. */
  catalog: string | null;
  /** How the catalog was chosen: given (--catalog, the view's field) or found beside the file or above it. */
  catalogFrom: 'given' | 'found' | null;
  /** The folder the by-name fallback searches, when it is not the file's own (a committed revision). */
  base: string | null;
  /** Folders import targets must stay inside (the allowed folders), or null for anywhere. */
  roots: string[] | null;
}

/** The folder holding `.git` at or above `dir` (a worktree's `.git` is a file), or null. */
export function repositoryRoot(dir: string): string | null {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (existsSync(join(d, '.git'))) return d;
    if (dirname(d) === d) return null;
  }
}

/**
 * The catalog beside the file, else the nearest one in a parent folder up to the repository root,
 * as Protégé does. Outside a repository only the file's own folder is searched: walking up to `/`
 * would pick a stranger's catalog.
 */
export function findCatalog(file: string): string | null {
  const start = dirname(resolve(file));
  const top = repositoryRoot(start);
  for (let d = start; ; d = dirname(d)) {
    const c = join(d, CATALOG_NAME);
    if (isFile(c)) return c;
    if (!top || d === top || dirname(d) === d) return null;
  }
}

/** The resolution for a load: the given catalog (which must exist), else the one found, else none. */
export function importResolution(
  file: string,
  o: { catalog?: string | null; base?: string | null; roots?: string[] | null } = {},
): ImportResolution {
  const roots = o.roots && o.roots.length ? o.roots : null;
  const base = o.base ?? null;
  if (o.catalog) {
    const c = resolve(o.catalog);
    if (!isFile(c)) throw new UserError('not-found', `No catalog file exists at ${o.catalog}.`);
    return { catalog: c, catalogFrom: 'given', base, roots };
  }
  const found = findCatalog(base ? join(base, 'x') : file);
  return { catalog: found, catalogFrom: found ? 'found' : null, base, roots };
}

/** What a cache entry built under this resolution depends on besides the files it read. */
export function resolutionStamp(r: ImportResolution): string {
  if (!r.catalog && !r.base && !r.roots) return '';
  return `imports ${JSON.stringify([r.catalog, r.base, r.roots])}`;
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}
