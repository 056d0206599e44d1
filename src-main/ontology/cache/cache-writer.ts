import Database from 'better-sqlite3';
import { Worker } from 'node:worker_threads';
import { UserError } from '../../core/errors';
import { workerEntry } from '../../core/worker-entry';
import { hashFileSync } from './cache-key';
import { HEAD_INDEX_SQL, INDEX_SQL, NAME_FTS_SQL, TABLES_SQL } from './schema';

/** Every row the cache builder writes goes through one of these statements. */
export const STATEMENTS = {
  entity:
    'INSERT INTO entity (id, iri, kind, name, deprecated, unsat, transitive, reflexive) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  annotation: 'INSERT INTO annotation (entity, ord, prop, value, lang, dt, ref, ann) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  annprop: 'INSERT OR REPLACE INTO annprop (iri, label) VALUES (?, ?)',
  parent: 'INSERT INTO parent (child, parent) VALUES (?, ?)',
  equiv: 'INSERT INTO equiv (a, b) VALUES (?, ?)',
  link: 'INSERT INTO link (s, r, f) VALUES (?, ?, ?)',
  stated: 'INSERT INTO stated (s, r, f, text, kind) VALUES (?, ?, ?, ?, ?)',
  propParent: 'INSERT INTO prop_parent (child, parent) VALUES (?, ?)',
  propChain: 'INSERT INTO prop_chain (prop, chain) VALUES (?, ?)',
  propRange: 'INSERT INTO prop_range (prop, range) VALUES (?, ?)',
  name: 'INSERT INTO name (entity, kind, text, norm) VALUES (?, ?, ?, ?)',
  // One card row feeds two statements: the card table and its full-text index (SqliteWriter.writeCards).
  card: 'INSERT INTO card (entity, text, synonyms, definition, name_prop, name_value) VALUES (?, ?, ?, ?, ?, ?)',
  cardFts: 'INSERT INTO card_fts (rowid, name, synonyms, definition, body) VALUES (?, ?, ?, ?, ?)',
  meta: 'INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)',
} as const;

type StatementKey = keyof typeof STATEMENTS;
/** What the builder sends; a `card` row is (entity, name, text, synonyms, definition, name_prop, name_value). */
export type Statement = Exclude<StatementKey, 'cardFts'>;
export type SqlValue = string | number | null;
const CARD_ARITY = 7;
/**
 * The bulk tables take their rows this many to a statement: a call into SQLite costs about as much as
 * the row it inserts, and rows keep their order (the name table's ids are assigned in it).
 */
const ROWS_PER_INSERT = 32;
const MULTI_ROW: readonly Statement[] = ['annotation', 'parent', 'link', 'stated', 'name', 'entity', 'equiv'];

/** Rows per statement, flattened: a statement with n parameters takes n values per row. */
export type RowBatch = Partial<Record<Statement, SqlValue[]>>;

/**
 * The SQLite side of a cache build, in whichever thread owns the connection. The file is fresh and
 * is renamed into place by the caller only once complete, so nothing here needs to survive a crash:
 * no journal, no fsync, one transaction; secondary indexes and the name index are built in one pass
 * once the rows are in, the card index as the cards arrive.
 */
export class SqliteWriter {
  readonly seconds: Record<string, number> = {};
  private readonly db: Database.Database;
  private readonly stmts: Record<StatementKey, { run: (...v: SqlValue[]) => unknown; arity: number }>;
  private readonly multi: Partial<Record<Statement, Database.Statement>> = {};
  private headIndexed = false;

  constructor(private readonly path: string) {
    this.db = new Database(path);
    // Cards are 1-3 KB rows: with the default 4 KB pages most pages held one and half of the file was slack.
    this.db.pragma('page_size = 16384');
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.pragma('locking_mode = EXCLUSIVE');
    this.db.pragma('temp_store = MEMORY');
    this.db.pragma('cache_size = -65536');
    this.db.exec(TABLES_SQL);
    this.db.exec('BEGIN');
    const stmts = {} as Record<StatementKey, { run: (...v: SqlValue[]) => unknown; arity: number }>;
    for (const [k, sql] of Object.entries(STATEMENTS) as [StatementKey, string][]) {
      const s = this.db.prepare(sql);
      stmts[k] = { run: (...v) => s.run(...v), arity: (sql.match(/\?/g) ?? []).length };
    }
    this.stmts = stmts;
    for (const k of MULTI_ROW) {
      const sql = STATEMENTS[k];
      const row = sql.slice(sql.indexOf('VALUES') + 'VALUES'.length).trim();
      this.multi[k] = this.db.prepare(`${sql}${`, ${row}`.repeat(ROWS_PER_INSERT - 1)}`);
    }
  }

