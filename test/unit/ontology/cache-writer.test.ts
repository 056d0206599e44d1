import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CacheBuilder } from '../../../src-main/ontology/cache/cache-builder';
import { DirectSink, WorkerSink, type RowSink } from '../../../src-main/ontology/cache/cache-writer';
import { clinicalDump } from '../../support/dump-fixture';
import { tempDir } from '../../support/temp-dir';

const TABLES = ['meta', 'entity', 'annotation', 'annprop', 'parent', 'equiv', 'link', 'stated', 'name', 'card'];

async function build(path: string, sink: RowSink): Promise<Record<string, unknown[]>> {
  const b = new CacheBuilder(path, undefined, sink);
  for (const r of clinicalDump()) b.add(r);
  b.finishCards();
  b.setMeta('summary', { classes: b.buildCounts.classes });
  await b.commitAndClose();
  // The integrity token takes the file's checksum from the writer instead of reading the file back.
  expect(b.hashes.db).toBe(createHash('sha256').update(readFileSync(path)).digest('hex'));
  const db = new Database(path, { readonly: true });
  try {
    const out: Record<string, unknown[]> = {};
    for (const t of TABLES) out[t] = db.prepare(`SELECT * FROM ${t} ORDER BY rowid`).raw().all();
    out.cardHits = db
      .prepare("SELECT rowid, bm25(card_fts) FROM card_fts WHERE card_fts MATCH 'heart' ORDER BY 2")
      .raw()
      .all();
    out.nameHits = db.prepare("SELECT rowid, rank FROM name_fts WHERE name_fts MATCH 'heart' ORDER BY 2").raw().all();
    return out;
  } finally {
    db.close();
  }
}

describe('the cache writer', () => {
  const dir = tempDir('oarag-writer-');
  afterAll(() => dir.cleanup());

  it('writes the same file from a worker thread as in this thread', async () => {
    const here = await build(join(dir.path, 'direct.sqlite'), new DirectSink());
    const there = await build(join(dir.path, 'thread.sqlite'), new WorkerSink());
    expect(there).toEqual(here);
    expect(here.card.length).toBeGreaterThan(10);
    expect(here.cardHits.length).toBeGreaterThan(2);
    const db = new Database(join(dir.path, 'thread.sqlite'));
    try {
      db.exec("INSERT INTO card_fts(card_fts, rank) VALUES ('integrity-check', 1)");
    } finally {
      db.close();
    }
  });

  it("reports the writer thread's failure with SQLite's reason, and refuses further rows", async () => {
    const sink = new WorkerSink();
    sink.open(join(dir.path, 'bad.sqlite'));
    sink.push('meta', 'a', '1');
    sink.push('entity', 1, 'http://x/A', 'class', 'A', 0, 0, 0, 0);
    sink.push('entity', 2, 'http://x/A', 'class', 'A again', 0, 0, 0, 0);
    sink.afterRecords();
    await expect(sink.finish()).rejects.toMatchObject({
      code: 'write-failed',
      message: expect.stringMatching(/could not be written: UNIQUE constraint failed: entity.iri/),
    });
    expect(() => sink.push('meta', 'b', '2')).toThrow(/could not be written/);
  });

  it('stops on abort, leaving a file the caller can delete', async () => {
    const path = join(dir.path, 'aborted.sqlite');
    const b = new CacheBuilder(path, undefined, new WorkerSink());
    for (const r of clinicalDump()) b.add(r);
    await b.abort();
    rmSync(path, { force: true });
    expect(existsSync(path)).toBe(false);
  });
});
