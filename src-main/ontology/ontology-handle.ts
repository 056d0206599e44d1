import Database from 'better-sqlite3';
import type * as oxigraph from 'oxigraph';
import { CardReader } from './cards/card-reader';
import type { Card } from './cards/card-types';
import { ClosureIndex } from './closure/closure-index';
import { normalizeName } from './names/normalize';
import { DEFAULT_NAME_LANGUAGES } from './names/naming-policy';
import type { LoadSummary } from './ontology-types';
import { loadClosureStore } from './store/closure-store';
import type { SparqlResult } from '../query/sparql/raw-sparql';
import { SparqlRunner, type SparqlRunOptions } from '../query/sparql/sparql-runner';

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

  constructor(
    readonly path: string,
    readonly db: Database.Database,
    readonly summary: LoadSummary,
    private readonly graphPath: string,
  ) {
    this.cards = new CardReader(db);
    this.nameStmt = db.prepare(
      `SELECT e.iri, e.name, e.kind, e.deprecated, n.text AS matched, n.kind AS matchKind
       FROM name n JOIN entity e ON e.id = n.entity WHERE n.norm = ? ORDER BY e.deprecated, e.id`,
    );
  }

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
    return this.cards.card(iri);
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
