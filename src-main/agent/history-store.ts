import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { checkStoreFile } from '../core/output-policy';
import type { AgentRecord } from './agent-types';
import type { CheckedGrounding, HistoryEntry } from './agent-types';
import type { FrameReading } from './frame/frame-types';
export type { HistoryEntry } from './agent-types';

/**
 * Every answered question, kept for offline review. Each record is written in one transaction, so a
 * crash leaves either the whole record or none of it.
 */
export class HistoryStore {
  private db: Database.Database | undefined;

  constructor(private readonly path: string) {}

  start(): void {
    if (this.db) return;
    checkStoreFile(this.path);
    mkdirSync(dirname(this.path), { recursive: true });
    this.db = new Database(this.path);
    this.db.pragma('journal_mode = WAL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS run (
      id TEXT PRIMARY KEY, created_at TEXT NOT NULL, ontology TEXT NOT NULL, model TEXT NOT NULL,
      question TEXT NOT NULL, answer TEXT NOT NULL, grounding TEXT, record TEXT NOT NULL)`);
    this.db.exec('CREATE INDEX IF NOT EXISTS run_created ON run(created_at)');
    // Files written before the reasoner check existed gain the column; their rows keep checked = NULL.
    const cols = (this.db.prepare('PRAGMA table_info(run)').all() as { name: string }[]).map((c) => c.name);
    if (!cols.includes('checked')) this.db.exec('ALTER TABLE run ADD COLUMN checked TEXT');
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS query_log (id INTEGER PRIMARY KEY, at TEXT NOT NULL, ontology TEXT NOT NULL, query TEXT NOT NULL, form TEXT NOT NULL)',
    );
    // Failed queries are logged too (with why); older files gain the column, their rows keep NULL.
    const logCols = (this.db.prepare('PRAGMA table_info(query_log)').all() as { name: string }[]).map((c) => c.name);
    if (!logCols.includes('error')) this.db.exec('ALTER TABLE query_log ADD COLUMN error TEXT');
  }

  stop(): void {
    this.db?.close();
    this.db = undefined;
  }

  add(record: AgentRecord, ontology: string, model: string): string {
    const db = this.open();
    const id = randomUUID();
    db.transaction(() => {
      db.prepare(
        'INSERT INTO run (id, created_at, ontology, model, question, answer, grounding, checked, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(
        id,
        record.startedAt,
        ontology,
        model,
        record.question.question,
        JSON.stringify(record.answer),
        record.grounding,
        record.checked?.level ?? null,
        JSON.stringify(record),
      );
    })();
    return id;
  }

  list(opts: { search?: string; limit?: number } = {}): HistoryEntry[] {
    const db = this.open();
    const limit = Math.min(Math.max(1, opts.limit ?? 100), 1000);
    const rows = opts.search?.trim()
      ? db
          .prepare(
            `SELECT ${LIST_COLUMNS} FROM run WHERE question LIKE ? ESCAPE '\\' OR answer LIKE ? ESCAPE '\\' ORDER BY created_at DESC LIMIT ?`,
          )
          .all(`%${escapeLike(opts.search.trim())}%`, `%${escapeLike(opts.search.trim())}%`, limit)
      : db.prepare(`SELECT ${LIST_COLUMNS} FROM run ORDER BY created_at DESC LIMIT ?`).all(limit);
    return (rows as Row[]).map((r) => ({
      id: r.id,
      createdAt: r.created_at,
      ontology: r.ontology,
      model: r.model,
      question: r.question,
      answer: r.answer,
      grounding: r.grounding,
      checked: r.checked ?? null,
      kind: (r.kind as HistoryEntry['kind']) ?? null,
      options: parseOptions(r.options),
    }));
  }

  /** One console query, run or failed (`error` says why it failed). */
  logQuery(ontology: string, query: string, form: string, error: string | null = null): void {
    const db = this.open();
    db.prepare('INSERT INTO query_log (at, ontology, query, form, error) VALUES (?, ?, ?, ?, ?)').run(
      new Date().toISOString(),
      ontology,
      query.slice(0, 100_000),
      form,
      error?.slice(0, 2000) ?? null,
    );
    // The console shows recent queries; a bounded log keeps the file small over years of use.
    db.prepare('DELETE FROM query_log WHERE id <= (SELECT MAX(id) - 5000 FROM query_log)').run();
  }

  queries(
    ontology: string | undefined,
    limit: number,
  ): { ontologyId: string; query: string; at: string; form: string; error: string | null }[] {
    const db = this.open();
    const rows = (
      ontology
        ? db.prepare('SELECT * FROM query_log WHERE ontology = ? ORDER BY id DESC LIMIT ?').all(ontology, limit)
        : db.prepare('SELECT * FROM query_log ORDER BY id DESC LIMIT ?').all(limit)
    ) as { ontology: string; query: string; at: string; form: string; error: string | null }[];
    return rows.map((r) => ({ ontologyId: r.ontology, query: r.query, at: r.at, form: r.form, error: r.error }));
  }

  get(id: string): AgentRecord | null {
    const row = this.open().prepare('SELECT record FROM run WHERE id = ?').get(id) as { record: string } | undefined;
    return row ? (JSON.parse(row.record) as AgentRecord) : null;
  }

  /** A record with the ontology it was answered over. */
  entry(id: string): { record: AgentRecord; ontology: string } | null {
    const row = this.open().prepare('SELECT record, ontology FROM run WHERE id = ?').get(id) as
      { record: string; ontology: string } | undefined;
    return row ? { record: JSON.parse(row.record) as AgentRecord, ontology: row.ontology } : null;
  }

  /** A reviewer's new frame and the check made against it replace the record's, in one transaction. */
  recheck(id: string, frame: FrameReading, checked: CheckedGrounding): void {
    const db = this.open();
    db.transaction(() => {
      const e = this.entry(id);
      if (!e) return;
      e.record.frame = frame;
      e.record.checked = checked;
      db.prepare('UPDATE run SET record = ?, checked = ? WHERE id = ?').run(
        JSON.stringify(e.record),
        checked.level,
        id,
      );
    })();
  }

  private open(): Database.Database {
    if (!this.db) this.start();
    return this.db!;
  }
}

/** The list shows answers as people read them, so it needs the question's kind and options (not the whole record). */
const LIST_COLUMNS = `id, created_at, ontology, model, question, answer, grounding, checked,
  json_extract(record, '$.question.kind') AS kind, json_extract(record, '$.question.options') AS options`;

function parseOptions(text: string | null | undefined): { key: string; name: string }[] {
  if (!text) return [];
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v)
      ? v
          .filter((o): o is { key: string; name: string } => typeof o?.key === 'string' && typeof o?.name === 'string')
          .map((o) => ({ key: o.key, name: o.name }))
      : [];
  } catch {
    return [];
  }
}

interface Row {
  id: string;
  created_at: string;
  ontology: string;
  model: string;
  question: string;
  answer: string;
  grounding: string | null;
  checked?: string | null;
  kind?: string | null;
  options?: string | null;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
