import { createHash } from 'node:crypto';
import { closeSync, createWriteStream, openSync, writeSync } from 'node:fs';
import type Database from 'better-sqlite3';

/**
 * The closure graph that raw SPARQL sees. Documented in docs/closure-graph.md:
 * direct inferred rdfs:subClassOf edges, owl:equivalentClass, unsatisfiable classes as
 * owl:equivalentClass owl:Nothing, and one triple <A> <r> <F> per non-redundant link meaning A ⊑ ∃r.F.
 */
export const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
export const RDFS_SUBCLASSOF = 'http://www.w3.org/2000/01/rdf-schema#subClassOf';
export const RDFS_SUBPROPERTYOF = 'http://www.w3.org/2000/01/rdf-schema#subPropertyOf';
export const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
export const OWL_CLASS = 'http://www.w3.org/2002/07/owl#Class';
export const OWL_OBJECT_PROPERTY = 'http://www.w3.org/2002/07/owl#ObjectProperty';
export const OWL_TRANSITIVE = 'http://www.w3.org/2002/07/owl#TransitiveProperty';
export const OWL_REFLEXIVE = 'http://www.w3.org/2002/07/owl#ReflexiveProperty';
export const OWL_EQUIVALENT_CLASS = 'http://www.w3.org/2002/07/owl#equivalentClass';
export const OWL_NOTHING = 'http://www.w3.org/2002/07/owl#Nothing';
export const OWL_DEPRECATED = 'http://www.w3.org/2002/07/owl#deprecated';
export const OARAG_FILLER = 'https://w3id.org/oa-rag/closure#Filler';

export function ntIri(iri: string): string {
  // Lenient loading accepts most IRIs, but angle brackets, quotes and spaces would break the line.
  return (
    '<' +
    iri.replace(
      // eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
      /[\u0000-\u0020<>"{}|^`\\]/g,
      (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'),
    ) +
    '>'
  );
}

export function ntLiteral(s: string): string {
  return (
    '"' + s.replace(/[\\"\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '"' ? '\\"' : c === '\n' ? '\\n' : '\\r')) + '"'
  );
}

/** An entity row as the entity table has it: id, iri, kind, name, deprecated, unsat, transitive, reflexive. */
export type GraphEntity = [number, string, string, string, number, number, number, number];

/** What the closure graph is made of, each table's rows in its row order (ids are entity ids). */
export interface GraphRows {
  entities: Iterable<GraphEntity>;
  parent: Iterable<[number, number]>;
  equiv: Iterable<[number, number]>;
  propParent: Iterable<[number, number]>;
  link: Iterable<[number, number, number]>;
  /** The IRI of an id the rows refer to but `entities` does not list (a patch lists only what changed). */
  iriOf?: (id: number) => string;
}

/**
 * The closure graph's N-Triples in chunks of about 20,000 lines, from the cache's tables (entity,
 * parent, equiv, prop_parent, link). Streams the rows: the caller must run no other statement on this
 * connection until the last chunk.
 */
export function closureGraphChunks(db: Database.Database): Generator<{ text: string; lines: number }> {
  const rows = <T>(sql: string) => db.prepare(sql).raw().iterate() as Iterable<T>;
  return graphChunks({
    entities: rows('SELECT id, iri, kind, name, deprecated, unsat, transitive, reflexive FROM entity'),
    parent: rows('SELECT child, parent FROM parent'),
    equiv: rows('SELECT a, b FROM equiv'),
    propParent: rows('SELECT child, parent FROM prop_parent'),
    link: rows('SELECT s, r, f FROM link'),
  });
}

/** The closure graph's N-Triples in chunks of about 20,000 lines; each chunk reports its line count. */
export function* graphChunks(src: GraphRows): Generator<{ text: string; lines: number }> {
  let buf: string[] = [];
  const take = () => {
    const chunk = { text: buf.join(''), lines: buf.length };
    buf = [];
    return chunk;
  };
  const full = () => buf.length >= 20_000;
  const iri: string[] = [];
  const at = (id: number) => iri[id] ?? (iri[id] = ntIri(src.iriOf!(id)));
  const typeLine = (type: string) => ` <${RDF_TYPE}> <${type}> .\n`;
  const classType = typeLine(OWL_CLASS);
  const propertyType = typeLine(OWL_OBJECT_PROPERTY);
  const fillerType = typeLine(OARAG_FILLER);
  for (const [id, entityIri, kind, name, deprecated, unsat, transitive, reflexive] of src.entities) {
    const s = ntIri(entityIri);
    iri[id] = s;
    buf.push(s + (kind === 'property' ? propertyType : kind === 'filler' ? fillerType : classType));
    buf.push(`${s} <${RDFS_LABEL}> ${ntLiteral(name)} .\n`);
    if (deprecated) buf.push(`${s} <${OWL_DEPRECATED}> "true"^^<http://www.w3.org/2001/XMLSchema#boolean> .\n`);
    if (unsat) buf.push(`${s} <${OWL_EQUIVALENT_CLASS}> <${OWL_NOTHING}> .\n`);
    if (transitive) buf.push(`${s} <${RDF_TYPE}> <${OWL_TRANSITIVE}> .\n`);
    if (reflexive) buf.push(`${s} <${RDF_TYPE}> <${OWL_REFLEXIVE}> .\n`);
    if (full()) yield take();
  }
  for (const [pairs, predicate] of [
    [src.parent, RDFS_SUBCLASSOF],
    [src.equiv, OWL_EQUIVALENT_CLASS],
    [src.propParent, RDFS_SUBPROPERTYOF],
  ] as const) {
    const p = ` <${predicate}> `;
    for (const [a, b] of pairs) {
      buf.push(`${at(a)}${p}${at(b)} .\n`);
      if (full()) yield take();
    }
  }
  for (const [s, r, f] of src.link) {
    buf.push(`${at(s)} ${at(r)} ${at(f)} .\n`);
    if (full()) yield take();
  }
  if (buf.length) yield take();
}

/** Writes the closure graph as N-Triples in this thread, blocking; its triple count and the file's SHA-256. */
export function writeGraphSync(src: GraphRows, path: string): { triples: number; sha256: string } {
  const fd = openSync(path, 'w');
  const hash = createHash('sha256');
  let n = 0;
  try {
    for (const c of graphChunks(src)) {
      const bytes = Buffer.from(c.text, 'utf8');
      for (let off = 0; off < bytes.length;) off += writeSync(fd, bytes, off);
      hash.update(bytes);
      n += c.lines;
    }
  } finally {
    closeSync(fd);
  }
  return { triples: n, sha256: hash.digest('hex') };
}

/** Writes the closure graph as N-Triples; returns the triple count. Streams: SNOMED scale is millions of lines. */
export async function writeClosureGraph(db: Database.Database, path: string): Promise<number> {
  const out = createWriteStream(path, { encoding: 'utf8' });
  let n = 0;
  for (const c of closureGraphChunks(db)) {
    n += c.lines;
    if (!out.write(c.text)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return n;
}
