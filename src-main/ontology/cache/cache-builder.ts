import Database from 'better-sqlite3';
import type { Card, EntityRef } from '../cards/card-types';
import { buildCard } from '../cards/card-builder';
import type { Ann, DumpRecord, StatedRecord } from '../dump/dump-types';
import { DEFAULT_NAMING, fragmentName, propertyName, type NamingOptions } from '../names/naming-policy';
import { oboIri } from '../names/normalize';
import { DEFINITION_PROPS, OWL_DEPRECATED } from '../names/vocabulary';
import { displayName, nameRows } from './entity-naming';
import { SCHEMA_SQL } from './schema';

export interface BuildCounts {
  classes: number;
  objectProperties: number;
  subClassOf: number;
  existential: number;
  fillers: number;
  unsatisfiable: string[];
  deprecated: number;
}

type Kind = 'class' | 'property' | 'filler';

interface EntityInfo {
  id: number;
  iri: string;
  kind: Kind;
  name: string;
  nameSource?: { p: string; v: string };
  deprecated: boolean;
  unsat: boolean;
}

/**
 * Writes one ontology's dump into a fresh SQLite file: entities, names, the non-redundant closure,
 * cards and the FTS indexes. The caller builds into a temporary path and renames it on success, so
 * the build runs without journaling.
 */
export class CacheBuilder {
  readonly db: Database.Database;
  private readonly byIri = new Map<string, EntityInfo>();
  private readonly entities: EntityInfo[] = [];
  private readonly parents = new Map<number, number[]>();
  private readonly stated = new Map<number, StatedRecord[]>();
  private annPropLabels = new Map<string, string>();
  /** Set before the first record: which labels name entities (names/naming-policy.ts). */
  naming: NamingOptions = DEFAULT_NAMING;
  private readonly counts: BuildCounts = {
    classes: 0,
    objectProperties: 0,
    subClassOf: 0,
    existential: 0,
    fillers: 0,
    unsatisfiable: [],
    deprecated: 0,
  };
  private readonly stmt;

