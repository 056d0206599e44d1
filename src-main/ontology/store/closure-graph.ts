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
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
  return (
    '<' +
    iri.replace(
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
  const emit = async (line: string) => {
    buf.push(line);
    n++;
    if (buf.length >= 20_000) await flush();
  };
  const iri = new Map<number, string>();
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
    iri.set(e.id, s);
    const type = e.kind === 'property' ? OWL_OBJECT_PROPERTY : e.kind === 'filler' ? OARAG_FILLER : OWL_CLASS;
    await emit(`${s} <${RDF_TYPE}> <${type}> .\n`);
    await emit(`${s} <${RDFS_LABEL}> ${ntLiteral(e.name)} .\n`);
    if (e.deprecated) await emit(`${s} <${OWL_DEPRECATED}> "true"^^<http://www.w3.org/2001/XMLSchema#boolean> .\n`);
    if (e.unsat) await emit(`${s} <${OWL_EQUIVALENT_CLASS}> <${OWL_NOTHING}> .\n`);
    if (e.transitive) await emit(`${s} <${RDF_TYPE}> <${OWL_TRANSITIVE}> .\n`);
    if (e.reflexive) await emit(`${s} <${RDF_TYPE}> <${OWL_REFLEXIVE}> .\n`);
  }
  for (const [c, p] of db.prepare('SELECT child, parent FROM parent').raw().iterate() as Iterable<[number, number]>) {
    await emit(`${iri.get(c)} <${RDFS_SUBCLASSOF}> ${iri.get(p)} .\n`);
  }
  for (const [a, b] of db.prepare('SELECT a, b FROM equiv').raw().iterate() as Iterable<[number, number]>) {
    await emit(`${iri.get(a)} <${OWL_EQUIVALENT_CLASS}> ${iri.get(b)} .\n`);
  }
  for (const [c, p] of db.prepare('SELECT child, parent FROM prop_parent').raw().iterate() as Iterable<
    [number, number]
  >) {
    await emit(`${iri.get(c)} <${RDFS_SUBPROPERTYOF}> ${iri.get(p)} .\n`);
  }
  for (const [s, r, f] of db.prepare('SELECT s, r, f FROM link').raw().iterate() as Iterable<
    [number, number, number]
  >) {
    await emit(`${iri.get(s)} ${iri.get(r)} ${iri.get(f)} .\n`);
  }
  await flush();
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return n;
}
