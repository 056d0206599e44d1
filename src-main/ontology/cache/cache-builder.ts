import { compareCodeUnits } from '../../core/compare';
import type { Card, EntityRef } from '../cards/card-types';
import { buildCard, searchFields } from '../cards/card-builder';
import { inStableOrder } from '../dump/annotation-order';
import type { Ann, DumpRecord, StatedRecord } from '../dump/dump-types';
import { StepClock } from '../load-profile';
import { DEFAULT_NAMING, fragmentName, propertyName, type NamingOptions } from '../names/naming-policy';
import { oboIri } from '../names/normalize';
import { annotationRow, deprecatedBy } from './annotation-rows';
import { displayName, nameRows } from './entity-naming';
import { DirectSink, type RowSink } from './cache-writer';
import { writeGraphSync, type GraphEntity, type GraphRows } from '../store/closure-graph';

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
  /** The kind it was first seen as: it decides whether the entity gets a card. */
  kind: Kind;
  /** The kind its own record gave it (a punned IRI can be both); this is what the entity table says. */
  rowKind: Kind;
  name: string;
  nameSource?: { p: string; v: string };
  deprecated: boolean;
  transitive: boolean;
  reflexive: boolean;
  /** Unsatisfiable as a class (an `unsat` record): what its card says. */
  unsat: boolean;
  /** What the entity table says: a filler record states its own satisfiability. */
  rowUnsat: boolean;
  /** Annotations of a class, held until its card is written, in the order the annotation table has them. */
  anns?: Ann[];
}

/** The records of the dump's head (docs/bridge-protocol.md): the tables they fill are complete after them. */
const HEAD_RECORDS = new Set<DumpRecord['t']>(['ontology', 'annotationProperty', 'property', 'class', 'stated']);

/**
 * Writes one ontology's dump into a fresh SQLite file: entities, names, the non-redundant closure,
 * cards and the FTS indexes. The caller builds into a temporary path and renames it on success, so
 * the build runs without a journal, in one transaction; secondary and full-text indexes are built
 * once at the end instead of being updated row by row.
 */
export class CacheBuilder {
  private readonly byIri = new Map<string, EntityInfo>();
  private readonly entities: EntityInfo[] = [];
  private readonly parents = new Map<number, number[]>();
  private readonly stated = new Map<number, StatedRecord[]>();
  private annPropLabels = new Map<string, string>();
  /** Called with each card as built: tests compare it with the card read back (cards/card-reader.ts). */
  onCard: ((card: Card) => void) | undefined;
  /** Set before the first record: which labels name entities (names/naming-policy.ts). */
  naming: NamingOptions = DEFAULT_NAMING;
  /**
   * Set before finishCards to have the closure graph (store/closure-graph.ts) written there once the
   * cards are sent: from the rows kept below, in this thread, while the writer still indexes the cards.
   */
  graphPath: string | undefined;
  /** The rows of the tables the closure graph is made of, flattened, in the order they were written. */
  private readonly graphRows = {
    parent: [] as number[],
    equiv: [] as number[],
    propParent: [] as number[],
    link: [] as number[],
  };
  private readonly counts: BuildCounts = {
    classes: 0,
    objectProperties: 0,
    subClassOf: 0,
    existential: 0,
    fillers: 0,
    unsatisfiable: [],
    deprecated: 0,
  };
  private finished = false;
  /** The dump's head (the records HEAD_RECORDS lists) is over. */
  private headDone = false;
  /** A name row came after the head (not in the bridge's order): the name index is built again at the end. */
  private namesAfterHead = false;
  /**
   * SHA-256 of the SQLite file and of the closure graph, taken as they were written (once committed):
   * the integrity token's checksums without reading the files back.
   */
  readonly hashes: { db?: string; graph?: string } = {};
  private ontology: unknown = null;

  /**
   * `sink` takes the rows: by default a SQLite writer in this thread; a cold load passes a WorkerSink,
   * so SQLite works beside the parsing and card building here.
   */
  constructor(
    path: string,
    readonly clock = new StepClock(),
    private readonly sink: RowSink = new DirectSink(),
  ) {
    sink.open(path);
  }

  add(rec: DumpRecord): void {
    const t0 = performance.now();
    this.addRecord(rec);
    this.clock.lap('rows', t0);
  }

