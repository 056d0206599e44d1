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