  constructor(path: string) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.exec(SCHEMA_SQL);
    this.db.exec('BEGIN');
    const db = this.db;
    this.stmt = {
      entity: db.prepare(
        'INSERT INTO entity (id, iri, kind, name, deprecated, unsat, transitive, reflexive) VALUES (?, ?, ?, ?, ?, 0, ?, ?)',
      ),
      annotation: db.prepare(
        'INSERT INTO annotation (entity, ord, prop, value, lang, dt, ref, ann) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      annprop: db.prepare('INSERT OR REPLACE INTO annprop (iri, label) VALUES (?, ?)'),
      parent: db.prepare('INSERT INTO parent (child, parent) VALUES (?, ?)'),
      equiv: db.prepare('INSERT INTO equiv (a, b) VALUES (?, ?)'),
      link: db.prepare('INSERT INTO link (s, r, f) VALUES (?, ?, ?)'),
      stated: db.prepare('INSERT INTO stated (s, r, f, text, kind) VALUES (?, ?, ?, ?, ?)'),
      propParent: db.prepare('INSERT INTO prop_parent (child, parent) VALUES (?, ?)'),
      propChain: db.prepare('INSERT INTO prop_chain (prop, chain) VALUES (?, ?)'),
      propRange: db.prepare('INSERT INTO prop_range (prop, range) VALUES (?, ?)'),
      unsat: db.prepare('UPDATE entity SET unsat = 1 WHERE id = ?'),
      name: db.prepare('INSERT INTO name (entity, kind, text, norm) VALUES (?, ?, ?, ?)'),
      nameFts: db.prepare('INSERT INTO name_fts (rowid, text) VALUES (?, ?)'),
      card: db.prepare('INSERT INTO card (entity, text, json) VALUES (?, ?, ?)'),
      cardFts: db.prepare('INSERT INTO card_fts (rowid, name, synonyms, definition, body) VALUES (?, ?, ?, ?, ?)'),
      meta: db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)'),
    };
  }

  add(rec: DumpRecord): void {
    switch (rec.t) {
      case 'ontology':
        this.setMeta('ontology', rec);
        break;
      case 'annotationProperty':
        if (rec.label) this.annPropLabels.set(rec.iri, rec.label);
        this.stmt.annprop.run(rec.iri, rec.label);
        break;
      case 'property': {
        const e = this.define(rec.iri, 'property', rec.annotations, rec.deprecated, rec.transitive, rec.reflexive);
        this.counts.objectProperties++;
        for (const p of rec.parents) this.stmt.propParent.run(e.id, this.ref(p, 'property').id);
        for (const c of rec.chains)
          this.stmt.propChain.run(e.id, JSON.stringify(c.map((iri) => this.ref(iri, 'property').id)));
        for (const r of rec.ranges ?? []) this.stmt.propRange.run(e.id, this.ref(r, 'class').id);
        break;
      }
      case 'class':
        this.define(rec.iri, 'class', rec.annotations, rec.deprecated, false, false);
        this.counts.classes++;
        if (rec.deprecated) this.counts.deprecated++;
        break;
      case 'stated': {
        const s = this.ref(rec.s, 'class').id;
        const list = this.stated.get(s);
        if (list) list.push(rec);
        else this.stated.set(s, [rec]);
        this.stmt.stated.run(
          s,
          this.ref(rec.r, 'property').id,
          rec.f ? this.ref(rec.f, 'class').id : null,
          rec.text,
          rec.kind,
        );
        break;
      }
      case 'hier': {
        const c = this.ref(rec.c, 'class').id;
        const ps = rec.parents.map((p) => this.ref(p, 'class').id);
        this.parents.set(c, ps);
        for (const p of ps) this.stmt.parent.run(c, p);
        this.counts.subClassOf += ps.length;
        for (const q of rec.equivalents) this.stmt.equiv.run(c, this.ref(q, 'class').id);
        break;
      }
      case 'unsat': {
        const e = this.ref(rec.c, 'class');
        e.unsat = true;
        this.stmt.unsat.run(e.id);
        this.counts.unsatisfiable.push(rec.c);
        break;
      }
      case 'filler': {
        const e = this.ref(rec.iri, 'filler');
        e.name = rec.text;
        this.db.prepare('UPDATE entity SET name = ?, unsat = ? WHERE id = ?').run(rec.text, rec.unsat ? 1 : 0, e.id);
        for (const p of rec.parents) this.stmt.parent.run(e.id, this.ref(p, 'class').id);
        this.counts.fillers++;
        break;
      }
      case 'link':
        this.stmt.link.run(this.ref(rec.s, 'class').id, this.ref(rec.r, 'property').id, this.ref(rec.f, 'class').id);
        this.counts.existential++;
        break;
      case 'stats':
        this.setMeta('bridgeStats', rec);
        break;
    }
  }

  /** Cards need the whole hierarchy, so they are written after the dump has been read. */
  finishCards(onProgress?: (fraction: number) => void): void {
    const children = new Map<number, number[]>();
    for (const [c, ps] of this.parents) {
      for (const p of ps) {
        const list = children.get(p);
        if (list) list.push(c);
        else children.set(p, [c]);
      }
    }
    const ref = (id: number): EntityRef => ({ iri: this.entities[id - 1].iri, name: this.entities[id - 1].name });
    const byName = (a: EntityRef, b: EntityRef) => a.name.localeCompare(b.name);
    const keyOf = (p: string) => this.keyOf(p);
    const resolve = (value: string, isIri: boolean) => this.resolve(value, isIri);
    const annRows = this.db.prepare(
      'SELECT entity, prop, value, lang, dt, ref, ann FROM annotation ORDER BY entity, ord',
    );
    const anns = new Map<number, Ann[]>();
    for (const row of annRows.iterate() as Iterable<AnnRow>) {
      const list = anns.get(row.entity) ?? [];
      list.push(rowToAnn(row));
      anns.set(row.entity, list);
    }
    const total = this.entities.length;
    let done = 0;
    for (const e of this.entities) {
      done++;
      if (e.kind !== 'class') continue;
      const annotations = anns.get(e.id) ?? [];
      const card: Card = buildCard({
        iri: e.iri,
        name: e.name,
        nameSource: e.nameSource,
        deprecated: e.deprecated,
        unsatisfiable: e.unsat,
        annotations,
        parents: (this.parents.get(e.id) ?? []).map(ref).sort(byName),
        children: (children.get(e.id) ?? []).map(ref).sort(byName),
        stated: (this.stated.get(e.id) ?? []).map((s) => ({
          relation: ref(this.byIri.get(s.r)!.id),
          filler: s.f ? ref(this.byIri.get(s.f)!.id) : { iri: null, name: s.text },
        })),
        keyOf,
        resolve,
      });
      this.stmt.card.run(e.id, card.text, JSON.stringify(card));
      const synonyms = annotations
        .filter((a) => /Synonym|altLabel|IAO_0000118/.test(a.p))
        .map((a) => a.v)
        .join(' ; ');
      const definition = annotations
        .filter((a) => DEFINITION_PROPS.includes(a.p))
        .map((a) => a.v)
        .join(' ; ');
      this.stmt.cardFts.run(e.id, e.name, synonyms, definition, card.text);
      if (done % 5000 === 0) onProgress?.(done / total);
    }
  }

  setMeta(key: string, value: unknown): void {
    this.stmt.meta.run(key, JSON.stringify(value));
  }

  get buildCounts(): BuildCounts {
    return this.counts;
  }

  commitAndClose(): void {
    this.setMeta('complete', true);
    this.db.exec('COMMIT');
    this.db.exec('ANALYZE');
    this.db.close();
  }

  abort(): void {
    try {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      this.db.close();
    } catch {
      // the temporary file is deleted by the caller anyway
    }
  }

  private keyOf(p: string): string {
    return propertyName(p, this.annPropLabels.get(p));
  }

  /** The entity an annotation value names: an IRI, or an OBO ID written as text (`ENVO:01000311`). */
  private resolve(value: string, isIri: boolean): { iri: string; name: string } | null {
    let e = this.byIri.get(value);
    if (!e && !isIri) {
      const iri = oboIri(value);
      if (iri) e = this.byIri.get(iri);
    }
    return e && e.kind !== 'filler' ? { iri: e.iri, name: e.name } : null;
  }

  private define(
    iri: string,
    kind: Kind,
    anns: Ann[],
    deprecated: boolean,
    transitive: boolean,
    reflexive: boolean,
  ): EntityInfo {
    const { name, source, from } = displayName(iri, anns, this.naming);
    const isDeprecated = deprecated || anns.some((a) => a.p === OWL_DEPRECATED && a.v === 'true');
    let e = this.byIri.get(iri);
    if (e) {
      // Referenced before its own record: fill in what the reference could not know.
      e.name = name;
      e.nameSource = source;
      e.deprecated = isDeprecated;
      this.db
        .prepare('UPDATE entity SET name = ?, deprecated = ?, kind = ?, transitive = ?, reflexive = ? WHERE id = ?')
        .run(name, isDeprecated ? 1 : 0, kind, transitive ? 1 : 0, reflexive ? 1 : 0, e.id);
    } else {
      e = this.insert(iri, kind, name, isDeprecated, transitive, reflexive);
      e.nameSource = source;
    }
    anns.forEach((a, i) =>
      this.stmt.annotation.run(
        e!.id,
        i,
        a.p,
        a.v,
        a.lang ?? null,
        a.dt ?? null,
        a.ref ? 1 : 0,
        a.ann?.length ? JSON.stringify(a.ann) : null,
      ),
    );
    if (kind !== 'filler') {
      for (const n of nameRows(iri, name, anns, from)) {
        const info = this.stmt.name.run(e.id, n.kind, n.text, n.norm);
        this.stmt.nameFts.run(info.lastInsertRowid, n.text);
      }
    }
    return e;
  }

  private ref(iri: string, kind: Kind): EntityInfo {
    return (
      this.byIri.get(iri) ??
      this.insert(iri, kind, kind === 'filler' ? iri : fragmentName(iri).name, false, false, false)
    );
  }

  private insert(
    iri: string,
    kind: Kind,
    name: string,
    deprecated: boolean,
    transitive: boolean,
    reflexive: boolean,
  ): EntityInfo {
    const e: EntityInfo = { id: this.entities.length + 1, iri, kind, name, deprecated, unsat: false };
    this.entities.push(e);
    this.byIri.set(iri, e);
    this.stmt.entity.run(e.id, iri, kind, name, deprecated ? 1 : 0, transitive ? 1 : 0, reflexive ? 1 : 0);
    return e;
  }
}

interface AnnRow {
  entity: number;
  prop: string;
  value: string;
  lang: string | null;
  dt: string | null;
  ref: number;
  ann: string | null;
}

function rowToAnn(r: AnnRow): Ann {
  const a: Ann = { p: r.prop, v: r.value };
  if (r.lang) a.lang = r.lang;
  if (r.dt) a.dt = r.dt;
  if (r.ref) a.ref = true;
  if (r.ann) a.ann = JSON.parse(r.ann) as Ann[];
  return a;
}
