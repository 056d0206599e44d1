import type Database from 'better-sqlite3';

export interface CardHit {
  iri: string;
  name: string;
  text: string;
}

/**
 * Full-text search over the concept cards (BM25 over name, synonyms, definition and body), read
 * only: the query service's fallback, text RAG's retrieval and Test 2 candidates.
 */
export class CardSearch {
  private readonly matchStmt;
  private definitionStmt: Database.Statement | undefined;

  constructor(private readonly db: Database.Database) {
    this.matchStmt = db.prepare(
      `SELECT e.iri, e.name, c.text FROM card_fts f JOIN entity e ON e.id = f.rowid JOIN card c ON c.entity = f.rowid
       WHERE card_fts MATCH ? AND e.deprecated = 0 ORDER BY bm25(card_fts) LIMIT ?`,
    );
  }

  /** Live entities whose cards best match an FTS5 query, best first; [] for a query FTS5 cannot read. */
  matching(match: string, limit: number): CardHit[] {
    try {
      return this.matchStmt.all(match, limit) as CardHit[];
    } catch {
      return [];
    }
  }

  /** Live classes whose definition holds the words in order (the index's stemmed words). */
  definitionsNaming(words: string[], limit: number): string[] {
    if (!words.length) return [];
    this.definitionStmt ??= this.db.prepare(
      `SELECT e.iri FROM card_fts f JOIN entity e ON e.id = f.rowid
       WHERE card_fts MATCH ? AND e.deprecated = 0 AND e.kind = 'class' LIMIT ?`,
    );
    try {
      const phrase = words.map((w) => w.replace(/"/g, '""')).join(' ');
      return (this.definitionStmt.all(`definition : "${phrase}"`, limit) as { iri: string }[]).map((r) => r.iri);
    } catch {
      return [];
    }
  }
}