  run(st: Statement, values: SqlValue[]): void {
    if (st === 'card') this.writeCards(values);
    else this.stmts[st].run(...values);
  }

  write(batch: RowBatch): void {
    let t = performance.now();
    for (const [st, flat] of Object.entries(batch) as [Statement, SqlValue[]][]) {
      if (st === 'card') continue;
      const { run, arity } = this.stmts[st];
      let i = 0;
      const multi = this.multi[st];
      if (multi) {
        const span = arity * ROWS_PER_INSERT;
        for (; i + span <= flat.length; i += span) multi.run(flat.slice(i, i + span));
      }
      for (; i < flat.length; i += arity) run(...flat.slice(i, i + arity));
    }
    t = this.add('sqlRows', t);
    if (batch.card) this.writeCards(batch.card, t);
  }

  /**
   * Card rows go into the card table and, in the same pass, into its full-text index (external
   * content: the index holds no copy of the text), so the index grows while cards are still being
   * built instead of being rebuilt at the end.
   */
  private writeCards(flat: SqlValue[], t0?: number): void {
    let t = t0 ?? 0;
    const card = this.stmts.card.run;
    const fts = this.stmts.cardFts.run;
    for (let i = 0; i < flat.length; i += CARD_ARITY)
      card(flat[i], flat[i + 2], flat[i + 3], flat[i + 4], flat[i + 5], flat[i + 6]);
    if (t0 !== undefined) t = this.add('cardRows', t);
    for (let i = 0; i < flat.length; i += CARD_ARITY) fts(flat[i], flat[i + 1], flat[i + 3], flat[i + 4], flat[i + 2]);
    if (t0 !== undefined) this.add('cardFts', t);
  }

  /**
   * The head's tables are complete (the dump's reasoner records come next): their indexes and the name
   * index are built now, while the rest of the dump is still being read, not at the end.
   */
  buildHeadIndexes(): void {
    let t = performance.now();
    this.db.exec(HEAD_INDEX_SQL);
    t = this.add('headIndexes', t);
    this.db.exec(NAME_FTS_SQL);
    this.add('ftsBuild', t);
    this.headIndexed = true;
  }

  /**
   * Everything but the cards is in: the remaining indexes need nothing more. `namesAgain`: names came
   * after the head's index was built, so the name index (external content) is built again.
   */
  buildIndexes(namesAgain = false): void {
    if (!this.headIndexed) this.buildHeadIndexes();
    else if (namesAgain) {
      const t = performance.now();
      this.db.exec(NAME_FTS_SQL);
      this.add('ftsBuild', t);
    }
    const t = performance.now();
    this.db.exec(INDEX_SQL);
    this.add('indexes', t);
  }

  /** Commits and closes the file; its step seconds and its SHA-256 (for the entry's integrity token). */
  finish(): WriterDone {
    let t = performance.now();
    this.db.exec('COMMIT');
    t = this.add('commit', t);
    // Planner statistics from a sample of each index (SQLite's recommended bound), not a full scan.
    this.db.pragma('analysis_limit = 1000');
    this.db.exec('ANALYZE');
    t = this.add('analyze', t);
    this.db.close();
    // Hashed here while the caller still writes the closure graph, so the token need not read it back.
    const sha256 = hashFileSync(this.path);
    this.add('hash', t);
    return { seconds: this.seconds, sha256 };
  }

  abort(): void {
    try {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      this.db.close();
    } catch {
      // the temporary file is deleted by the caller anyway
    }
  }

  private add(step: string, t0: number): number {
    const now = performance.now();
    this.seconds[step] = (this.seconds[step] ?? 0) + (now - t0) / 1000;
    return now;
  }
}

/** A finished cache file: the writer's step seconds and the file's SHA-256. */
export interface WriterDone {
  seconds: Record<string, number>;
  sha256: string;
}

