import type { ClosureIndex } from '../closure/closure-index';
import { OWL } from '../names/vocabulary';
import type { ToldIndex } from '../stated/told-index';
import type { TreeChildren, TreeNode, TreePath } from './tree-types';

export const OWL_NOTHING = OWL + 'Nothing';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Unsatisfiable classes in the inferred is-a tree. ELK gives them no parents (each is equivalent to
 * owl:Nothing, below everything), so the plain tree listed them as roots, as if top-level. Here they
 * leave the roots for an owl:Nothing node at the end, which lists them all, and each also appears
 * under the classes its axioms state it is under, marked `statedOnly` (the reasoner does not put it there).
 */
export class UnsatPlacement {
  /** Stated parent → the unsatisfiable classes stated under it. */
  private readonly under = new Map<number, number[]>();

  constructor(
    private readonly ix: ClosureIndex,
    told: ToldIndex,
  ) {
    for (const u of ix.unsat) {
      if (ix.kindOf[u] !== 'class') continue;
      for (const p of told.parentsOf(u)) {
        const list = this.under.get(p);
        if (list) list.push(u);
        else this.under.set(p, [u]);
      }
    }
  }

  /** The roots without the unsatisfiable classes, with owl:Nothing after them. */
  roots(base: TreeChildren): TreeChildren {
    const unsatHidden = [...this.ix.unsat].filter((u) => this.ix.deprecated.has(u) && !this.ix.parents[u]?.length);
    const nodes = base.nodes.filter((n) => !n.unsatisfiable).map((n) => this.counted(n));
    return {
      ...base,
      nodes: [...nodes, this.nothing()],
      hiddenObsolete: Math.max(0, base.hiddenObsolete - unsatHidden.length),
    };
  }

  /** Every unsatisfiable class, flat, under owl:Nothing. */
  nothingChildren(): TreeChildren {
    const nodes = this.sorted([...this.ix.unsat]).map((u) => ({ ...this.node(u), childCount: 0 }));
    return { parent: OWL_NOTHING, relation: null, hierarchy: 'inferred', nodes, hiddenObsolete: 0 };
  }

  /** A class's inferred children, and the unsatisfiable classes stated under it. */
  children(base: TreeChildren, parentId: number): TreeChildren {
    const stated = (this.under.get(parentId) ?? []).map((u) => ({ ...this.node(u), statedOnly: true as const }));
    if (!stated.length) return { ...base, nodes: base.nodes.map((n) => this.counted(n)) };
    const nodes = [...base.nodes.map((n) => this.counted(n)), ...stated].sort(
      (a, b) => collator.compare(a.name, b.name) || (a.iri < b.iri ? -1 : a.iri > b.iri ? 1 : 0),
    );
    return { ...base, nodes };
  }

  /** An unsatisfiable class is revealed under owl:Nothing; others along the inferred path. */
  path(base: TreePath, id: number): TreePath {
    if (!this.ix.unsat.has(id)) return { ...base, path: base.path.map((n) => this.counted(n)) };
    return {
      ...base,
      path: [this.nothing(), { ...this.node(id), childCount: 0 }],
      parentCount: 1 + [...this.under.values()].filter((l) => l.includes(id)).length,
      inTree: true,
    };
  }

  private nothing(): TreeNode {
    return {
      iri: OWL_NOTHING,
      name: 'owl:Nothing',
      childCount: this.ix.unsat.size,
      obsolete: false,
      unsatisfiable: true,
    };
  }

  /** A node's child count with the unsatisfiable classes stated under it. */
  private counted(n: TreeNode): TreeNode {
    const id = this.ix.id(n.iri);
    const extra = id === undefined ? 0 : (this.under.get(id)?.length ?? 0);
    return extra ? { ...n, childCount: n.childCount + extra } : n;
  }

  private node(id: number): TreeNode {
    const ix = this.ix;
    return {
      iri: ix.iri(id),
      name: ix.nameOf(id),
      childCount: this.under.get(id)?.length ?? 0,
      obsolete: ix.deprecated.has(id),
      unsatisfiable: true,
    };
  }

  private sorted(ids: number[]): number[] {
    const ix = this.ix;
    return ids.sort((a, b) => collator.compare(ix.nameOf(a), ix.nameOf(b)) || ix.compareIri(a, b));
  }
}
