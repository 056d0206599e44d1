import type Database from 'better-sqlite3';
import { searchFields } from '../cards/card-builder';
import { CardReader } from '../cards/card-reader';
import type { Ann } from '../dump/dump-types';
import { oboCurie } from '../names/normalize';
import type { DeltaApplier } from './delta-apply';

interface OldCard {
  iri: string;
  name: string;
  text: string;
  synonyms: string;
  definition: string;
}

/**
 * Writes again the cards a delta touched, and their full-text entries: the classes it changed, and
 * the cards that show a renamed class (its parents' and children's, those that state a relation to it,
 * those whose annotations name it). The card text comes from the tables as patched, built as the
 * cache builder builds it (cards/card-reader.ts). Returns how many cards were written again.
 */
export function refreshCards(db: Database.Database, applied: DeltaApplier): number {
  const dirty = new Set(applied.cards);
  const neighbours = [
    db.prepare('SELECT child FROM parent WHERE parent = ?').pluck(),
    db.prepare('SELECT parent FROM parent WHERE child = ?').pluck(),
    db.prepare('SELECT s FROM stated WHERE f = ?').pluck(),
  ];
  const naming = db.prepare('SELECT DISTINCT entity FROM annotation WHERE trim(value) IN (?, ?, ?)').pluck();
  const iriOf = db.prepare('SELECT iri FROM entity WHERE id = ?').pluck();
  for (const id of applied.oldNames.keys()) {
    for (const q of neighbours) for (const n of q.all(id) as number[]) dirty.add(n);
    const iri = iriOf.get(id) as string;
    const curie = oboCurie(iri);
    for (const n of naming.all(iri, curie ?? iri, curie?.replace(':', '_') ?? iri) as number[]) dirty.add(n);
  }
  const old = db.prepare(
    `SELECT e.iri, e.name, c.text, c.synonyms, c.definition FROM card c JOIN entity e ON e.id = c.entity
     WHERE c.entity = ?`,
  );
  const anns = db.prepare('SELECT prop AS p, value AS v FROM annotation WHERE entity = ? ORDER BY ord, rowid');
  const setSource = db.prepare('UPDATE card SET name_prop = ?, name_value = ? WHERE entity = ?');
  const setCard = db.prepare('UPDATE card SET text = ?, synonyms = ?, definition = ? WHERE entity = ?');
  const unindex = db.prepare(
    "INSERT INTO card_fts (card_fts, rowid, name, synonyms, definition, body) VALUES ('delete', ?, ?, ?, ?, ?)",
  );
  const index = db.prepare('INSERT INTO card_fts (rowid, name, synonyms, definition, body) VALUES (?, ?, ?, ?, ?)');
  const reader = new CardReader(db);
  let written = 0;
  for (const id of dirty) {
    const was = old.get(id) as OldCard | undefined;
    if (!was) continue; // no card: a filler, a property, or a class first met as one
    if (applied.nameSources.has(id)) {
      const src = applied.nameSources.get(id);
      setSource.run(src?.p ?? null, src?.v ?? null, id);
    }
    const card = reader.build(was.iri)!;
    const { synonyms, definition } = searchFields(anns.all(id) as Ann[]);
    const oldName = applied.oldNames.get(id) ?? was.name;
    if (card.text === was.text && synonyms === was.synonyms && definition === was.definition && oldName === card.name)
      continue;
    // External content: the index forgets an entry only when given exactly the values it indexed.
    unindex.run(id, oldName, was.synonyms, was.definition, was.text);
    setCard.run(card.text, synonyms, definition, id);
    index.run(id, card.name, synonyms, definition, card.text);
    written++;
  }
  return written;
}
