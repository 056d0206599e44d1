import Database from 'better-sqlite3';
import type * as oxigraph from 'oxigraph';
import { CardReader } from './cards/card-reader';
import { CardSearch } from './cards/card-search';
import { NameIndex } from './names/name-index';
import type { Card } from './cards/card-types';
import { ClosureIndex } from './closure/closure-index';
import { normalizeName } from './names/normalize';
import { DEFAULT_NAME_LANGUAGES } from './names/naming-policy';
import type { LoadSummary } from './ontology-types';
import type { ImportResolution } from './imports/import-resolution';
import { loadClosureStore } from './store/closure-store';
import type { SparqlResult } from './store/sparql/raw-sparql';
import { SparqlRunner, type SparqlRunOptions } from './store/sparql/sparql-runner';

export interface EntityHit {
  iri: string;
  name: string;
  kind: string;
  matched: string;
  matchKind: string;
  deprecated: boolean;
}

/**
 * An opened ontology: everything is served from its SQLite cache; the in-memory closure index and
 * the Oxigraph store are built on first use, so a warm reopen costs only opening a file.
 */
export class OntologyHandle {
  private closureIx: ClosureIndex | undefined;
  private storePromise: Promise<oxigraph.Store> | undefined;
  private sparqlRunner: SparqlRunner | undefined;
  private readonly cards: CardReader;
  private readonly nameStmt;
  /** The label languages its names were chosen by, in order of preference ('' for no tag); set by the service. */
  nameLanguages: readonly string[] = DEFAULT_NAME_LANGUAGES;
  /** How this load found its imports: a reload, an explanation and a revision resolve them the same way. */
  imports: ImportResolution | null = null;

  constructor(
    readonly path: string,
    /** The cache; only the ontology room's own modules read it, through the methods below. */
    private readonly db: Database.Database,
    readonly summary: LoadSummary,
    private readonly graphPath: string,
  ) {
    this.cards = new CardReader(db);
    this.nameStmt = db.prepare(
      `SELECT e.iri, e.name, e.kind, e.deprecated, n.text AS matched, n.kind AS matchKind
       FROM name n JOIN entity e ON e.id = n.entity WHERE n.norm = ? ORDER BY e.deprecated, e.id`,
    );
  }

  /** Whether the cache connection is still open (false after close()). */
  get isOpen(): boolean {
    return this.db.open;
  }

  /** The cache file this handle reads (tests and diagnostics). */
  get cacheFile(): string {
    return this.db.name;
  }

  /** The name tables, for linking and search. */
  get names(): NameIndex {
    return (this.nameIndex ??= new NameIndex(this.db));
  }

  /** Full-text search over the concept cards. */
  get cardSearch(): CardSearch {
    return (this.cardSearch_ ??= new CardSearch(this.db));
  }

  /** The content hashes recorded at load: the source file's and, as JSON, each import's. */
  contentHashes(): { sourceHash: string | null; importHashes: string | null } {
    const rows = this.db.prepare("SELECT key, value FROM meta WHERE key IN ('sourceHash', 'importHashes')").all() as {
      key: string;
      value: string;
    }[];
    const get = (k: string) => rows.find((r) => r.key === k)?.value ?? null;
    return { sourceHash: get('sourceHash'), importHashes: get('importHashes') };
  }

  /**
   * The classes named in axioms ELK reads only in part (unions, universals, complements, cardinalities
   * …), as the bridge reported them at load: an entailment about them may be missing from the closure.
   */
  outsideEl(): ReadonlySet<string> {
    if (this.outsideEl_) return this.outsideEl_;
    const raw = this.db.prepare("SELECT value FROM meta WHERE key = 'load'").pluck().get() as string | undefined;
    const list = raw ? (JSON.parse(raw) as { outsideEl?: unknown }).outsideEl : undefined;
    this.outsideEl_ = new Set(Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : []);
    return this.outsideEl_;
  }

  private outsideEl_: ReadonlySet<string> | undefined;
  private termOrigins_: Map<string, unknown> | undefined;

  /** The imports the load skipped (offline, or missing locally): the closure lacks all they entail. */
  unloadedImports(): string[] {
    return this.summary.warnings.filter((w) => w.code === 'unresolved-import').map((w) => w.iri ?? w.message);
  }

  /** Stated existential restrictions A ⊑ ∃r.B with a named filler, as [A, r, B] ids. */
  statedRestrictions(): [number, number, number][] {
    return this.db.prepare('SELECT s, r, f FROM stated WHERE f IS NOT NULL').raw().all() as [number, number, number][];
  }

  /** The relations the closure's links use, as ids. */
  linkRelations(): number[] {
    return this.db.prepare('SELECT DISTINCT r FROM link').pluck().all() as number[];
  }

