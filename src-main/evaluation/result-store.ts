import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { checkStoreFile } from '../core/output-policy';
import { turnTaker } from '../core/yield-turn';
import { runId, type RunKey } from './eval-key';
import type { ItemResult } from './evaluation-types';
import type { MarkVerdict, ReviewMark, RunInfo } from './evaluation-types';
export type { MarkVerdict, ReviewMark, RunInfo } from './evaluation-types';

export type { RunKey } from './eval-key';

/**
 * 2: results keyed by dataset + ontology content + method + model identity + protocol + prompt version;
 * runs and reviewer marks. (1, unversioned, keyed results by dataset + method + model spec only.)
 */
export const RESULT_SCHEMA_VERSION = 2;
/** What the old key fields become in schema-1 rows: kept, shown, never matched by a new run. */
export const LEGACY = 'unknown (stored before schema 2)';

/**
 * Per-item evaluation results, committed as soon as they are scored (results scored in the same turn
 * of the event loop share one transaction), so a killed run loses at most the items in flight and a
 * rerun with the same key skips everything already done.
 * The same file holds the runs and the reviewers' marks.
 */
export class ResultStore {
  private readonly db: Database.Database;
  private readonly putStmt;
  private readonly listStmt;
  private readonly pageStmt;
  private readonly getStmt;
  private readonly recordStmt;
  private readonly putRows;
  /** Results put but not yet written: flushed on the next turn of the event loop, before any read, and on close. */
  private pending: unknown[][] = [];
  private flushTimer: NodeJS.Immediate | undefined;
  /** When the oldest result waiting to be written was put. */
  private pendingSince = 0;