  private addRecord(rec: DumpRecord): void {
    if (!this.headDone && !HEAD_RECORDS.has(rec.t)) {
      // The reasoner's records follow the head: the head's tables are complete and can be indexed.
      this.headDone = true;
      this.sink.afterHead();
    }
    switch (rec.t) {
      case 'ontology':
      case 'annotationProperty':
      case 'property':
      case 'class':
        return this.addDeclared(rec);
      case 'stated':
        return this.addStated(rec);
      default:
        return this.addInferred(rec);
    }
  }

  /** The head's declarations: the ontology's own record, annotation properties, properties, classes. */
  private addDeclared(rec: Extract<DumpRecord, { t: 'ontology' | 'annotationProperty' | 'property' | 'class' }>): void {
    switch (rec.t) {
      case 'ontology':
        rec = { ...rec, annotations: inStableOrder(rec.annotations) };
        this.ontology = rec;
        this.setMeta('ontology', rec);
        break;
      case 'annotationProperty':
        if (rec.label) this.annPropLabels.set(rec.iri, rec.label);
        this.sink.push('annprop', rec.iri, rec.label);
        break;
      case 'property': {
        const e = this.define(rec.iri, 'property', rec.annotations, rec.deprecated, rec.transitive, rec.reflexive);
        this.counts.objectProperties++;
        for (const p of rec.parents) this.pushPair('propParent', e.id, this.ref(p, 'property').id);
        for (const c of rec.chains)
          this.sink.push('propChain', e.id, JSON.stringify(c.map((iri) => this.ref(iri, 'property').id)));
        for (const r of rec.ranges ?? []) this.sink.push('propRange', e.id, this.ref(r, 'class').id);
        break;
      }
      case 'class':
        this.define(rec.iri, 'class', rec.annotations, rec.deprecated, false, false);
        this.counts.classes++;
        if (rec.deprecated) this.counts.deprecated++;
        break;
    }
  }

  /** A told restriction, kept for the cards and written for the stated views. */
  private addStated(rec: Extract<DumpRecord, { t: 'stated' }>): void {
    const s = this.ref(rec.s, 'class').id;
    const list = this.stated.get(s);
    if (list) list.push(rec);
    else this.stated.set(s, [rec]);
    this.sink.push(
      'stated',
      s,
      this.ref(rec.r, 'property').id,
      rec.f ? this.ref(rec.f, 'class').id : null,
      rec.text,
      rec.kind,
    );
  }

  /** What the reasoner found: the hierarchy, unsatisfiable classes, fillers, existential links, its figures. */
  private addInferred(rec: Extract<DumpRecord, { t: 'hier' | 'unsat' | 'filler' | 'link' | 'stats' }>): void {
    switch (rec.t) {
      case 'hier': {
        const c = this.ref(rec.c, 'class').id;
        const ps = rec.parents.map((p) => this.ref(p, 'class').id);
        this.parents.set(c, ps);
        for (const p of ps) this.pushPair('parent', c, p);
        this.counts.subClassOf += ps.length;
        for (const q of rec.equivalents) this.pushPair('equiv', c, this.ref(q, 'class').id);
        break;
      }
      case 'unsat': {
        const e = this.ref(rec.c, 'class');
        e.unsat = true;
        e.rowUnsat = true;
        this.counts.unsatisfiable.push(rec.c);
        break;
      }
      case 'filler': {
        const e = this.ref(rec.iri, 'filler');
        e.name = rec.text;
        e.rowUnsat = rec.unsat === true;
        for (const p of rec.parents) this.pushPair('parent', e.id, this.ref(p, 'class').id);
        this.counts.fillers++;
        break;
      }
      case 'link': {
        const s = this.ref(rec.s, 'class').id;
        const r = this.ref(rec.r, 'property').id;
        const f = this.ref(rec.f, 'class').id;
        this.sink.push('link', s, r, f);
        this.graphRows.link.push(s, r, f);
        this.counts.existential++;
        break;
      }
      case 'stats':
        this.setMeta('bridgeStats', rec);
        break;
    }
  }

