import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ItemResult } from './runner-types';

export interface RunKey {
  dataset: string;
  method: string;
  model: string;
}

/**
 * Per-item evaluation results, keyed by dataset hash + item id + method + model. Each item is
 * committed on its own as soon as it is scored, so a killed run loses at most the item in flight
 * and a rerun skips everything already done.
 */
export class ResultStore {
  private readonly db: Database.Database;
  private readonly getStmt;
  private readonly putStmt;
  private readonly listStmt;

  constructor(readonly path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`CREATE TABLE IF NOT EXISTS result (
      dataset TEXT NOT NULL, item TEXT NOT NULL, method TEXT NOT NULL, model TEXT NOT NULL,
      created_at TEXT NOT NULL, result TEXT NOT NULL, record TEXT,
      PRIMARY KEY (dataset, item, method, model))`);
    this.getStmt = this.db.prepare('SELECT result FROM result WHERE dataset = ? AND item = ? AND method = ? AND model = ?');
    this.putStmt = this.db.prepare('INSERT OR REPLACE INTO result (dataset, item, method, model, created_at, result, record) VALUES (?, ?, ?, ?, ?, ?, ?)');
    this.listStmt = this.db.prepare('SELECT item, result FROM result WHERE dataset = ? AND method = ? AND model = ?');
  }

  get(key: RunKey, item: string): ItemResult | null {
    const row = this.getStmt.get(key.dataset, item, key.method, key.model) as { result: string } | undefined;
    return row ? (JSON.parse(row.result) as ItemResult) : null;
  }

  put(key: RunKey, result: ItemResult, record: unknown): void {
    this.putStmt.run(key.dataset, result.id, key.method, key.model, new Date().toISOString(), JSON.stringify(result), record === undefined ? null : JSON.stringify(record));
  }

  /** Every stored result of a run, by item id. */
  all(key: RunKey): Map<string, ItemResult> {
    const out = new Map<string, ItemResult>();
    for (const row of this.listStmt.all(key.dataset, key.method, key.model) as { item: string; result: string }[]) out.set(row.item, JSON.parse(row.result) as ItemResult);
    return out;
  }

  record(key: RunKey, item: string): unknown {
    const row = this.db.prepare('SELECT record FROM result WHERE dataset = ? AND item = ? AND method = ? AND model = ?').get(key.dataset, item, key.method, key.model) as
      | { record: string | null }
      | undefined;
    return row?.record ? JSON.parse(row.record) : null;
  }

  /** Drops a run's stored results, so the next run answers every item again. */
  forget(key: RunKey): number {
    return this.db.prepare('DELETE FROM result WHERE dataset = ? AND method = ? AND model = ?').run(key.dataset, key.method, key.model).changes;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