/** Where the cache builder sends its rows: the writer in this thread, or in a worker thread. */
export interface RowSink {
  /** The writer runs in this thread, so its time is already part of the caller's. */
  readonly inThread: boolean;
  /** Time the caller's thread spent handing rows over (posting them to a writer thread). */
  readonly callerSeconds: Record<string, number>;
  open(path: string): void;
  push(st: Statement, ...values: SqlValue[]): void;
  /** The rows of the dump's head are in: the writer indexes them meanwhile. */
  afterHead(): void;
  /** All rows except the cards are in: the writer builds the indexes meanwhile (`namesAgain`: see buildIndexes). */
  afterRecords(namesAgain?: boolean): void;
  /** All rows are in: finishes the file and resolves with the writer's step seconds and the file's hash. */
  finish(): Promise<WriterDone>;
  abort(): Promise<void>;
}

export class DirectSink implements RowSink {
  readonly inThread = true;
  readonly callerSeconds = {};
  private writer: SqliteWriter | undefined;

  open(path: string): void {
    this.writer = new SqliteWriter(path);
  }

  push(st: Statement, ...values: SqlValue[]): void {
    this.writer!.run(st, values);
  }

  afterHead(): void {
    this.writer!.buildHeadIndexes();
  }

  afterRecords(namesAgain = false): void {
    this.writer!.buildIndexes(namesAgain);
  }

  async finish(): Promise<WriterDone> {
    return this.writer!.finish();
  }

  async abort(): Promise<void> {
    this.writer?.abort();
  }
}

export type WriterRequest =
  | { type: 'open'; path: string }
  | { type: 'rows'; batch: RowBatch }
  | { type: 'headIndexes' }
  | { type: 'indexes'; namesAgain: boolean }
  | { type: 'finish' };
export type WriterReply = ({ type: 'done' } & WriterDone) | { type: 'failed'; message: string };

/**
 * Values per message: big enough that posting is cheap, small enough that the writer is never far
 * behind (what it still has to write when the last card is sent is time the load waits).
 */
const BATCH_VALUES = 20_000;

/**
 * Sends rows to a SqliteWriter in a worker thread (cache-writer-worker.ts), so SQLite's work (rows,
 * indexes, full-text indexes) runs beside the parsing and card building on this thread. Messages
 * keep their order, so every table gets its rows in the order they were pushed.
 */
export class WorkerSink implements RowSink {
  readonly inThread = false;
  readonly callerSeconds = { post: 0 };
  private readonly worker: Worker;
  private batch: RowBatch = {};
  private values = 0;
  private failure: Error | undefined;
  private readonly outcome: Promise<WriterDone>;

  constructor(workerPath?: string) {
    const entry = workerEntry('cache-writer-worker', import.meta.url, workerPath);
    this.worker = new Worker(entry.source, { eval: entry.eval, stdout: false, stderr: false });
    this.outcome = new Promise((resolve, reject) => {
      this.worker.on('message', (m: WriterReply) => {
        if (m.type === 'done') resolve({ seconds: m.seconds, sha256: m.sha256 });
        else reject((this.failure = new UserError('write-failed', `The cache could not be written: ${m.message}`)));
      });
      this.worker.once('error', (e) => reject((this.failure = e)));
      this.worker.once('exit', (code) =>
        reject(
          (this.failure ??= new UserError(
            'write-failed',
            `The cache writer stopped (exit ${code}) before the cache was complete.`,
          )),
        ),
      );
    });
    // Failures surface through finish(); until then nobody may be listening.
    this.outcome.catch(() => undefined);
  }

  open(path: string): void {
    this.send({ type: 'open', path });
  }

  push(st: Statement, ...values: SqlValue[]): void {
    if (this.failure) throw this.failure;
    (this.batch[st] ??= []).push(...values);
    this.values += values.length;
    if (this.values >= BATCH_VALUES) this.flush();
  }

  afterHead(): void {
    this.flush();
    this.send({ type: 'headIndexes' });
  }

  afterRecords(namesAgain = false): void {
    this.flush();
    this.send({ type: 'indexes', namesAgain });
  }

  async finish(): Promise<WriterDone> {
    this.flush();
    this.send({ type: 'finish' });
    const done = await this.outcome;
    await this.worker.terminate();
    return done;
  }

  async abort(): Promise<void> {
    await this.worker.terminate();
  }

  private flush(): void {
    if (!this.values) return;
    const batch = this.batch;
    this.batch = {};
    this.values = 0;
    this.send({ type: 'rows', batch });
  }

  private send(m: WriterRequest): void {
    if (this.failure) throw this.failure;
    const t0 = performance.now();
    this.worker.postMessage(m);
    this.callerSeconds.post += (performance.now() - t0) / 1000;
  }
}
