/** Bump when the tables or their meaning change: older caches are then rebuilt, never misread. */
export const CACHE_SCHEMA_VERSION = 5;

export const SCHEMA_SQL = `
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
CREATE INDEX annotation_entity ON annotation(entity, ord);
CREATE TABLE annprop (iri TEXT PRIMARY KEY, label TEXT);
CREATE TABLE parent (child INTEGER NOT NULL, parent INTEGER NOT NULL);
CREATE INDEX parent_child ON parent(child);
CREATE INDEX parent_parent ON parent(parent);
CREATE TABLE equiv (a INTEGER NOT NULL, b INTEGER NOT NULL);
CREATE INDEX equiv_a ON equiv(a);
CREATE TABLE link (s INTEGER NOT NULL, r INTEGER NOT NULL, f INTEGER NOT NULL);
CREATE INDEX link_s ON link(s);
CREATE INDEX link_f ON link(f);
CREATE TABLE stated (s INTEGER NOT NULL, r INTEGER NOT NULL, f INTEGER, text TEXT NOT NULL, kind TEXT NOT NULL);
CREATE INDEX stated_s ON stated(s);
CREATE TABLE prop_parent (child INTEGER NOT NULL, parent INTEGER NOT NULL);
CREATE TABLE prop_chain (prop INTEGER NOT NULL, chain TEXT NOT NULL);
CREATE TABLE prop_range (prop INTEGER NOT NULL, range INTEGER NOT NULL);
CREATE TABLE card (entity INTEGER PRIMARY KEY, text TEXT NOT NULL, json TEXT NOT NULL);
CREATE TABLE name (id INTEGER PRIMARY KEY, entity INTEGER NOT NULL, kind TEXT NOT NULL, text TEXT NOT NULL, norm TEXT NOT NULL);
CREATE INDEX name_norm ON name(norm);
CREATE INDEX name_entity ON name(entity);
CREATE VIRTUAL TABLE card_fts USING fts5(name, synonyms, definition, body, tokenize = 'porter unicode61');
CREATE VIRTUAL TABLE name_fts USING fts5(text, tokenize = 'unicode61');
`;