  /**
   * Writes the entity rows and the cards (which need the whole hierarchy). Call once, after the last
   * record; the writer builds the indexes meanwhile.
   */
  finishCards(onProgress?: (fraction: number) => void): void {
    if (this.finished) throw new Error('the cache is already finished');
    this.finished = true;
    let t = performance.now();
    for (const e of this.entities) this.sink.push('entity', ...entityRow(e));
    t = this.clock.lap('entityRows', t);
    // The writer times its own steps (indexes, name index), in this thread or its own.
    this.sink.afterRecords(this.namesAfterHead);
    t = performance.now();
    const children = new Map<number, number[]>();
    for (const [c, ps] of this.parents) {
      for (const p of ps) {
        const list = children.get(p);
        if (list) list.push(c);
        else children.set(p, [c]);
      }
    }
    const ref = (id: number): EntityRef => ({ iri: this.entities[id - 1].iri, name: this.entities[id - 1].name });
    const byName = this.nameRanks();
    const keys = new Map<string, string>();
    const keyOf = (p: string) => {
      let k = keys.get(p);
      if (k === undefined) keys.set(p, (k = this.keyOf(p)));
      return k;
    };
    const resolve = (value: string, isIri: boolean) => this.resolve(value, isIri);
    const total = this.entities.length;
    let done = 0;
    for (const e of this.entities) {
      done++;
      if (e.kind !== 'class') continue;
      const annotations = e.anns ?? [];
      e.anns = undefined;
      const card: Card = buildCard({
        iri: e.iri,
        name: e.name,
        nameSource: e.nameSource,
        deprecated: e.deprecated,
        unsatisfiable: e.unsat,
        annotations,
        parents: [...(this.parents.get(e.id) ?? [])].sort(byName).map(ref),
        // Children of one name by id, as card-reader.ts lists them.
        children: (children.get(e.id) ?? []).sort((a, b) => byName(a, b) || a - b).map(ref),
        stated: (this.stated.get(e.id) ?? [])
          .map((s) => ({
            relation: ref(this.byIri.get(s.r)!.id),
            filler: s.f ? ref(this.byIri.get(s.f)!.id) : { iri: null, name: s.text },
          }))
          // The bridge lists them in hash order; a card reads the same on every load.
          .sort(
            (a, b) =>
              compareCodeUnits(a.relation.name, b.relation.name) || compareCodeUnits(a.filler.name, b.filler.name),
          ),
        keyOf,
        resolve,
      });
      const { synonyms, definition } = searchFields(annotations);
      t = this.clock.lap('cardBuild', t);
      this.onCard?.(card);
      // The rest of the card is in the other tables: cards/card-reader.ts builds it again from them.
      this.sink.push(
        'card',
        e.id,
        e.name,
        card.text,
        synonyms,
        definition,
        e.nameSource?.p ?? null,
        e.nameSource?.v ?? null,
      );
      t = this.clock.lap('cardPost', t);
      if (done % 5000 === 0) onProgress?.(done / total);
    }
    if (this.graphPath) {
      this.hashes.graph = writeGraphSync(this.graphSource(), this.graphPath).sha256;
      this.clock.lap('graphWrite', t);
    }
  }

  private pushPair(st: 'parent' | 'equiv' | 'propParent', a: number, b: number): void {
    this.sink.push(st, a, b);
    this.graphRows[st].push(a, b);
  }

  /** The closure graph's rows as the tables hold them (see finishCards). */
  private graphSource(): GraphRows {
    return {
      entities: this.entities.map(entityRow),
      parent: tuples(this.graphRows.parent, 2) as Iterable<[number, number]>,
      equiv: tuples(this.graphRows.equiv, 2) as Iterable<[number, number]>,
      propParent: tuples(this.graphRows.propParent, 2) as Iterable<[number, number]>,
      link: tuples(this.graphRows.link, 3) as Iterable<[number, number, number]>,
    };
  }

  setMeta(key: string, value: unknown): void {
    this.sink.push('meta', key, JSON.stringify(value));
  }

  get buildCounts(): BuildCounts {
    return this.counts;
  }

  /** The dump's ontology record (its IRI, version and annotations), once read. */
  get ontologyRecord(): unknown {
    return this.ontology;
  }

  /** Builds the card index, commits and closes the file; the writer's own step times join the clock. */
  async commitAndClose(): Promise<void> {
    if (!this.finished) throw new Error('finishCards must run before the cache is committed');
    this.setMeta('complete', true);
    const t0 = performance.now();
    const { seconds: writer, sha256 } = await this.sink.finish();
    this.hashes.db = sha256;
    // A writer thread's steps ran beside this thread; the wait is what was left of them when the cards were in.
    if (!this.sink.inThread) this.clock.lap('writerWait', t0);
    for (const [k, v] of Object.entries(writer)) this.clock.add(this.sink.inThread ? k : `writer.${k}`, v);
    for (const [k, v] of Object.entries(this.sink.callerSeconds)) this.clock.add(k, v);
  }

