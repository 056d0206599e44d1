import { UserError } from '../../core/errors';
import type { ClosureIndex } from '../closure/closure-index';
import type { ToldIndex } from '../stated/told-index';
import type { TreeChildren, TreeNode, TreePath } from './tree-types';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The asserted hierarchy, as Protégé's "asserted" class tree shows it: each class under the named
 * classes its axioms state it is under (stated/told-index.ts), whatever ELK infers. Roots are the
 * classes stated under none; obsolete ones among them are counted, not listed, as in the inferred tree.
 */
export class ToldTree {
  private roots: { ids: number[]; hiddenObsolete: number } | undefined;

  constructor(
    private readonly ix: ClosureIndex,
    private readonly told: ToldIndex,
  ) {}

  children(parent: string | null): TreeChildren {
    if (parent !== null) return this.wrap(parent, this.nodes(this.told.childrenOf(this.classId(parent))), 0);
    this.roots ??= this.findRoots();
    return this.wrap(null, this.nodes(this.roots.ids), this.roots.hiddenObsolete);
  }

  /** The shortest way down from a root to the class, parents taken in name order (as the inferred tree does). */
  path(iri: string): TreePath {
    const target = this.classId(iri);
    const below = new Map<number, number>([[target, -1]]);
    const queue = [target];
    let root = target;
    for (let i = 0; i < queue.length; i++) {
      const x = queue[i];
      root = x;
      const ups = this.sorted(this.told.parentsOf(x));
      if (!ups.length) break;
      for (const p of ups) {
        if (below.has(p)) continue;
        below.set(p, x);
        queue.push(p);
      }
    }
    const ids: number[] = [];
    for (let x = root; x !== -1; x = below.get(x)!) ids.push(x);
    return {
      iri,
      relation: null,
      path: this.nodes(ids, false),
      parentCount: this.told.parentsOf(target).length,
      inTree: true,
    };
  }

  private findRoots(): { ids: number[]; hiddenObsolete: number } {
    const ix = this.ix;
    const ids: number[] = [];
    let hiddenObsolete = 0;
    for (let a = 1; a < ix.iriOf.length; a++) {
      if (ix.kindOf[a] !== 'class' || this.told.parentsOf(a).length) continue;
      if (ix.deprecated.has(a)) hiddenObsolete++;
      else ids.push(a);
    }
    return { ids, hiddenObsolete };
  }

  private wrap(parent: string | null, nodes: TreeNode[], hiddenObsolete: number): TreeChildren {
    return { parent, relation: null, hierarchy: 'stated', nodes, hiddenObsolete };
  }

  private nodes(ids: readonly number[], sort = true): TreeNode[] {
    const ix = this.ix;
    return (sort ? this.sorted(ids) : ids).map((id) => ({
      iri: ix.iri(id),
      name: ix.nameOf(id),
      childCount: this.told.childrenOf(id).length,
      obsolete: ix.deprecated.has(id),
      unsatisfiable: ix.unsat.has(id),
    }));
  }

  private sorted(ids: readonly number[]): number[] {
    const ix = this.ix;
    return [...new Set(ids)].sort((a, b) => collator.compare(ix.nameOf(a), ix.nameOf(b)) || ix.compareIri(a, b));
  }

  private classId(iri: string): number {
    const id = this.ix.id(iri);
    if (id === undefined || this.ix.kindOf[id] !== 'class')
      throw new UserError('unknown-name', 'No class has that IRI in this ontology.');
    return id;
  }
}
