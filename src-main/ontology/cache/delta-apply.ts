import type Database from 'better-sqlite3';
import { inStableOrder } from '../dump/annotation-order';
import type { Ann, DumpRecord, GoneRecord } from '../dump/dump-types';
import type { NamingOptions } from '../names/naming-policy';
import { annotationRow, deprecatedBy } from './annotation-rows';
import { displayName, nameRows } from './entity-naming';

/** A delta the cache cannot take (an entity that comes or goes, a punned IRI): the cache is built whole instead. */
export class Unpatchable extends Error {}

interface Entity {
  id: number;
  kind: string;
  name: string;
}

/**
 * Applies a delta dump's record groups (docs/bridge-protocol.md) to a copy of the cache built from the
 * last dump: each group's rows are replaced whole, and what that touches is noted for the cards and the
 * closure graph. It never adds or drops an entity: the bridge sends a full dump for those changes.
 */
export class DeltaApplier {
  /** Entities whose card may read differently now. */
  readonly cards = new Set<number>();
  /** Entities whose own triples of the closure graph may differ (their subject lines are written again). */
  readonly graph = new Set<number>();
  /** Names before this patch of the entities it renamed (a card's full-text entry is deleted by its old values). */
  readonly oldNames = new Map<number, string>();
  /** The naming annotation of each class whose record changed (its card row keeps it). */
  readonly nameSources = new Map<number, { p: string; v: string } | undefined>();
  private readonly cleared = new Set<string>();
  private readonly q;

