import type { ClosureIndex } from '../ontology/closure/closure-index';
import { quoteName } from './dialect';
import type { QueryExamples, ResultEntity, SparqlExample } from './query-types';
import { CLOSURE_PREFIXES } from '../ontology/store/sparql/sparql-prefixes';

/** What the examples need of an open ontology: its closure and its exact name lookup. */
export interface ExampleSource {
  closure: ClosureIndex;
  lookup(text: string, kind?: 'class' | 'property'): { iri: string }[];
}

interface Pick {
  a: number;
  r: number | null;
  b: number | null;
  /** An ancestor of A two steps up when there is one (an inferred is-a to ASK about), else a parent. */
  up: number | null;
}

// Names tried for uniqueness before giving up on a candidate; each try is one indexed lookup.
const MAX_TRIES = 200;

/**
 * Examples for the query console built from the ontology itself: a link A ⊑ ∃r.B from the closure,
 * with r the most used relation (that has an unambiguous name) and short, unambiguous names (so each example runs as written), and an
 * ancestor of A for the is-a questions. Without links, a class and its ancestor.
 */
export function consoleExamples(src: ExampleSource): QueryExamples {
  const ix = src.closure;
  let ex = cache.get(ix);
  if (!ex) cache.set(ix, (ex = build(src)));
  return ex;
}

// One scan of the links per opened ontology (about 50 ms at GO scale); the examples do not change.
const cache = new WeakMap<ClosureIndex, QueryExamples>();

function build(src: ExampleSource): QueryExamples {
  const ix = src.closure;
  const p = pickLink(src) ?? pickClass(src);
  const ent = (id: number | null): ResultEntity | null =>
    id === null ? null : { iri: ix.iri(id), name: name(ix, id) };
  const base = { subject: ent(p?.a ?? null), relation: ent(p?.r ?? null), filler: ent(p?.b ?? null) };
  if (!p) return { ...base, dialect: [], sparql: genericSparql(), prefixes: [...CLOSURE_PREFIXES] };
  const q = (id: number) => quoteName(name(ix, id));
  const dialect: string[] = [];
  if (p.up !== null) dialect.push(`ASK { ${q(p.a)} "is a" ${q(p.up)} }`);
  if (p.r !== null && p.b !== null) {
    dialect.push(`SELECT ?x WHERE { ?x ${q(p.r)} ${q(p.b)} }`, `SELECT ?o WHERE { ${q(p.a)} ${q(p.r)} ?o }`);
  }
  dialect.push(`DESCRIBE ${q(p.a)}`);
  if (p.up !== null) dialect.push(`EXPLAIN { ${q(p.a)} "is a" ${q(p.up)} }`);
  else if (p.r !== null && p.b !== null) dialect.push(`EXPLAIN { ${q(p.a)} ${q(p.r)} ${q(p.b)} }`);
  return { ...base, dialect, sparql: sparqlExamples(ix, p), prefixes: [...CLOSURE_PREFIXES] };
}

function pickLink(src: ExampleSource): Pick | null {
  const ix = src.closure;
  const byRelation = new Map<number, { a: number; b: number }[]>();
  for (let a = 1; a < ix.iriOf.length; a++) {
    if (!ix.links[a]?.length || !usable(ix, a)) continue;
    for (const l of ix.links[a]!) {
      if (ix.kindOf[l.r] !== 'property' || l.f === a || !usable(ix, l.f)) continue;
      const list = byRelation.get(l.r);
      if (list) list.push({ a, b: l.f });
      else byRelation.set(l.r, [{ a, b: l.f }]);
    }
  }
  const unique = uniqueness(src);
  let fallback: Pick | null = null;
  let tries = 0;
  const relations = [...byRelation].sort(([r1, l1], [r2, l2]) => l2.length - l1.length || ix.compareIri(r1, r2));
  for (const [r, links] of relations) {
    if (!unique(r, 'property')) continue;
    const len = (x: { a: number; b: number }) => name(ix, x.a).length + name(ix, x.b).length;
    const shortest = links
      .map((l) => ({ ...l, len: len(l) }))
      .sort((x, y) => x.len - y.len || ix.compareIri(x.a, y.a) || ix.compareIri(x.b, y.b));
    for (const l of shortest) {
      if (++tries > MAX_TRIES) return fallback;
      if (!unique(l.a, 'class') || !unique(l.b, 'class')) continue;
      const up = ancestorOf(ix, l.a, unique);
      const pick = { a: l.a, r, b: l.b, up };
      if (up !== null) return pick;
      fallback ??= pick;
    }
  }
  return fallback;
}