  constructor(readonly path: string) {
    if (path !== ':memory:') {
      checkStoreFile(path);
      mkdirSync(dirname(path), { recursive: true });
    }
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    // In WAL mode NORMAL syncs at checkpoints, not at every commit: a killed process loses nothing
    // committed, and a 96-item run no longer waits on 96 disk syncs (a power cut may lose the last
    // commits, never the file).
    this.db.pragma('synchronous = NORMAL');
    this.migrate();
    this.putStmt = this.db.prepare(
      `INSERT OR REPLACE INTO result (dataset, ontology, method, model, protocol, prompt_version, item, model_spec, created_at, result, record)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.listStmt = this.db.prepare(
      'SELECT item, result FROM result WHERE dataset = ? AND ontology = ? AND method = ? AND model = ? AND protocol = ? AND prompt_version = ?',
    );
    this.pageStmt = this.db.prepare(
      `SELECT item, result FROM result WHERE ${KEY_WHERE} AND item > ? ORDER BY item LIMIT ?`,
    );
    this.getStmt = this.db.prepare(`SELECT result FROM result WHERE ${KEY_WHERE} AND item = ?`);
    this.recordStmt = this.db.prepare(`SELECT record FROM result WHERE ${KEY_WHERE} AND item = ?`);
    this.putRows = this.db.transaction((rows: unknown[][]) => {
      for (const row of rows) this.putStmt.run(...row);
    });
  }

  /** Moves a file of any earlier schema forward in one transaction; no row is dropped. */
  private migrate(): void {
    const version = this.db.pragma('user_version', { simple: true }) as number;
    if (version > RESULT_SCHEMA_VERSION)
      throw new Error(`${this.path} was written by a newer version (schema ${version}); it is left untouched.`);
    const tables = new Set(
      (this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (r) => r.name,
      ),
    );
    this.db.transaction(() => {
      if (!(tables.has('result') && version >= 2)) {
        this.db.exec(`CREATE TABLE result2 (
          dataset TEXT NOT NULL, ontology TEXT NOT NULL, method TEXT NOT NULL, model TEXT NOT NULL, protocol TEXT NOT NULL,
          prompt_version INTEGER NOT NULL, item TEXT NOT NULL, model_spec TEXT, created_at TEXT NOT NULL, result TEXT NOT NULL, record TEXT,
          PRIMARY KEY (dataset, ontology, method, model, protocol, prompt_version, item))`);
        if (tables.has('result')) {
          // Schema 1 keyed by the model spec and no ontology: the rows stay, under a key no run produces.
          this.db
            .exec(`INSERT INTO result2 (dataset, ontology, method, model, protocol, prompt_version, item, model_spec, created_at, result, record)
            SELECT dataset, '${LEGACY}', method, '${LEGACY}: ' || model, '${LEGACY}', 0, item, model, created_at, result, record FROM result`);
          this.db.exec('DROP TABLE result');
        }
        this.db.exec('ALTER TABLE result2 RENAME TO result');
      }
      this.db.exec(`CREATE TABLE IF NOT EXISTS run (
        id TEXT PRIMARY KEY, dataset TEXT NOT NULL, ontology TEXT NOT NULL, method TEXT NOT NULL, model TEXT NOT NULL, protocol TEXT NOT NULL,
        prompt_version INTEGER NOT NULL, model_spec TEXT NOT NULL, ontology_file TEXT NOT NULL, dataset_path TEXT, created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL, report_path TEXT)`);
      this.db.exec(`CREATE TABLE IF NOT EXISTS mark (
        run TEXT NOT NULL, item TEXT NOT NULL, verdict TEXT, note TEXT NOT NULL DEFAULT '', updated_at TEXT NOT NULL, PRIMARY KEY (run, item))`);
      this.db.exec(
        'CREATE TABLE IF NOT EXISTS file_hash (path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime INTEGER NOT NULL, hash TEXT NOT NULL)',
      );
      if (tables.has('result') && version < 2) this.registerLegacyRuns();
      this.db.pragma(`user_version = ${RESULT_SCHEMA_VERSION}`);
    })();
  }

  /** Schema-1 results become runs too, so they stay reviewable (without their dataset's text). */
  private registerLegacyRuns(): void {
    const keys = this.db
      .prepare(
        `SELECT dataset, ontology, method, model, protocol, prompt_version, MIN(model_spec) AS spec, MIN(created_at) AS first, MAX(created_at) AS last
       FROM result WHERE ontology = ? GROUP BY dataset, ontology, method, model, protocol, prompt_version`,
      )
      .all(LEGACY) as {
      dataset: string;
      ontology: string;
      method: string;
      model: string;
      protocol: string;
      prompt_version: number;
      spec: string | null;
      first: string;
      last: string;
    }[];
    const put = this.db.prepare(
      `INSERT OR IGNORE INTO run (id, dataset, ontology, method, model, protocol, prompt_version, model_spec, ontology_file, dataset_path, created_at, updated_at, report_path)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, NULL)`,
    );
    for (const k of keys) {
      const key: RunKey = {
        dataset: k.dataset,
        ontology: k.ontology,
        method: k.method,
        model: k.model,
        protocol: k.protocol,
        promptVersion: k.prompt_version,
      };
      put.run(
        runId(key),
        k.dataset,
        k.ontology,
        k.method,
        k.model,
        k.protocol,
        k.prompt_version,
        k.spec ?? '',
        LEGACY,
        k.first,
        k.last,
      );
    }
  }

  private k(key: RunKey): [string, string, string, string, string, number] {
    return [key.dataset, key.ontology, key.method, key.model, key.protocol, key.promptVersion];
  }

  get(key: RunKey, item: string): ItemResult | null {
    this.flush();
    const row = this.getStmt.get(...this.k(key), item) as { result: string } | undefined;
    return row ? (JSON.parse(row.result) as ItemResult) : null;
  }

  /**
   * Stores one result: written with the others put in the same turn of the event loop, in one transaction,
   * and at once when the results waiting were put more than COMMIT_EVERY_MS ago (a caller that never lets
   * the event loop turn still commits as it goes, so a kill loses at most that much work).
   */
  put(key: RunKey, result: ItemResult, record: unknown, modelSpec = ''): void {
    const now = performance.now();
    if (!this.pending.length) this.pendingSince = now;
    this.pending.push([
      ...this.k(key),
      result.id,
      modelSpec,
      new Date().toISOString(),
      JSON.stringify(result),
      record === undefined ? null : JSON.stringify(record),
    ]);
    if (now - this.pendingSince >= COMMIT_EVERY_MS) this.flush();
    else this.flushTimer ??= setImmediate(() => this.flush());
  }

  /** Writes the results put so far. */
  flush(): void {
    if (this.flushTimer) clearImmediate(this.flushTimer);
    this.flushTimer = undefined;
    if (!this.pending.length || !this.db.open) return;
    const rows = this.pending;
    this.pending = [];
    this.putRows(rows);
  }

  /** Every stored result of a run, by item id. */
  all(key: RunKey): Map<string, ItemResult> {
    this.flush();
    const out = new Map<string, ItemResult>();
    for (const row of this.listStmt.all(...this.k(key)) as { item: string; result: string }[])
      out.set(row.item, JSON.parse(row.result) as ItemResult);
    return out;
  }

  /** all(), its results parsed in slices with a turn of the event loop between them (tens of thousands of items). */
  async allYielding(key: RunKey): Promise<Map<string, ItemResult>> {
    this.flush();
    const out = new Map<string, ItemResult>();
    const breathe = turnTaker();
    // Read in pages along the primary key, so no one read of tens of megabytes holds the thread either.
    for (let after = ''; ;) {
      const rows = this.pageStmt.all(...this.k(key), after, PAGE_ROWS) as { item: string; result: string }[];
      for (const row of rows) {
        out.set(row.item, JSON.parse(row.result) as ItemResult);
        await breathe();
      }
      if (rows.length < PAGE_ROWS) return out;
      after = rows[rows.length - 1].item;
      await breathe();
    }
  }

  record(key: RunKey, item: string): unknown {
    this.flush();
    const row = this.recordStmt.get(...this.k(key), item) as { record: string | null } | undefined;
    return row?.record ? JSON.parse(row.record) : null;
  }

  /** Drops a run's stored results, so the next run answers every item again. Marks stay. */
  forget(key: RunKey): number {
    this.flush();
    return this.db.prepare(`DELETE FROM result WHERE ${KEY_WHERE}`).run(...this.k(key)).changes;
  }

  /** Rows of any key, legacy ones included: for checks that nothing was lost. */
  count(): number {
    this.flush();
    return (this.db.prepare('SELECT COUNT(*) AS n FROM result').get() as { n: number }).n;
  }

  /** Records (or refreshes) what a run was; returns its id. */
  saveRun(
    key: RunKey,
    info: { modelSpec: string; ontologyFile: string; datasetPath: string | null; reportPath?: string | null },
  ): string {
    const id = runId(key);
    const now = new Date().toISOString();
    this.db
      .prepare(
        `INSERT INTO run (id, dataset, ontology, method, model, protocol, prompt_version, model_spec, ontology_file, dataset_path, created_at, updated_at, report_path)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET model_spec = excluded.model_spec, ontology_file = excluded.ontology_file, dataset_path = excluded.dataset_path,
         updated_at = excluded.updated_at, report_path = COALESCE(excluded.report_path, run.report_path)`,
      )
      .run(id, ...this.k(key), info.modelSpec, info.ontologyFile, info.datasetPath, now, now, info.reportPath ?? null);
    return id;
  }

  setReportPath(id: string, reportPath: string): void {
    this.db
      .prepare('UPDATE run SET report_path = ?, updated_at = ? WHERE id = ?')
      .run(reportPath, new Date().toISOString(), id);
  }

  run(id: string): RunInfo | null {
    const r = this.db.prepare(`SELECT ${RUN_COLUMNS} FROM run WHERE id = ?`).get(id) as RunRow | undefined;
    return r ? runInfo(r) : null;
  }

  runs(limit = 50): RunInfo[] {
    return (
      this.db.prepare(`SELECT ${RUN_COLUMNS} FROM run ORDER BY updated_at DESC LIMIT ?`).all(limit) as RunRow[]
    ).map(runInfo);
  }

  /** A reviewer's mark on one item of a run; verdict null and an empty note remove it. */
  setMark(run: string, item: string, verdict: MarkVerdict | null, note: string): ReviewMark | null {
    if (verdict === null && !note.trim()) {
      this.db.prepare('DELETE FROM mark WHERE run = ? AND item = ?').run(run, item);
      return null;
    }
    const updatedAt = new Date().toISOString();
    this.db
      .prepare(
        `INSERT INTO mark (run, item, verdict, note, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(run, item) DO UPDATE SET verdict = excluded.verdict, note = excluded.note, updated_at = excluded.updated_at`,
      )
      .run(run, item, verdict, note, updatedAt);
    return { item, verdict, note, updatedAt };
  }

  marks(run: string): Map<string, ReviewMark> {
    const rows = this.db.prepare('SELECT item, verdict, note, updated_at FROM mark WHERE run = ?').all(run) as {
      item: string;
      verdict: MarkVerdict | null;
      note: string;
      updated_at: string;
    }[];
    return new Map(
      rows.map((r) => [r.item, { item: r.item, verdict: r.verdict, note: r.note, updatedAt: r.updated_at }]),
    );
  }

  /** Remembered file hashes (see modelIdentity). */
  readonly hashCache = {
    get: (path: string, size: number, mtimeMs: number): string | null => {
      const r = this.db
        .prepare('SELECT hash FROM file_hash WHERE path = ? AND size = ? AND mtime = ?')
        .get(path, size, mtimeMs) as { hash: string } | undefined;
      return r?.hash ?? null;
    },
    set: (path: string, size: number, mtimeMs: number, hash: string): void => {
      this.db
        .prepare('INSERT OR REPLACE INTO file_hash (path, size, mtime, hash) VALUES (?, ?, ?, ?)')
        .run(path, size, mtimeMs, hash);
    },
  };

  close(): void {
    this.flush();
    if (this.db.open) this.db.close();
  }
}

/** Rows per read of allYielding. */
const PAGE_ROWS = 500;

/** The most work (wall time) between two commits of a run's results. */
const COMMIT_EVERY_MS = 200;

const KEY_WHERE = 'dataset = ? AND ontology = ? AND method = ? AND model = ? AND protocol = ? AND prompt_version = ?';
/** A run's row and how many results its key holds (the result table's primary key starts with the key). */
const RUN_COLUMNS = `run.*, (SELECT COUNT(*) FROM result r WHERE r.dataset = run.dataset AND r.ontology = run.ontology
  AND r.method = run.method AND r.model = run.model AND r.protocol = run.protocol AND r.prompt_version = run.prompt_version) AS items`;

interface RunRow {
  id: string;
  dataset: string;
  ontology: string;
  method: string;
  model: string;
  protocol: string;
  prompt_version: number;
  model_spec: string;
  ontology_file: string;
  dataset_path: string | null;
  created_at: string;
  updated_at: string;
  report_path: string | null;
  items: number;
}

function runInfo(r: RunRow): RunInfo {
  return {
    id: r.id,
    dataset: r.dataset,
    ontology: r.ontology,
    method: r.method,
    model: r.model,
    protocol: r.protocol,
    promptVersion: r.prompt_version,
    modelSpec: r.model_spec,
    ontologyFile: r.ontology_file,
    datasetPath: r.dataset_path,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    reportPath: r.report_path,
    items: r.items,
  };
}