  constructor(
    private readonly db: Database.Database,
    private readonly naming: NamingOptions,
  ) {
    const p = (sql: string) => db.prepare(sql);
    this.q = {
      entity: p('SELECT id, kind, name FROM entity WHERE iri = ?'),
      hasCard: p('SELECT 1 FROM card WHERE entity = ?').pluck(),
      setEntity: p('UPDATE entity SET name = ?, deprecated = ? WHERE id = ?'),
      setUnsat: p('UPDATE entity SET unsat = ? WHERE id = ?'),
      setFiller: p('UPDATE entity SET name = ?, unsat = ? WHERE id = ?'),
      dropAnns: p('DELETE FROM annotation WHERE entity = ?'),
      addAnn: p(
        'INSERT INTO annotation (entity, ord, prop, value, lang, dt, ref, ann) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      names: p('SELECT id, text FROM name WHERE entity = ?').raw(),
      unindexName: p("INSERT INTO name_fts (name_fts, rowid, text) VALUES ('delete', ?, ?)"),
      dropNames: p('DELETE FROM name WHERE entity = ?'),
      addName: p('INSERT INTO name (entity, kind, text, norm) VALUES (?, ?, ?, ?)'),
      indexName: p('INSERT INTO name_fts (rowid, text) VALUES (?, ?)'),
      parents: p('SELECT parent FROM parent WHERE child = ?').pluck(),
      dropParents: p('DELETE FROM parent WHERE child = ?'),
      addParent: p('INSERT INTO parent (child, parent) VALUES (?, ?)'),
      dropEquiv: p('DELETE FROM equiv WHERE a = ?'),
      addEquiv: p('INSERT INTO equiv (a, b) VALUES (?, ?)'),
      dropStated: p('DELETE FROM stated WHERE s = ?'),
      addStated: p('INSERT INTO stated (s, r, f, text, kind) VALUES (?, ?, ?, ?, ?)'),
      dropLinks: p('DELETE FROM link WHERE s = ?'),
      addLink: p('INSERT INTO link (s, r, f) VALUES (?, ?, ?)'),
    };
  }

  /** Applies one record; `setMeta` takes the ontology and stats records. */
  add(rec: DumpRecord | GoneRecord, setMeta: (key: string, value: unknown) => void): void {
    switch (rec.t) {
      case 'ontology':
        setMeta('ontology', { ...rec, annotations: inStableOrder(rec.annotations) });
        break;
      case 'stats':
        setMeta('bridgeStats', rec);
        break;
      case 'class':
        this.classRecord(rec.iri, rec.annotations, rec.deprecated);
        break;
      case 'stated': {
        const s = this.group('s', rec.s).id;
        const f = rec.f === null ? null : this.known(rec.f).id;
        this.q.addStated.run(s, this.known(rec.r).id, f, rec.text, rec.kind);
        break;
      }
      case 'hier': {
        const c = this.group('h', rec.c).id;
        for (const p of rec.parents) {
          const id = this.known(p).id;
          this.q.addParent.run(c, id);
          this.cards.add(id);
        }
        for (const q of rec.equivalents) this.q.addEquiv.run(c, this.known(q).id);
        break;
      }
      case 'unsat':
        this.setUnsat(this.group('u', rec.c).id, 1);
        break;
      case 'filler': {
        const e = this.group('f', rec.iri);
        if (e.kind !== 'filler') throw new Unpatchable(`${rec.iri} is not a filler in the cache`);
        this.q.setFiller.run(rec.text, rec.unsat === true ? 1 : 0, e.id);
        for (const p of rec.parents) this.q.addParent.run(e.id, this.known(p).id);
        break;
      }
      case 'link': {
        const s = this.group('l', rec.s).id;
        this.q.addLink.run(s, this.known(rec.r).id, this.known(rec.f).id);
        break;
      }
      case 'gone':
        if (rec.k.length !== 1 || !'shul'.includes(rec.k))
          throw new Unpatchable(`a delta cannot drop a group of kind ${rec.k}`);
        this.group(rec.k as 's' | 'h' | 'u' | 'l', rec.s);
        break;
      default:
        throw new Unpatchable(`a delta cannot change a ${rec.t} record`);
    }
  }

  private known(iri: string): Entity {
    const e = this.q.entity.get(iri) as Entity | undefined;
    if (!e) throw new Unpatchable(`${iri} is not in the cache`);
    return e;
  }

  /** The subject of a group; its old rows are removed the first time the group is met. */
  private group(kind: 's' | 'h' | 'u' | 'l' | 'f', iri: string): Entity {
    const e = this.known(iri);
    const key = kind + iri;
    if (this.cleared.has(key)) return e;
    this.cleared.add(key);
    switch (kind) {
      case 's':
        this.q.dropStated.run(e.id);
        this.cards.add(e.id);
        break;
      case 'h':
        // the old parents list this class among their children
        for (const p of this.q.parents.all(e.id) as number[]) this.cards.add(p);
        this.q.dropParents.run(e.id);
        this.q.dropEquiv.run(e.id);
        this.cards.add(e.id);
        break;
      case 'u':
        this.setUnsat(e.id, 0);
        break;
      case 'f':
        this.q.dropParents.run(e.id);
        break;
      case 'l':
        this.q.dropLinks.run(e.id);
        break;
    }
    this.graph.add(e.id);
    return e;
  }

  private setUnsat(id: number, unsat: 0 | 1): void {
    this.q.setUnsat.run(unsat, id);
    this.cards.add(id);
    this.graph.add(id);
  }

  /** A class's own record: its name, deprecation, annotations and name rows, as the cache builder writes them. */
  private classRecord(iri: string, raw: Ann[], deprecated: boolean): void {
    const e = this.known(iri);
    // a punned IRI's annotations interleave two records; the builder alone gets that right
    if (e.kind !== 'class' || !this.q.hasCard.get(e.id)) throw new Unpatchable(`${iri} is not only a class`);
    const anns = inStableOrder(raw);
    const { name, source, from } = displayName(iri, anns, this.naming);
    const isDeprecated = deprecatedBy(deprecated, anns);
    if (name !== e.name && !this.oldNames.has(e.id)) this.oldNames.set(e.id, e.name);
    this.q.setEntity.run(name, isDeprecated ? 1 : 0, e.id);
    this.q.dropAnns.run(e.id);
    anns.forEach((a, i) => this.q.addAnn.run(...annotationRow(e.id, i, a)));
    for (const [id, text] of this.q.names.all(e.id) as [number, string][]) this.q.unindexName.run(id, text);
    this.q.dropNames.run(e.id);
    for (const n of nameRows(iri, name, anns, from)) {
      const row = this.q.addName.run(e.id, n.kind, n.text, n.norm);
      this.q.indexName.run(row.lastInsertRowid, n.text);
    }
    this.nameSources.set(e.id, source);
    this.cards.add(e.id);
    this.graph.add(e.id);
  }
}
