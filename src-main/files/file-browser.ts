import { stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { UserError } from '../core/errors';
import type { FileEntry, FileRoot, FolderListing } from './file-types';
import { scanFolder, type FolderScan } from './folder-scan';
import { existingRoots, isInside, realInsideRoots, resolveAllowed } from './path-policy';

/** Entries in one page unless the caller asks otherwise (each file's size is read for its page). */
export const MAX_ENTRIES = 500;
/** The largest page a caller may ask for. */
export const MAX_PAGE = 2000;
/** Entries a folder is listed to; beyond them the listing says it is incomplete. */
export const MAX_SCAN = 200_000;
/** The longest one listing may take before it answers with what it has. */
export const LIST_DEADLINE_MS = 3000;
/** How long a scan serves the next pages (and parallel requests) of an unchanged folder. */
const SCAN_TTL_MS = 15_000;
const CACHED_SCANS = 4;
const SIZE_CONCURRENCY = 32;

export interface RootSource {
  /** The allowed folders now (the setting, else the defaults). */
  paths(): string[];
  /** Names for the built-in folders, by path. */
  labels(): Record<string, string>;
}

export interface PageRequest {
  offset?: number;
  limit?: number;
}

/**
 * Lists folders for the web mode's file picker, only inside the folders the user allowed. The
 * browser has no native dialog there, and the server's file system is not the browser's. Listings are
 * paginated and bounded in time: a huge folder answers within LIST_DEADLINE_MS with the entries it
 * got, and its pages are served from one scan (see folder-scan.ts).
 */
export class FileBrowser {
  private readonly scans = new Map<string, { stamp: string; at: number; scan: Promise<FolderScan> }>();

  constructor(private readonly source: RootSource) {}

  roots(): FileRoot[] {
    const labels = this.source.labels();
    return this.source
      .paths()
      .map((p) => ({ path: p, label: labels[p] ?? null, exists: existingRoots([p]).length > 0 }));
  }

  async list(requested: string, page: PageRequest = {}): Promise<FolderListing> {
    const roots = existingRoots(this.source.paths());
    const at = resolveAllowed(requested, roots);
    let st;
    try {
      st = await stat(at.real);
    } catch {
      throw new UserError('forbidden', `${requested} cannot be read.`);
    }
    if (!st.isDirectory()) throw new UserError('not-a-folder', `${requested} is a file, not a folder.`);
    const deadline = performance.now() + LIST_DEADLINE_MS;
    // The allowed folders are part of the key: a link's target may be allowed under one setting only.
    const key = `${at.real}\n${roots.map((r) => r.real).join('\n')}`;
    const stamp = `${st.ino}:${st.mtimeMs}:${st.ctimeMs}`;
    let cached = this.scans.get(key);
    if (!cached || cached.stamp !== stamp || Date.now() - cached.at > SCAN_TTL_MS) {
      const scan = scanFolder(at.real, {
        maxEntries: MAX_SCAN,
        deadline,
        allowTarget: (real) => realInsideRoots(real, roots),
      });
      cached = { stamp, at: Date.now(), scan };
      this.remember(key, cached);
    }
    let scan: FolderScan;
    try {
      scan = await cached.scan;
    } catch {
      this.scans.delete(key);
      throw new UserError('forbidden', `${requested} cannot be read.`);
    }
    // An incomplete scan is not reused: the next request tries again with a deadline of its own.
    if (!scan.complete) this.scans.delete(key);
    const offset = Math.max(0, Math.floor(page.offset ?? 0));
    const limit = Math.min(MAX_PAGE, Math.max(1, Math.floor(page.limit ?? MAX_ENTRIES)));
    const slice = scan.entries.slice(offset, offset + limit);
    const entries = await withSizes(slice, at.path, at.real, deadline);
    const top = at.path === at.root.path || at.path === at.root.real;
    const parent = top ? null : dirname(at.path);
    const end = offset + slice.length;
    return {
      path: at.path,
      root: at.root.path,
      parent: parent && (isInside(parent, at.root.path) || isInside(parent, at.root.real)) ? parent : null,
      entries,
      total: scan.entries.length,
      offset,
      nextOffset: end < scan.entries.length ? end : null,
      truncated: end < scan.entries.length || !scan.complete,
      complete: scan.complete,
    };
  }

  private remember(key: string, value: { stamp: string; at: number; scan: Promise<FolderScan> }): void {
    this.scans.delete(key);
    this.scans.set(key, value);
    while (this.scans.size > CACHED_SCANS) this.scans.delete(this.scans.keys().next().value!);
  }
}

/** The page's entries with file sizes, read a few at a time; a size not read by the deadline is null. */
async function withSizes(
  page: { name: string; kind: 'folder' | 'file'; target?: string }[],
  shownDir: string,
  realDir: string,
  deadline: number,
): Promise<FileEntry[]> {
  const out: FileEntry[] = page.map((e) => ({ name: e.name, path: join(shownDir, e.name), kind: e.kind, size: null }));
  for (let i = 0; i < page.length && performance.now() < deadline; i += SIZE_CONCURRENCY) {
    await Promise.all(
      page.slice(i, i + SIZE_CONCURRENCY).map(async (e, j) => {
        if (e.kind !== 'file') return;
        const st = await stat(e.target ?? join(realDir, e.name)).catch(() => null);
        out[i + j].size = st?.isFile() ? st.size : null;
      }),
    );
  }
  return out;
}
