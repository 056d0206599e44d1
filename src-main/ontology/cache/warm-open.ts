import Database from 'better-sqlite3';
import { existsSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import { OntologyHandle } from '../ontology-handle';
import type { LoadSummary, LoadWarning } from '../ontology-types';
import { entryExists, moveAside, tokenPath, touchEntry, verifyIntegrity } from './cache-integrity';
import { hashFile } from './cache-key';
import { CACHE_SCHEMA_VERSION } from './schema';

export interface WarmEntry {
  path: string;
  dbPath: string;
  ntPath: string;
  cacheDir: string;
  /** When the open began (performance.now()), for the summary's seconds. */
  t0: number;
}

/**
 * The cache entry of a file, if it is there and proven intact: its integrity record matches the
 * content of both files (hashed again now), and its first reads succeed. Anything else returns a note
 * for the rebuild that follows, once: a damaged entry is moved aside for inspection, an unfinished or
 * outdated one is removed.
 */
export async function openWarm(e: WarmEntry): Promise<{ handle?: OntologyHandle; note?: LoadWarning }> {
  const { path, dbPath, ntPath, cacheDir } = e;
  const all = [dbPath, ntPath, tokenPath(dbPath)];
  if (!entryExists(dbPath, ntPath)) return {};
  const integrity = await verifyIntegrity(dbPath, [ntPath]);
  if (!integrity.ok && integrity.untracked) {
    for (const p of [dbPath, ntPath]) rmSync(p, { recursive: true, force: true });
    return rebuilt(`The cached copy of ${basename(path)} was unfinished or from an older version, so it was rebuilt.`);
  }
  if (!integrity.ok) {
    const where = moveAside(cacheDir, all);
    return rebuilt(
      `The cached copy of ${basename(path)} was damaged or unfinished (${integrity.reason}); it was moved to ${where} and rebuilt.`,
    );
  }
  let db: Database.Database | undefined;
  let outdated = false;
  try {
    db = new Database(dbPath, { readonly: true, fileMustExist: true });
    const meta = new Map(
      (db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[]).map((r) => [
        r.key,
        JSON.parse(r.value),
      ]),
    );
    outdated = meta.get('schema') !== CACHE_SCHEMA_VERSION;
    if (meta.get('complete') !== true || outdated) throw new Error('incomplete or outdated');
    for (const imp of (meta.get('importHashes') ?? []) as { path: string; hash: string }[]) {
      if (!existsSync(imp.path) || (await hashFile(imp.path).catch(() => null)) !== imp.hash) {
        db.close();
        return {
          note: {
            code: 'cache-stale',
            message: `An import changed (${basename(imp.path)}), so the cache was rebuilt.`,
          },
        };
      }
    }
    const summary = meta.get('summary') as LoadSummary;
    const seconds = (performance.now() - e.t0) / 1000;
    const handle = new OntologyHandle(
      path,
      db,
      { ...summary, file: path, cache: 'hit', seconds, stageSeconds: { open: seconds } },
      ntPath,
    );
    touchEntry(dbPath);
    return { handle };
  } catch (err) {
    try {
      db?.close();
    } catch {
      // closing a damaged file can fail too
    }
    // A cache of an older schema is simply replaced; a read that fails on a proven entry is kept for inspection.
    if (outdated) {
      for (const p of all) rmSync(p, { recursive: true, force: true });
      return rebuilt(`The cached copy of ${basename(path)} was outdated and has been rebuilt.`);
    }
    const where = moveAside(cacheDir, all);
    return rebuilt(
      `The cached copy of ${basename(path)} could not be read (${(err as Error).message}); it was moved to ${where} and rebuilt.`,
    );
  }
}

function rebuilt(message: string): { note: LoadWarning } {
  return { note: { code: 'cache-rebuilt', message } };
}