  /**
   * Entities whose value of one of these annotation properties contains the text (case-insensitive
   * for ASCII, as SQLite's LIKE), with that value; at most `limit`, in entity order.
   */
  annotationContaining(props: readonly string[], text: string, limit: number): [number, string][] {
    if (!props.length || !text) return [];
    const like = `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
    return this.db
      .prepare(
        `SELECT entity, value FROM annotation WHERE prop IN (${props.map(() => '?').join(', ')}) AND value LIKE ? ESCAPE '\\' ORDER BY entity LIMIT ?`,
      )
      .raw()
      .all(...props, like, limit) as [number, string][];
  }

  /** Entities with a non-empty value of any of these annotation properties. */
  annotatedWith(props: readonly string[]): number[] {
    if (!props.length) return [];
    return this.db
      .prepare(
        `SELECT DISTINCT entity FROM annotation WHERE prop IN (${props.map(() => '?').join(', ')}) AND trim(value) != ''`,
      )
      .pluck()
      .all(...props) as number[];
  }

  /** Every named class's IRI. */
  classIris(): string[] {
    return (this.db.prepare("SELECT iri FROM entity WHERE kind = 'class'").raw().all() as [string][]).map((r) => r[0]);
  }

  /** Every annotation on a named class, as [class IRI, property IRI, value, language], in stated order. */
  classAnnotations(): Iterable<[string, string, string, string | null]> {
    return this.db
      .prepare(
        `SELECT e.iri, a.prop, a.value, a.lang FROM annotation a JOIN entity e ON e.id = a.entity
         WHERE e.kind = 'class' ORDER BY a.entity, a.ord, a.rowid`,
      )
      .raw()
      .iterate() as Iterable<[string, string, string, string | null]>;
  }

  /** The annotation properties the ontology uses, with their labels when it gives them. */
  annotationProperties(): { iri: string; label: string | null }[] {
    return this.db.prepare('SELECT iri, label FROM annprop').all() as { iri: string; label: string | null }[];
  }

  private nameIndex: NameIndex | undefined;
  private cardSearch_: CardSearch | undefined;

  get closure(): ClosureIndex {
    return (this.closureIx ??= ClosureIndex.fromDb(this.db));
  }

  store(signal?: AbortSignal): Promise<oxigraph.Store> {
    this.storePromise ??= loadClosureStore(this.graphPath, { signal }).catch((e) => {
      this.storePromise = undefined;
      throw e;
    });
    return this.storePromise;
  }

  /** A store built during the cold load, so the first SPARQL query need not wait for it. */
  adoptStore(store: oxigraph.Store): void {
    this.storePromise = Promise.resolve(store);
  }

  /** Raw SPARQL, off this thread and under a deadline (see SparqlRunner). */
  sparql(query: string, opts: SparqlRunOptions = {}): Promise<SparqlResult> {
    this.sparqlRunner ??= new SparqlRunner(this.graphPath);
    return this.sparqlRunner.run(query, opts);
  }

  card(iri: string): Card | null {
    const card = this.cards.card(iri);
    const source = card ? this.termSource(iri) : null;
    return card && source ? { ...card, source } : card;
  }

  /** The import IRI a term comes from (imports/import-tree.ts termOrigins), or null for the file's own. */
  termSource(iri: string): string | null {
    if (!this.termOrigins_) {
      let raw: string | undefined;
      try {
        raw = this.db.prepare("SELECT value FROM meta WHERE key = 'termOrigins'").pluck().get() as string | undefined;
      } catch {
        raw = undefined;
      }
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      this.termOrigins_ = new Map(Object.entries(parsed && typeof parsed === 'object' ? parsed : {}));
    }
    const v = this.termOrigins_.get(iri);
    return typeof v === 'string' ? v : null;
  }

  /** The first `limit` unsatisfiable classes by name, with their names (the load summary lists only IRIs). */
  unsatisfiableNames(limit: number): { iri: string; name: string }[] {
    this.unsatStmt ??= this.db.prepare(
      "SELECT iri, name FROM entity WHERE unsat = 1 AND kind = 'class' ORDER BY name COLLATE NOCASE, iri LIMIT ?",
    );
    return this.unsatStmt.all(limit) as { iri: string; name: string }[];
  }

  private unsatStmt: Database.Statement | undefined;

  /** Exact lookup after normalisation: labels, synonyms, CURIEs, IRIs. One entity may match by several names. */
  lookup(text: string, kind?: 'class' | 'property'): EntityHit[] {
    const rows = this.nameStmt.all(normalizeName(text)) as (Omit<EntityHit, 'deprecated'> & { deprecated: number })[];
    const seen = new Set<string>();
    const out: EntityHit[] = [];
    for (const r of rows) {
      if (kind && r.kind !== kind) continue;
      if (seen.has(r.iri)) continue;
      seen.add(r.iri);
      out.push({ ...r, deprecated: r.deprecated === 1 });
    }
    return out;
  }

  /** Every name of an entity (label, synonyms, IDs), as written. */
  namesOf(iri: string): string[] {
    this.namesOfStmt ??= this.db.prepare('SELECT n.text FROM name n JOIN entity e ON e.id = n.entity WHERE e.iri = ?');
    return (this.namesOfStmt.all(iri) as { text: string }[]).map((r) => r.text);
  }

  /** The labels and exact synonyms of the live properties, normalised: relation phrases a question may use. */
  relationNames(): { iri: string; name: string; norm: string }[] {
    return this.db
      .prepare(
        `SELECT e.iri, e.name, n.norm FROM name n JOIN entity e ON e.id = n.entity
         WHERE e.kind = 'property' AND e.deprecated = 0 AND n.kind IN ('label', 'exact', 'fragment')`,
      )
      .all() as { iri: string; name: string; norm: string }[];
  }

  private namesOfStmt: Database.Statement | undefined;

  close(): void {
    void this.sparqlRunner?.close();
    this.sparqlRunner = undefined;
    if (this.db.open) this.db.close();
  }
}
