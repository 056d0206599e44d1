import Database from 'better-sqlite3';
import type { BridgeStatement } from './verdict-bridge';

/** A verdict kept for re-checks (as the decider wrote it, JSON), with the deadline it was tried under. */
export interface StoredVerdict {
  value: string;
  deadlineMs: number;
}

/** Where verdicts are kept between checks, per ontology content. */
export interface VerdictStore {
  get(s: BridgeStatement): StoredVerdict | null;
  put(s: BridgeStatement, v: StoredVerdict): void;
  getMeta(key: string): string | null;
  putMeta(key: string, value: string): void;
  close(): void;
}

const keyOf = (s: BridgeStatement) => `${s.subject}\n${s.relation}\n${s.filler}`;

/** A store in memory only (tests, and a cache folder that cannot be written). */
export class MemoryVerdictStore implements VerdictStore {
  private readonly rows = new Map<string, StoredVerdict>();
  private readonly meta = new Map<string, string>();

  get(s: BridgeStatement): StoredVerdict | null {
    return this.rows.get(keyOf(s)) ?? null;
  }

  put(s: BridgeStatement, v: StoredVerdict): void {
    this.rows.set(keyOf(s), v);
  }

  getMeta(key: string): string | null {
    return this.meta.get(key) ?? null;
  }

  putMeta(key: string, value: string): void {
    this.meta.set(key, value);
  }

  close(): void {}
}

/**
 * Verdicts in a SQLite file beside the ontology's cache entry, named by the same key (the content
 * hash and tool stamp): the entry itself is read-only and guarded by its integrity record, and a new
 * content or bridge gets a new key, so no verdict outlives what it was decided on.
 */
export class SqliteVerdictStore implements VerdictStore {
  private readonly db: Database.Database;
  private readonly getStmt;
  private readonly putStmt;

  constructor(path: string) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db
      .exec(`CREATE TABLE IF NOT EXISTS verdict (k TEXT PRIMARY KEY, value TEXT NOT NULL, deadline_ms INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS verdict_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`);
    this.getStmt = this.db.prepare('SELECT value, deadline_ms AS deadlineMs FROM verdict WHERE k = ?');
    this.putStmt = this.db.prepare('INSERT OR REPLACE INTO verdict (k, value, deadline_ms) VALUES (?, ?, ?)');
  }

  get(s: BridgeStatement): StoredVerdict | null {
    return (this.getStmt.get(keyOf(s)) as StoredVerdict | undefined) ?? null;
  }

  put(s: BridgeStatement, v: StoredVerdict): void {
    this.putStmt.run(keyOf(s), v.value, v.deadlineMs);
  }

  getMeta(key: string): string | null {
    return (
      (this.db.prepare('SELECT value FROM verdict_meta WHERE key = ?').pluck().get(key) as string | undefined) ?? null
    );
  }

  putMeta(key: string, value: string): void {
    this.db.prepare('INSERT OR REPLACE INTO verdict_meta (key, value) VALUES (?, ?)').run(key, value);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** The verdict file of a cache entry: `<key>.sqlite` → `<key>.verdicts.sqlite`. */
export function verdictFileOf(cacheFile: string): string {
  return cacheFile.replace(/\.sqlite$/, '') + '.verdicts.sqlite';
}