function pickClass(src: ExampleSource): Pick | null {
  const ix = src.closure;
  const unique = uniqueness(src);
  const classes: number[] = [];
  for (let a = 1; a < ix.iriOf.length; a++) if (usable(ix, a) && ix.parents[a]?.length) classes.push(a);
  classes.sort((x, y) => name(ix, x).length - name(ix, y).length || ix.compareIri(x, y));
  for (const a of classes.slice(0, MAX_TRIES)) {
    const up = unique(a, 'class') ? ancestorOf(ix, a, unique) : null;
    if (up !== null) return { a, r: null, b: null, up };
  }
  return null;
}

/** A grandparent of A (its is-a is inferred, not told), else a parent; only named, unambiguous classes. */
function ancestorOf(ix: ClosureIndex, a: number, unique: (id: number, kind: 'class') => boolean): number | null {
  const parents = (ix.parents[a] ?? []).filter((p) => usable(ix, p)).sort(ix.compareIri);
  for (const p of parents)
    for (const g of (ix.parents[p] ?? []).filter((x) => usable(ix, x)).sort(ix.compareIri))
      if (unique(g, 'class')) return g;
  return parents.find((p) => unique(p, 'class')) ?? null;
}

function usable(ix: ClosureIndex, id: number): boolean {
  return ix.kindOf[id] === 'class' && !ix.deprecated.has(id) && !ix.unsat.has(id) && name(ix, id) !== ix.iri(id);
}

/** Whether the entity's name finds it and nothing else, so the dialect resolves it as written. */
function uniqueness(src: ExampleSource) {
  const ix = src.closure;
  const memo = new Map<number, boolean>();
  return (id: number, kind: 'class' | 'property'): boolean => {
    let ok = memo.get(id);
    if (ok === undefined) {
      const hits = src.lookup(name(ix, id), kind);
      memo.set(id, (ok = hits.length === 1 && hits[0].iri === ix.iri(id)));
    }
    return ok;
  };
}

function name(ix: ClosureIndex, id: number): string {
  return ix.nameOf(id).replace(/\s+/g, ' ').trim();
}

/** An IRI as SPARQL writes it: `obo:GO_0005634` when the predeclared prefix covers it, else `<…>`. */
function term(iri: string): string {
  const obo = CLOSURE_PREFIXES.find((p) => p.prefix === 'obo')!.iri;
  const local = iri.startsWith(obo) ? iri.slice(obo.length) : '';
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(local) ? `obo:${local}` : `<${iri}>`;
}

function sparqlExamples(ix: ClosureIndex, p: Pick): SparqlExample[] {
  const [A, nameA] = [term(ix.iri(p.a)), name(ix, p.a)];
  const out: SparqlExample[] = [];
  if (p.r !== null && p.b !== null) {
    const [R, B] = [term(ix.iri(p.r)), term(ix.iri(p.b))];
    const [nameR, nameB] = [name(ix, p.r), name(ix, p.b)];
    out.push(
      {
        title: `Classes with a direct “${nameR}” link to “${nameB}”`,
        query: `# Non-redundant links only: subclasses inherit them (see the next examples).\nSELECT ?class ?label WHERE {\n  ?class ${R} ${B} ;\n         rdfs:label ?label .\n} ORDER BY ?label LIMIT 100`,
      },
      {
        title: `Is “${nameA}” ${nameR} “${nameB}”, inherited links included?`,
        query: `ASK {\n  ${A} (rdfs:subClassOf|owl:equivalentClass)* ?a .\n  ?a ?r ?f .\n  ?r rdfs:subPropertyOf* ${R} .\n  ?f (rdfs:subClassOf|owl:equivalentClass)* ${B} .\n}`,
      },
    );
  }
  out.push({
    title: `Links of “${nameA}” and of its ancestors`,
    query: `SELECT DISTINCT ?relation ?filler ?fillerLabel WHERE {\n  ${A} rdfs:subClassOf* ?a .\n  ?a ?r ?filler .\n  ?r a owl:ObjectProperty ;\n     rdfs:label ?relation .\n  ?filler rdfs:label ?fillerLabel .\n} ORDER BY ?relation ?fillerLabel`,
  });
  if (p.up !== null) {
    out.push({
      title: `Direct subclasses of “${name(ix, p.up)}”`,
      query: `SELECT ?class ?label WHERE {\n  ?class rdfs:subClassOf ${term(ix.iri(p.up))} ;\n         rdfs:label ?label .\n} ORDER BY ?label`,
    });
  }
  return [...out, ...genericSparql()];
}

function genericSparql(): SparqlExample[] {
  return [
    {
      title: 'Links per relation',
      query: `SELECT ?relation ?label (COUNT(*) AS ?links) WHERE {\n  ?s ?relation ?f .\n  ?relation a owl:ObjectProperty ;\n            rdfs:label ?label .\n} GROUP BY ?relation ?label ORDER BY DESC(?links)`,
    },
    {
      title: 'Obsolete classes',
      query: `SELECT ?class ?label WHERE {\n  ?class owl:deprecated true ;\n         rdfs:label ?label .\n} ORDER BY ?label LIMIT 100`,
    },
  ];
}
