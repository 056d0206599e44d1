import type Database from 'better-sqlite3';
import { compareCodeUnits } from '../../core/compare';
import { DownGraph } from './down-graph';

interface Link {
  r: number;
  f: number;
}

/**
 * The non-redundant closure in memory, expanded at query time (docs/bridge-protocol.md):
 * O ⊨ A ⊑ ∃r.B iff some A' ∈ anc*(A) has a link (r', F) with r' ⊑* r and B ∈ anc*(F).
 * Entity ids are the SQLite ids; arrays are indexed by id.
 */
export class ClosureIndex {
  readonly iriOf: string[] = [];
  readonly idOf = new Map<string, number>();
  readonly kindOf: string[] = [];
  readonly names: string[] = [];
  readonly parents: number[][] = [];
  readonly children: number[][] = [];
  readonly equivalents: number[][] = [];
  readonly links: Link[][] = [];
  readonly linksByFiller: { s: number; r: number }[][] = [];
  readonly unsat = new Set<number>();
  readonly deprecated = new Set<number>();
  readonly propParents: number[][] = [];
  readonly propChildren: number[][] = [];
  readonly reflexive = new Set<number>();
  readonly transitive = new Set<number>();
  private readonly ancCache = new Map<number, Set<number>>();
  private readonly propAncCache = new Map<number, Set<number>>();

  static fromDb(db: Database.Database): ClosureIndex {
    const ix = new ClosureIndex();
    for (const row of db
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
      ix.iriOf[row.id] = row.iri;
      ix.names[row.id] = row.name;
      ix.kindOf[row.id] = row.kind;
      ix.idOf.set(row.iri, row.id);
      if (row.unsat) ix.unsat.add(row.id);
      if (row.deprecated) ix.deprecated.add(row.id);
      if (row.reflexive) ix.reflexive.add(row.id);
      if (row.transitive) ix.transitive.add(row.id);
    }
    // Filled up front: an array first written at a high index falls back to slow dictionary
    // elements in V8 (equivalents, written for a few classes only, did), and every walk reads them.
    const n = ix.iriOf.length;
    for (const arr of [
      ix.parents,
      ix.children,
      ix.equivalents,
      ix.links,
      ix.linksByFiller,
      ix.propParents,
      ix.propChildren,
    ] as unknown[][]) {
      while (arr.length < n) arr.push(undefined);
    }
    const push = <T>(arr: T[][], i: number, v: T) => (arr[i] ??= []).push(v);
    for (const r of db.prepare('SELECT child, parent FROM parent').raw().iterate() as Iterable<[number, number]>) {
      push(ix.parents, r[0], r[1]);
      push(ix.children, r[1], r[0]);
    }
    for (const r of db.prepare('SELECT a, b FROM equiv').raw().iterate() as Iterable<[number, number]>)
      push(ix.equivalents, r[0], r[1]);
    for (const r of db.prepare('SELECT s, r, f FROM link').raw().iterate() as Iterable<[number, number, number]>) {
      push(ix.links, r[0], { r: r[1], f: r[2] });
      push(ix.linksByFiller, r[2], { s: r[0], r: r[1] });
    }
    for (const r of db.prepare('SELECT child, parent FROM prop_parent').raw().iterate() as Iterable<[number, number]>) {
      push(ix.propParents, r[0], r[1]);
      push(ix.propChildren, r[1], r[0]);
    }
    return ix;
  }

  /** anc*(x): x, its equivalents, and everything above them (for a filler, its named parents up). */
  ancestors(id: number): Set<number> {
    const hit = this.ancCache.get(id);
    if (hit) return hit;
    const out = reach(id, this.equivalents, this.parents);
    if (this.ancCache.size > 200_000) this.ancCache.clear();
    this.ancCache.set(id, out);
    return out;
  }

  /** r ⊑* s over the told property hierarchy. */
  superProperties(id: number): Set<number> {
    const hit = this.propAncCache.get(id);
    if (hit) return hit;
    const out = reach(id, this.propParents);
    this.propAncCache.set(id, out);
    return out;
  }

  isSubClassOf(a: number, b: number): boolean {
    return this.unsat.has(a) || this.ancestors(a).has(b);
  }

  isEntailed(a: number, r: number, b: number): boolean {
    if (this.unsat.has(a)) return true;
    const anc = this.ancestors(a);
    for (const x of anc) {
      for (const l of this.links[x] ?? []) {
        if (this.superProperties(l.r).has(r) && this.ancestors(l.f).has(b)) return true;
      }
    }
    if (anc.has(b)) {
      for (const rr of this.reflexive) if (this.superProperties(rr).has(r)) return true;
    }
    return false;
  }

  /** desc*(x): x, its equivalents and everything below them, fillers included. */
  descendants(id: number): Set<number> {
    return reach(id, this.equivalents, this.children);
  }

  /** The downward graph as typed arrays, for walks over tens of thousands of classes (SELECT). */
  get down(): DownGraph {
    return (this.downGraph ??= new DownGraph(this));
  }

  private downGraph: DownGraph | undefined;

  /** s with r ⊑* s reversed: every property below r, r included. */
  subProperties(id: number): Set<number> {
    return reach(id, this.propChildren);
  }

  /** Length of the longest path up to a root; orders answers from specific to general. */
  depth(id: number): number {
    const memo = this.depthMemo;
    const stack: number[] = [id];
    // Direct parents form a DAG (equivalents share a node), so this ends; the guard is for damaged caches.
    let guard = 0;
    while (stack.length && guard++ < 10_000_000) {
      const x = stack[stack.length - 1];
      if (memo.has(x)) {
        stack.pop();
        continue;
      }
      const ps = this.parents[x] ?? [];
      let ready = true;
      for (const p of ps) {
        if (!memo.has(p)) {
          stack.push(p);
          ready = false;
        }
      }
      if (ready) {
        let d = 0;
        for (const p of ps) d = Math.max(d, memo.get(p)! + 1);
        memo.set(x, d);
        stack.pop();
      }
    }
    return memo.get(id) ?? 0;
  }

  private readonly depthMemo = new Map<number, number>();

  nameOf(id: number): string {
    return this.names[id] ?? this.iriOf[id] ?? String(id);
  }

  iri(id: number): string {
    return this.iriOf[id];
  }

  /**
   * Orders ids by IRI. Ids follow the order the bridge listed entities in, which changes between loads
   * of the same file, so anything that must repeat (seeded sampling, generation) orders by IRI instead.
   */
  readonly compareIri = (x: number, y: number): number => compareCodeUnits(this.iriOf[x], this.iriOf[y]);

  id(iri: string): number | undefined {
    return this.idOf.get(iri);
  }
}

/** Everything reachable from `start` along any of the given adjacency lists, `start` included. */
function reach(start: number, ...edges: number[][][]): Set<number> {
  const out = new Set<number>([start]);
  const stack = [start];
  while (stack.length) {
    const x = stack.pop()!;
    for (const adj of edges) {
      for (const y of adj[x] ?? []) {
        if (!out.has(y)) {
          out.add(y);
          stack.push(y);
        }
      }
    }
  }
  return out;
}
