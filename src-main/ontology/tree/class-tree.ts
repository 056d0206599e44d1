import { UserError } from '../../core/errors';
import type { ClosureIndex } from '../closure/closure-index';
import { buildRelationEdges, type RelationGraph } from './relation-edges';
import type { TreeChildren, TreeNode, TreePath, TreeRelation } from './tree-types';

// Names as people sort them ("cell 2" before "cell 10", case ignored); the IRI breaks ties.
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The concept browser's trees over one closure: is-a (the inferred direct named superclasses) or one
 * relation's hierarchy (relation-edges.ts). Children come sorted by name, each with its own child
 * count, so the renderer can open any node lazily.
 */
export class ClassTree {
  private edges: Map<number, RelationGraph> | undefined;
  private isaRoots: { ids: number[]; hiddenObsolete: number } | undefined;
  private readonly relationRoots = new Map<number, number[]>();

  constructor(private readonly ix: ClosureIndex) {}

  /** The relations used by the closure's links, most used first. */
  relations(): TreeRelation[] {
    const ix = this.ix;
    const counts = new Map<number, number>();
    for (let a = 1; a < ix.iriOf.length; a++) {
      if (ix.kindOf[a] !== 'class') continue;
      for (const l of ix.links[a] ?? []) if (ix.kindOf[l.r] === 'property') counts.set(l.r, (counts.get(l.r) ?? 0) + 1);
    }
    return [...counts]
      .sort(([r1, n1], [r2, n2]) => n2 - n1 || collator.compare(ix.nameOf(r1), ix.nameOf(r2)) || ix.compareIri(r1, r2))
      .map(([r, links]) => ({ iri: ix.iri(r), name: ix.nameOf(r), links, transitive: ix.transitive.has(r) }));
  }

  /** The children of `parent` (null: the roots) in the is-a tree or under `relation`. */
  children(parent: string | null, relation: string | null = null): TreeChildren {
    const r = this.relationId(relation);
    let ids: number[];
    let hiddenObsolete = 0;
    if (parent === null) {
      if (r === null) ({ ids, hiddenObsolete } = this.rootsIsA());
      else ids = this.rootsOf(r);
    } else ids = this.childIds(this.classId(parent), r);
    const out: TreeChildren = { parent, relation, nodes: this.nodes(ids, r), hiddenObsolete };
    if (parent === null && r !== null) {
      // What the view needs to say why a relation's hierarchy is empty (or smaller than its link count).
      const g = this.graph(r);
      out.edges = g ? [...g.up.values()].reduce((n, ps) => n + ps.length, 0) : 0;
      out.selfLinks = g?.selfLinks ?? 0;
    }
    return out;
  }

  /**
   * One path from a root down to `iri`: the shortest (fewest steps), found breadth-first upwards with
   * parents taken in name order, so the same class always opens the same way. A class with several
   * parents is shown under one of them; its card lists the others.
   */
  path(iri: string, relation: string | null = null): TreePath {
    const r = this.relationId(relation);
    const target = this.classId(iri);
    const parentCount = this.parentIds(target, r).length;
    const inTree = r === null || parentCount > 0 || this.childIds(target, r).length > 0;
    const below = new Map<number, number>([[target, -1]]);
    const queue = [target];
    let root = target;
    for (let i = 0; i < queue.length; i++) {
      const x = queue[i];
      root = x;
      const ups = this.sorted(this.parentIds(x, r));
      if (!ups.length) break;
      for (const p of ups) {
        if (below.has(p)) continue;
        below.set(p, x);
        queue.push(p);
      }
    }
    // Without a root (a cycle of the relation all the way up) the path starts where the search stopped.
    const ids: number[] = [];
    for (let x = root; x !== -1; x = below.get(x)!) ids.push(x);
    return { iri, relation, path: this.nodes(ids, r, false), parentCount, inTree };
  }

  private rootsIsA(): { ids: number[]; hiddenObsolete: number } {
    if (this.isaRoots) return this.isaRoots;
    const ix = this.ix;
    const ids: number[] = [];
    let hiddenObsolete = 0;
    for (let a = 1; a < ix.iriOf.length; a++) {
      if (ix.kindOf[a] !== 'class' || this.parentIds(a, null).length) continue;
      if (ix.deprecated.has(a)) hiddenObsolete++;
      else ids.push(a);
    }
    return (this.isaRoots = { ids, hiddenObsolete });
  }

  /** Under a relation: the classes with children and no parents. */
  private rootsOf(r: number): number[] {
    let roots = this.relationRoots.get(r);
    if (!roots) {
      const g = this.graph(r);
      roots = g ? [...g.down.keys()].filter((b) => !g.up.has(b)) : [];
      this.relationRoots.set(r, roots);
    }
    return roots;
  }

  private childIds(x: number, r: number | null): number[] {
    if (r !== null) return this.graph(r)?.down.get(x) ?? [];
    const ix = this.ix;
    const kids = ix.children[x] ?? [];
    // Fillers hang under their named parents in the index; the tree shows named classes only.
    return kids.every((c) => ix.kindOf[c] === 'class') ? kids : kids.filter((c) => ix.kindOf[c] === 'class');
  }

  private parentIds(x: number, r: number | null): number[] {
    if (r !== null) return this.graph(r)?.up.get(x) ?? [];
    const ix = this.ix;
    const ps = ix.parents[x] ?? [];
    return ps.every((p) => ix.kindOf[p] === 'class') ? ps : ps.filter((p) => ix.kindOf[p] === 'class');
  }

  private nodes(ids: readonly number[], r: number | null, sort = true): TreeNode[] {
    const ix = this.ix;
    return (sort ? this.sorted(ids) : ids).map((id) => ({
      iri: ix.iri(id),
      name: ix.nameOf(id),
      childCount: this.childIds(id, r).length,
      obsolete: ix.deprecated.has(id),
      unsatisfiable: ix.unsat.has(id),
    }));
  }

  private sorted(ids: readonly number[]): number[] {
    const ix = this.ix;
    return [...new Set(ids)].sort((a, b) => collator.compare(ix.nameOf(a), ix.nameOf(b)) || ix.compareIri(a, b));
  }

  private graph(r: number): RelationGraph | undefined {
    return (this.edges ??= buildRelationEdges(this.ix)).get(r);
  }

  private classId(iri: string): number {
    const id = this.ix.id(iri);
    if (id === undefined || this.ix.kindOf[id] !== 'class')
      throw new UserError('unknown-name', 'No class has that IRI in this ontology.');
    return id;
  }

  private relationId(iri: string | null): number | null {
    if (iri === null) return null;
    const id = this.ix.id(iri);
    if (id === undefined || this.ix.kindOf[id] !== 'property')
      throw new UserError('unknown-name', 'No object property has that IRI in this ontology.');
    return id;
  }
}

const trees = new WeakMap<ClosureIndex, ClassTree>();

/** The tree of a closure, kept as long as the closure is (the relation edges are built once). */
export function classTreeOf(ix: ClosureIndex): ClassTree {
  let t = trees.get(ix);
  if (!t) trees.set(ix, (t = new ClassTree(ix)));
  return t;
}
