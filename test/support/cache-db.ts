import Database from 'better-sqlite3';
import type { OntologyHandle } from '../../src-main/ontology/ontology-handle';

const open = new WeakMap<OntologyHandle, Database.Database>();

/**
 * A read-only connection to a handle's cache file, for tests that inspect its tables: product code
 * outside the ontology room reads the cache only through the handle's methods.
 */
export function cacheDb(h: OntologyHandle): Database.Database {
  let db = open.get(h);
  if (!db || !db.open) {
    db = new Database(h.cacheFile, { readonly: true, fileMustExist: true });
    open.set(h, db);
  }
  return db;
}
