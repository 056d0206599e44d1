import type Database from 'better-sqlite3';
import { compareCodeUnits } from '../../core/compare';
import type { Ann } from '../dump/dump-types';
import { propertyName } from '../names/naming-policy';
import { oboIri } from '../names/normalize';
import { buildCard } from './card-builder';
import type { Card, EntityRef } from './card-types';

type Row = Record<string, unknown>;

/**
 * Reads a concept card back from the cache's columns: the cache stores each card's text (what the
 * full-text index holds) and which annotation named the class, and everything else the card shows is
 * in the entity, annotation, parent and stated tables, so the card is built again from them exactly
 * as the cache builder built it (cache-builder.ts), instead of being stored a second time as JSON.
 */
export class CardReader {
  private readonly cardStmt: Database.Statement;
  private readonly annStmt: Database.Statement;
  private readonly parentStmt: Database.Statement;
  private readonly childStmt: Database.Statement;
  private readonly statedStmt: Database.Statement;
  private readonly entityStmt: Database.Statement;
  private labels: Map<string, string | null> | undefined;

  constructor(private readonly db: Database.Database) {
    this.cardStmt = db.prepare(
      `SELECT e.id, e.iri, e.name, e.deprecated, e.unsat, c.text, c.name_prop, c.name_value
       FROM card c JOIN entity e ON e.id = c.entity WHERE e.iri = ?`,
    );
    // Annotations in the order the builder kept them: by ord, then as written (punned records interleave).
    this.annStmt = db.prepare(
      'SELECT prop, value, lang, dt, ref, ann FROM annotation WHERE entity = ? ORDER BY ord, rowid',
    );
    this.parentStmt = db.prepare(
      'SELECT e.iri, e.name FROM parent p JOIN entity e ON e.id = p.parent WHERE p.child = ? ORDER BY p.rowid',
    );
    // A filler's own parents are parent rows too; a card lists only the classes below it. Children
    // of one name are listed by id, as the builder lists them (a patched cache has other row orders).
    this.childStmt = db.prepare(
      `SELECT e.iri, e.name FROM parent p JOIN entity e ON e.id = p.child
       WHERE p.parent = ? AND e.kind <> 'filler' ORDER BY p.child`,
    );
    this.statedStmt = db.prepare(
      `SELECT r.iri AS riri, r.name AS rname, f.iri AS firi, f.name AS fname, s.text
       FROM stated s JOIN entity r ON r.id = s.r LEFT JOIN entity f ON f.id = s.f WHERE s.s = ? ORDER BY s.rowid`,
    );
    this.entityStmt = db.prepare('SELECT iri, name, kind FROM entity WHERE iri = ?');
  }

  card(iri: string): Card | null {
    const c = this.cardStmt.get(iri) as Row | undefined;
    if (!c) return null;
    const card = this.fromRow(iri, c);
    // The text the full-text index holds is the card's text.
    card.text = c.text as string;
    return card;
  }

  /** The card as the tables give it now, its text built afresh (what a patched cache stores). */
  build(iri: string): Card | null {
    const c = this.cardStmt.get(iri) as Row | undefined;
    return c ? this.fromRow(iri, c) : null;
  }

  private fromRow(iri: string, c: Row): Card {
    const id = c.id as number;
    const byName = (a: EntityRef, b: EntityRef) => a.name.localeCompare(b.name);
    const refs = (rows: unknown[]) => (rows as Row[]).map((r) => ({ iri: r.iri as string, name: r.name as string }));
    const card = buildCard({
      iri,
      name: c.name as string,
      nameSource: c.name_prop != null ? { p: c.name_prop as string, v: c.name_value as string } : undefined,
      deprecated: c.deprecated === 1,
      unsatisfiable: c.unsat === 1,
      annotations: (this.annStmt.all(id) as Row[]).map(toAnn),
      parents: refs(this.parentStmt.all(id)).sort(byName),
      children: refs(this.childStmt.all(id)).sort(byName),
      stated: (this.statedStmt.all(id) as Row[])
        .map((s) => ({
          relation: { iri: s.riri as string, name: s.rname as string },
          filler:
            s.firi != null ? { iri: s.firi as string, name: s.fname as string } : { iri: null, name: s.text as string },
        }))
        .sort(
          (a, b) =>
            compareCodeUnits(a.relation.name, b.relation.name) || compareCodeUnits(a.filler.name, b.filler.name),
        ),
      keyOf: (p) => propertyName(p, this.annPropLabels().get(p)),
      resolve: (value, isIri) => this.resolve(value, isIri),
    });
    return card;
  }

  private annPropLabels(): Map<string, string | null> {
    this.labels ??= new Map(
      (this.db.prepare('SELECT iri, label FROM annprop').all() as Row[]).map((r) => [
        r.iri as string,
        r.label as string | null,
      ]),
    );
    return this.labels;
  }

  /** The entity an annotation value names, as the builder resolves it (never a filler). */
  private resolve(value: string, isIri: boolean): { iri: string; name: string } | null {
    let e = this.entityStmt.get(value) as Row | undefined;
    if (!e && !isIri) {
      const iri = oboIri(value);
      if (iri) e = this.entityStmt.get(iri) as Row | undefined;
    }
    return e && e.kind !== 'filler' ? { iri: e.iri as string, name: e.name as string } : null;
  }
}

/** An annotation row as the builder kept it: empty fields left out. */
function toAnn(r: Row): Ann {
  const a: Ann = { p: r.prop as string, v: r.value as string };
  if (r.lang) a.lang = r.lang as string;
  if (r.dt) a.dt = r.dt as string;
  if (r.ref) a.ref = true;
  if (r.ann) a.ann = JSON.parse(r.ann as string) as Ann[];
  return a;
}
