import Database from 'better-sqlite3';
import { cacheDb } from '../../support/cache-db';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CacheBuilder } from '../../../src-main/ontology/cache/cache-builder';
import type { Card } from '../../../src-main/ontology/cards/card-types';
import type { DumpRecord } from '../../../src-main/ontology/dump/dump-types';
import { clinicalDump, EX, handleFromDump, label } from '../../support/dump-fixture';
import { tempDir } from '../../support/temp-dir';

describe('the cache builder', () => {
  const dir = tempDir('oarag-builder-');
  afterAll(() => dir.cleanup());

  it('indexes the names of a class whose record comes after the reasoner records (not the bridge order)', async () => {
    const records = clinicalDump();
    const late = records.findIndex((r) => r.t === 'class' && r.iri === EX + 'Myocarditis');
    const [moved] = records.splice(late, 1);
    records.push(moved);
    const { handle, cleanup } = await handleFromDump(records);
    try {
      const rw = new Database(handle.cacheFile);
      try {
        rw.exec("INSERT INTO name_fts(name_fts, rank) VALUES ('integrity-check', 1)");
      } finally {
        rw.close();
      }
      const names = cacheDb(handle)
        .prepare('SELECT n.text FROM name_fts f JOIN name n ON n.id = f.rowid WHERE name_fts MATCH ?')
        .pluck()
        .all('"myocarditis"') as string[];
      expect(names).toContain('myocarditis');
    } finally {
      cleanup();
    }
  });

  it('builds full-text indexes that match their tables and find cards by name, synonym and definition', async () => {
    const { handle, cleanup } = await handleFromDump(clinicalDump());
    try {
      const db = cacheDb(handle);
      // FTS5 checks its index against the rows it was built from (external content).
      const rw = new Database(db.name);
      try {
        rw.exec("INSERT INTO card_fts(card_fts, rank) VALUES ('integrity-check', 1)");
        rw.exec("INSERT INTO name_fts(name_fts, rank) VALUES ('integrity-check', 1)");
      } finally {
        rw.close();
      }
      const cards = (q: string) =>
        (
          db
            .prepare(
              'SELECT e.iri FROM card_fts f JOIN entity e ON e.id = f.rowid WHERE card_fts MATCH ? ORDER BY bm25(card_fts)',
            )
            .all(q) as { iri: string }[]
        ).map((r) => r.iri.slice(EX.length));
      expect(cards('"muscle"')).toEqual(['Myocardium', 'HeartDisease']);
      expect(cards('definition:"inflammation"')).toEqual(['Myocarditis']);
      expect(cards('synonyms:"cardiac"')).toEqual(['HeartDisease']);
      expect(cards('name:"myocarditis"').sort()).toEqual(['Myocarditis', 'ViralMyocarditis']);
      const names = db
        .prepare('SELECT n.text FROM name_fts f JOIN name n ON n.id = f.rowid WHERE name_fts MATCH ? ORDER BY rank')
        .pluck()
        .all('"heart"') as string[];
      expect(names).toContain('heart muscle');
      expect(names).toContain('heart');
    } finally {
      cleanup();
    }
  });

  it('reads every card back from the tables exactly as it was built, keys in order', async () => {
    const built = new Map<string, Card>();
    const { handle, cleanup } = await handleFromDump(clinicalDump(), (c) => built.set(c.iri, c));
    try {
      expect(built.size).toBeGreaterThan(10);
      for (const [iri, card] of built) expect(JSON.stringify(handle.card(iri)), iri).toBe(JSON.stringify(card));
      const card = handle.card(EX + 'Myocardium')!;
      expect(card.text.split('\n')[0]).toBe('name: myocardium');
      expect(card.parents).toEqual([{ iri: EX + 'Anatomy', name: 'anatomical structure' }]);
      expect(handle.card(EX + 'NoSuchClass')).toBeNull();
    } finally {
      cleanup();
    }
  });

  it('names and cards a class that was referenced before its own record', async () => {
    const records: DumpRecord[] = [
      {
        t: 'property',
        iri: EX + 'hasSite',
        annotations: [label('has site')],
        deprecated: false,
        transitive: false,
        reflexive: false,
        parents: [],
        chains: [],
        ranges: [EX + 'Site'],
      },
      { t: 'class', iri: EX + 'Site', annotations: [label('anatomical site')], deprecated: false },
      { t: 'hier', c: EX + 'Site', parents: [], equivalents: [] },
    ];
    const { handle, cleanup } = await handleFromDump(records);
    try {
      expect(handle.card(EX + 'Site')?.name).toBe('anatomical site');
      expect(handle.lookup('anatomical site').map((h) => h.iri)).toEqual([EX + 'Site']);
      const kinds = cacheDb(handle).prepare('SELECT iri, kind FROM entity ORDER BY id').all();
      expect(kinds).toEqual([
        { iri: EX + 'hasSite', kind: 'property' },
        { iri: EX + 'Site', kind: 'class' },
      ]);
    } finally {
      cleanup();
    }
  });

  it('writes a complete file in one go: no journal left beside it, and no commit before the cards', async () => {
    const path = join(dir.path, 'c.sqlite');
    const b = new CacheBuilder(path);
    for (const r of clinicalDump()) b.add(r);
    await expect(b.commitAndClose()).rejects.toThrow(/finishCards/);
    b.finishCards();
    expect(() => b.finishCards()).toThrow(/already finished/);
    await b.commitAndClose();
    expect(readdirSync(dir.path)).toEqual(['c.sqlite']);
    expect(existsSync(`${path}-journal`)).toBe(false);
    const db = new Database(path, { readonly: true });
    try {
      expect(db.pragma('page_size', { simple: true })).toBe(16_384);
      expect(
        JSON.parse((db.prepare("SELECT value FROM meta WHERE key = 'complete'").get() as { value: string }).value),
      ).toBe(true);
      expect(b.clock.seconds.ftsBuild).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });
});
