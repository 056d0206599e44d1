import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';

/**
 * A cache file as comparable data: every table's rows with entity ids replaced by IRIs (ids are
 * assigned in dump order), sorted; each card with its lists sorted and its text's lines sorted; the
 * closure graph's lines sorted. Two caches of the same ontology are equal here exactly when they hold
 * the same facts, names and cards, whatever order the bridge listed annotations or parents in.
 */
export function cacheCanon(dbPath: string, ntPath: string): Record<string, string[]> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const iri = new Map<number, string>();
    for (const r of db.prepare('SELECT id, iri FROM entity').raw().all() as [number, string][]) iri.set(r[0], r[1]);
    const id = (n: unknown) => (n === null ? null : (iri.get(Number(n)) ?? `?${String(n)}`));
    const rows = (sql: string, map: (r: unknown[]) => unknown[]) =>
      (db.prepare(sql).raw().all() as unknown[][]).map((r) => JSON.stringify(map(r))).sort();
    return {
      entity: rows('SELECT iri, kind, name, deprecated, unsat, transitive, reflexive FROM entity', (r) => r),
      annotation: rows('SELECT entity, prop, value, lang, dt, ref, ann FROM annotation', ([e, ...r]) => [id(e), ...r]),
      annprop: rows('SELECT iri, label FROM annprop', (r) => r),
      parent: rows('SELECT child, parent FROM parent', (r) => r.map(id)),
      equiv: rows('SELECT a, b FROM equiv', (r) => r.map(id)),
      link: rows('SELECT s, r, f FROM link', (r) => r.map(id)),
      stated: rows('SELECT s, r, f, text, kind FROM stated', ([s, r, f, ...rest]) => [id(s), id(r), id(f), ...rest]),
      prop_parent: rows('SELECT child, parent FROM prop_parent', (r) => r.map(id)),
      prop_chain: rows('SELECT prop, chain FROM prop_chain', ([p, c]) => [id(p), c]),
      prop_range: rows('SELECT prop, range FROM prop_range', (r) => r.map(id)),
      name: rows('SELECT entity, kind, text, norm FROM name', ([e, ...r]) => [id(e), ...r]),
      card: rows('SELECT entity, text, synonyms, definition, name_prop, name_value FROM card', ([e, text, ...rest]) => [
        id(e),
        String(text).split('\n').sort(),
        ...rest,
      ]),
      closureGraph: readFileSync(ntPath, 'utf8').split('\n').filter(Boolean).sort(),
    };
  } finally {
    db.close();
  }
}

/** Words to rank every card and name by: some occur in many entries, some in few. */
const FTS_TERMS = ['heart', 'valve', 'muscle', 'sac', 'cardiac', 'part', 'membrane', 'process', 'cell', 'organ'];

/**
 * A cache's full-text indexes as comparable data: FTS5's own integrity check (the index holds exactly
 * what its external content gives) must pass, and the IRIs and BM25 scores of the best entries for
 * some words, which depend on every entry's length and the index's totals.
 */
export function ftsCanon(dbPath: string): Record<string, string[]> {
  const db = new Database(dbPath);
  try {
    db.exec("INSERT INTO card_fts (card_fts) VALUES ('integrity-check')");
    db.exec("INSERT INTO name_fts (name_fts) VALUES ('integrity-check')");
    const cards = db.prepare(
      `SELECT e.iri, round(bm25(card_fts), 9) AS s FROM card_fts JOIN entity e ON e.id = card_fts.rowid
       WHERE card_fts MATCH ? ORDER BY s, e.iri LIMIT 20`,
    );
    const names = db.prepare(
      `SELECT e.iri, round(bm25(name_fts), 9) AS s FROM name_fts JOIN name n ON n.id = name_fts.rowid
       JOIN entity e ON e.id = n.entity WHERE name_fts MATCH ? ORDER BY s, e.iri, n.text LIMIT 20`,
    );
    const out: Record<string, string[]> = {};
    for (const t of FTS_TERMS) {
      out[`card ${t}`] = (cards.raw().all(t) as unknown[][]).map((r) => r.join(' '));
      out[`name ${t}`] = (names.raw().all(t) as unknown[][]).map((r) => r.join(' '));
    }
    return out;
  } finally {
    db.close();
  }
}
