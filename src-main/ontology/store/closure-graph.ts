import { createWriteStream } from 'node:fs';
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

/** Writes the closure graph as N-Triples; returns the triple count. Streams: SNOMED scale is millions of lines. */
export async function writeClosureGraph(db: Database.Database, path: string): Promise<number> {
  const out = createWriteStream(path, { encoding: 'utf8' });
  let buf: string[] = [];
  let n = 0;
  const flush = async () => {
    if (!buf.length) return;
    const chunk = buf.join('');
    buf = [];
    if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
  };
  // Lines are collected synchronously and written in chunks: awaiting once per line cost more than
  // the formatting itself.
  const emit = (line: string) => {
    buf.push(line);
    n++;
  };
  const full = () => buf.length >= 20_000;
  const iri: string[] = [];
  const typeLine = (type: string) => ` <${RDF_TYPE}> <${type}> .\n`;
  const classType = typeLine(OWL_CLASS);
  const propertyType = typeLine(OWL_OBJECT_PROPERTY);
  const fillerType = typeLine(OARAG_FILLER);
  for (const e of db
    .prepare('SELECT id, iri, kind, name, deprecated, unsat, transitive, reflexive FROM entity')
    .iterate() as Iterable<{
    id: number;
    iri: string;
    kind: string;
    name: string;
    deprecated: number;
    unsat: number;
    transitive: number;
    reflexive: number;
  }>) {
    const s = ntIri(e.iri);
    iri[e.id] = s;
    emit(s + (e.kind === 'property' ? propertyType : e.kind === 'filler' ? fillerType : classType));
    emit(`${s} <${RDFS_LABEL}> ${ntLiteral(e.name)} .\n`);
    if (e.deprecated) emit(`${s} <${OWL_DEPRECATED}> "true"^^<http://www.w3.org/2001/XMLSchema#boolean> .\n`);
    if (e.unsat) emit(`${s} <${OWL_EQUIVALENT_CLASS}> <${OWL_NOTHING}> .\n`);
    if (e.transitive) emit(`${s} <${RDF_TYPE}> <${OWL_TRANSITIVE}> .\n`);
    if (e.reflexive) emit(`${s} <${RDF_TYPE}> <${OWL_REFLEXIVE}> .\n`);
    if (full()) await flush();
  }
  const pairs = async (sql: string, predicate: string) => {
    const p = ` <${predicate}> `;
    for (const [a, b] of db.prepare(sql).raw().iterate() as Iterable<[number, number]>) {
      emit(`${iri[a]}${p}${iri[b]} .\n`);
      if (full()) await flush();
    }
  };
  await pairs('SELECT child, parent FROM parent', RDFS_SUBCLASSOF);
  await pairs('SELECT a, b FROM equiv', OWL_EQUIVALENT_CLASS);
  await pairs('SELECT child, parent FROM prop_parent', RDFS_SUBPROPERTYOF);
  for (const [s, r, f] of db.prepare('SELECT s, r, f FROM link').raw().iterate() as Iterable<
    [number, number, number]
  >) {
    emit(`${iri[s]} ${iri[r]} ${iri[f]} .\n`);
    if (full()) await flush();
  }
  await flush();
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return n;
}
