import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { dirname, join } from 'node:path';
import { UserError } from '../core/errors';
import type { FileEntry, FileRoot, FolderListing } from './file-types';
import { existingRoots, isInside, realInsideRoots, resolveAllowed, type AllowedRoot } from './path-policy';

export const MAX_ENTRIES = 2000;

export interface RootSource {
  /** The allowed folders now (the setting, else the defaults). */
  paths(): string[];
  /** Names for the built-in folders, by path. */
  labels(): Record<string, string>;
}

/**
 * Lists folders for the web mode's file picker, only inside the folders the user allowed. The
 * browser has no native dialog there, and the server's file system is not the browser's.
 */
export class FileBrowser {
  constructor(private readonly source: RootSource) {}

  roots(): FileRoot[] {
    const labels = this.source.labels();
    return this.source
      .paths()
      .map((p) => ({ path: p, label: labels[p] ?? null, exists: existingRoots([p]).length > 0 }));
  }

  list(requested: string): FolderListing {
    const roots = existingRoots(this.source.paths());
    const at = resolveAllowed(requested, roots);
    let dirents: Dirent[];
    try {
      if (!statSync(at.real).isDirectory())
        throw new UserError('not-a-folder', `${requested} is a file, not a folder.`);
      dirents = readdirSync(at.real, { withFileTypes: true });
    } catch (e) {
      if (e instanceof UserError) throw e;
      throw new UserError('forbidden', `${requested} cannot be read.`);
    }
    const entries: FileEntry[] = [];
    for (const d of dirents) {
      if (d.name.startsWith('.')) continue;
      const e = this.entry(at.path, at.real, d, roots);
      if (e) entries.push(e);
    }
    entries.sort((a, b) =>
      a.kind !== b.kind
        ? a.kind === 'folder'
          ? -1
          : 1
        : a.name.localeCompare(b.name, 'en', { numeric: true, sensitivity: 'base' }),
    );
    const top = at.path === at.root.path || at.path === at.root.real;
    const parent = top ? null : dirname(at.path);
    return {
      path: at.path,
      root: at.root.path,
      parent: parent && (isInside(parent, at.root.path) || isInside(parent, at.root.real)) ? parent : null,
      entries: entries.slice(0, MAX_ENTRIES),
      truncated: entries.length > MAX_ENTRIES,
    };
  }

  private entry(shownDir: string, realDir: string, d: Dirent, roots: AllowedRoot[]): FileEntry | null {
    const real = join(realDir, d.name);
    let target = real;
    if (d.isSymbolicLink()) {
      // A link is listed only if where it leads is allowed too; a dangling one is left out.
      try {
        target = realpathSync(real);
      } catch {
        return null;
      }
      if (!realInsideRoots(target, roots)) return null;
    } else if (!d.isDirectory() && !d.isFile()) {
      return null;
    }
    try {
      const st = statSync(target);
      const kind = st.isDirectory() ? 'folder' : st.isFile() ? 'file' : null;
      if (!kind) return null;
      return { name: d.name, path: join(shownDir, d.name), kind, size: kind === 'file' ? st.size : null };
    } catch {
      return null;
    }
  }
}
