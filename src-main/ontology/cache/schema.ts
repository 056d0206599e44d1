/** Bump when the tables or their meaning change: older caches are then rebuilt, never misread. */
export const CACHE_SCHEMA_VERSION = 10;

/**
 * Tables only: a cache file is written once, so its secondary indexes and the name index are built
 * in one pass after the rows are in (INDEX_SQL, NAME_FTS_SQL), not row by row; the card index is
 * filled as the cards are written (cache-writer.ts).
 */
export const TABLES_SQL = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE entity (
  id INTEGER PRIMARY KEY,
  iri TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,              -- class | property | filler
  name TEXT NOT NULL,
  deprecated INTEGER NOT NULL DEFAULT 0,
  unsat INTEGER NOT NULL DEFAULT 0,
  transitive INTEGER NOT NULL DEFAULT 0,
  reflexive INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE annotation (
  entity INTEGER NOT NULL, ord INTEGER NOT NULL,
  prop TEXT NOT NULL, value TEXT NOT NULL, lang TEXT, dt TEXT, ref INTEGER NOT NULL DEFAULT 0, ann TEXT
);
CREATE TABLE annprop (iri TEXT PRIMARY KEY, label TEXT);
CREATE TABLE parent (child INTEGER NOT NULL, parent INTEGER NOT NULL);
CREATE TABLE equiv (a INTEGER NOT NULL, b INTEGER NOT NULL);
CREATE TABLE link (s INTEGER NOT NULL, r INTEGER NOT NULL, f INTEGER NOT NULL);
CREATE TABLE stated (s INTEGER NOT NULL, r INTEGER NOT NULL, f INTEGER, text TEXT NOT NULL, kind TEXT NOT NULL);
CREATE TABLE prop_parent (child INTEGER NOT NULL, parent INTEGER NOT NULL);
CREATE TABLE prop_chain (prop INTEGER NOT NULL, chain TEXT NOT NULL);
CREATE TABLE prop_range (prop INTEGER NOT NULL, range INTEGER NOT NULL);
-- A card is its text (what card_fts indexes, with the name, synonyms and definition) and the annotation
-- its class was named by; the rest of what it shows is in the tables above (cards/card-reader.ts).
CREATE TABLE card (entity INTEGER PRIMARY KEY, text TEXT NOT NULL, synonyms TEXT NOT NULL, definition TEXT NOT NULL, name_prop TEXT, name_value TEXT);
CREATE TABLE name (id INTEGER PRIMARY KEY, entity INTEGER NOT NULL, kind TEXT NOT NULL, text TEXT NOT NULL, norm TEXT NOT NULL);
-- The full-text indexes keep no copy of their text: they read it from the tables above (external content).
CREATE VIEW card_search AS
  SELECT c.entity AS entity, e.name AS name, c.synonyms AS synonyms, c.definition AS definition, c.text AS body
  FROM card c JOIN entity e ON e.id = c.entity;
CREATE VIRTUAL TABLE card_fts USING fts5(name, synonyms, definition, body,
  content = 'card_search', content_rowid = 'entity', tokenize = 'porter unicode61');
CREATE VIRTUAL TABLE name_fts USING fts5(text, content = 'name', content_rowid = 'id', tokenize = 'unicode61');
`;

/** Indexes of the tables the dump's head fills (annotations, names, stated relations: see HEAD_TABLES). */
export const HEAD_INDEX_SQL = `
CREATE INDEX annotation_entity ON annotation(entity, ord);
CREATE INDEX stated_s ON stated(s);
CREATE INDEX name_norm ON name(norm);
CREATE INDEX name_entity ON name(entity);
`;

/** Indexes of the tables the reasoner's records fill. */
export const INDEX_SQL = `
CREATE INDEX parent_child ON parent(child);
CREATE INDEX parent_parent ON parent(parent);
CREATE INDEX equiv_a ON equiv(a);
CREATE INDEX link_s ON link(s);
CREATE INDEX link_f ON link(f);
`;

export const NAME_FTS_SQL = "INSERT INTO name_fts(name_fts) VALUES ('rebuild');";