  async abort(): Promise<void> {
    await this.sink.abort();
  }

  /**
   * Parents and children are listed by name (localeCompare). Comparing names once for all entities and
   * then ids by rank gives the same order (equal names share a rank and the sort is stable) without
   * collating the same names again in every list.
   */
  private nameRanks(): (a: number, b: number) => number {
    const name = (id: number) => this.entities[id - 1].name;
    const ids = this.entities.map((e) => e.id).sort((a, b) => name(a).localeCompare(name(b)));
    const rank = new Int32Array(this.entities.length + 1);
    for (let i = 1; i < ids.length; i++)
      rank[ids[i]] = rank[ids[i - 1]] + (name(ids[i]).localeCompare(name(ids[i - 1])) === 0 ? 0 : 1);
    return (a, b) => rank[a] - rank[b];
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
    anns = inStableOrder(anns);
    const { name, source, from } = displayName(iri, anns, this.naming);
    const isDeprecated = deprecatedBy(deprecated, anns);
    let e = this.byIri.get(iri);
    let ords = 0;
    if (e) {
      // Referenced before its own record (or punned): fill in what the reference could not know.
      e.name = name;
      e.nameSource = source;
      e.deprecated = isDeprecated;
      e.rowKind = kind;
      e.transitive = transitive;
      e.reflexive = reflexive;
      ords = e.anns?.length ?? 0;
    } else {
      e = this.insert(iri, kind, name, isDeprecated);
      e.nameSource = source;
      e.transitive = transitive;
      e.reflexive = reflexive;
    }
    for (let i = 0; i < anns.length; i++) this.sink.push('annotation', ...annotationRow(e.id, i, anns[i]));
    if (e.kind === 'class') {
      const kept = anns.map(asStored);
      e.anns = ords ? interleaveByOrd(e.anns!, kept) : kept;
    }
    if (kind !== 'filler') {
      if (this.headDone) this.namesAfterHead = true;
      for (const n of nameRows(iri, name, anns, from)) this.sink.push('name', e.id, n.kind, n.text, n.norm);
    }
    return e;
  }

  private ref(iri: string, kind: Kind): EntityInfo {
    return this.byIri.get(iri) ?? this.insert(iri, kind, kind === 'filler' ? iri : fragmentName(iri).name, false);
  }

  private insert(iri: string, kind: Kind, name: string, deprecated: boolean): EntityInfo {
    const e: EntityInfo = {
      id: this.entities.length + 1,
      iri,
      kind,
      rowKind: kind,
      name,
      deprecated,
      transitive: false,
      reflexive: false,
      unsat: false,
      rowUnsat: false,
    };
    this.entities.push(e);
    this.byIri.set(iri, e);
    return e;
  }
}

/** An entity's row of the entity table, which the closure graph reads too. */
function entityRow(e: EntityInfo): GraphEntity {
  const flag = (b: boolean) => (b ? 1 : 0);
  return [e.id, e.iri, e.rowKind, e.name, flag(e.deprecated), flag(e.rowUnsat), flag(e.transitive), flag(e.reflexive)];
}

function* tuples(flat: number[], arity: number): Generator<number[]> {
  for (let i = 0; i < flat.length; i += arity) yield flat.slice(i, i + arity);
}

/** An annotation exactly as a row of the annotation table gives it back: empty fields left out. */
function asStored(a: Ann): Ann {
  const out: Ann = { p: a.p, v: a.v };
  if (a.lang) out.lang = a.lang;
  if (a.dt) out.dt = a.dt;
  if (a.ref) out.ref = true;
  if (a.ann?.length) out.ann = a.ann;
  return out;
}

/**
 * Two records of one IRI (punning) both number their annotations from 0; the annotation table lists
 * them by (entity, ord) and then by insertion, so the card sees them interleaved that way.
 */
function interleaveByOrd(first: Ann[], second: Ann[]): Ann[] {
  const out: Ann[] = [];
  for (let i = 0; i < Math.max(first.length, second.length); i++) {
    if (i < first.length) out.push(first[i]);
    if (i < second.length) out.push(second[i]);
  }
  return out;
}
