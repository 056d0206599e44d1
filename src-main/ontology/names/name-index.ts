import type Database from 'better-sqlite3';

/** One name of an entity, with what the linkers need to rank it. */
export interface NameRow {
  entity: number;
  /** label, exact, synonym, related, broad, narrow, id, alt_id, iri, fragment. */
  kind: string;
  text: string;
  norm: string;
}

export interface ExactNameRow extends NameRow {
  deprecated: number;
  /** The entity's kind: class, property or filler. */
  ekind: string;
}

/**
 * The cache's name tables, read only: what name linking and search ask of a loaded ontology. The SQL
 * lives here so that a change of the cache schema stays in the ontology room.
 */
export class NameIndex {
  private readonly exactStmt;
  private readonly classPoolStmt;
  private readonly prefixStmt;
  private readonly wordsStmt;
  private readonly annotationStmt;

  constructor(private readonly db: Database.Database) {
    this.exactStmt = db.prepare(
      'SELECT n.entity, n.kind, n.text, n.norm, e.deprecated, e.kind AS ekind FROM name n JOIN entity e ON e.id = n.entity WHERE n.norm = ?',
    );
    // `rank` is FTS5's bm25() with default weights, but FTS5 computes it itself: 2-3x faster when a
    // common word ("of", "process") matches thousands of names.
    this.classPoolStmt = db.prepare(
      `SELECT n.entity, n.kind, n.text, n.norm FROM name_fts f JOIN name n ON n.id = f.rowid JOIN entity e ON e.id = n.entity
       WHERE name_fts MATCH ? AND e.kind = 'class' ORDER BY rank LIMIT ?`,
    );
    // A range over the norm index: every name that starts with the query, without FTS.
    this.prefixStmt = db.prepare(
      `SELECT n.entity, n.kind, n.text, n.norm FROM name n JOIN entity e ON e.id = n.entity
       WHERE n.norm > ? AND n.norm < ? AND e.kind = 'class' LIMIT ?`,
    );
    this.wordsStmt = db.prepare(
      `SELECT n.entity, n.kind, n.text, n.norm FROM name_fts f JOIN name n ON n.id = f.rowid JOIN entity e ON e.id = n.entity
       WHERE name_fts MATCH ? AND e.kind = 'class' ORDER BY rank LIMIT ?`,
    );
    this.annotationStmt = db.prepare('SELECT value, ref FROM annotation WHERE entity = ? AND prop = ? ORDER BY ord');
  }

  /** Every name that normalises to `norm`, of any entity. */
  exact(norm: string): ExactNameRow[] {
    return this.exactStmt.all(norm) as ExactNameRow[];
  }

  /** Class names an FTS5 query matches, best BM25 first (throws on FTS syntax the caller must handle). */
  classesMatching(match: string, limit: number): NameRow[] {
    return this.classPoolStmt.all(match, limit) as NameRow[];
  }

  /** Class names whose normalised form starts with `norm`. */
  classesStartingWith(norm: string, limit: number): NameRow[] {
    return this.prefixStmt.all(norm, norm + '\uffff', limit) as NameRow[];
  }

  /** Class names holding every word of an FTS5 query, best first (throws on odd FTS input). */
  classesWithWords(match: string, limit: number): NameRow[] {
    return this.wordsStmt.all(match, limit) as NameRow[];
  }

  /** Every name of a live or obsolete class: the fuzzy pool. */
  classNames(): NameRow[] {
    return this.db
      .prepare(
        "SELECT n.entity, n.kind, n.text, n.norm FROM name n JOIN entity e ON e.id = n.entity WHERE e.kind = 'class'",
      )
      .all() as NameRow[];
  }

  /** Every name of a property but its IRI. */
  propertyNames(): NameRow[] {
    return this.db
      .prepare(
        "SELECT n.entity, n.kind, n.text, n.norm FROM name n JOIN entity e ON e.id = n.entity WHERE e.kind = 'property' AND n.kind NOT IN ('iri')",
      )
      .all() as NameRow[];
  }

  /** Labels, exact synonyms and fragments of live classes and properties: what a step grammar may offer. */
  readableNames(): (NameRow & { ekind: string })[] {
    return this.db
      .prepare(
        `SELECT n.entity, n.kind, n.text, n.norm, e.kind AS ekind FROM name n JOIN entity e ON e.id = n.entity
         WHERE e.deprecated = 0 AND e.kind IN ('class', 'property') AND n.kind IN ('label', 'exact', 'fragment')`,
      )
      .all() as (NameRow & { ekind: string })[];
  }

  /** Normalised name → the live entities it names. */
  owners(): Map<string, Set<number>> {
    const owners = new Map<string, Set<number>>();
    const rows = this.db
      .prepare('SELECT n.norm, e.id FROM name n JOIN entity e ON e.id = n.entity WHERE e.deprecated = 0')
      .iterate() as Iterable<{ norm: string; id: number }>;
    for (const r of rows) {
      let s = owners.get(r.norm);
      if (!s) owners.set(r.norm, (s = new Set()));
      s.add(r.id);
    }
    return owners;
  }

  /** The values of one annotation property on an entity, in order (`ref`: the value is an IRI). */
  annotation(entity: number, prop: string): { value: string; ref: number }[] {
    return this.annotationStmt.all(entity, prop) as { value: string; ref: number }[];
  }

  /** Document frequency of each word of the name index, from FTS5's own vocabulary; null if unavailable. */
  wordFrequencies(): Map<string, number> | null {
    try {
      // A temp table works on the read-only cache connection and goes away with it.
      this.db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.oarag_name_vocab USING fts5vocab(main, 'name_fts', 'row')");
      const rows = this.db.prepare('SELECT term, doc FROM temp.oarag_name_vocab').raw().all() as [string, number][];
      return new Map(rows);
    } catch {
      return null;
    }
  }
}
