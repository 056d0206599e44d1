import type { OntologyHandle } from '../ontology-handle';
import type { StatedService } from '../stated/stated-service';
import { ToldIndex } from '../stated/told-index';
import { classTreeOf } from './class-tree';
import { ToldTree } from './told-tree';
import type { TreeChildren, TreeHierarchy, TreePath } from './tree-types';
import { OWL_NOTHING, UnsatPlacement } from './unsat-placement';

const toldTrees = new WeakMap<ToldIndex, ToldTree>();
const placements = new WeakMap<ToldIndex, UnsatPlacement>();

/**
 * The concept tree's three views over one ontology: the inferred is-a tree (with its unsatisfiable
 * classes under owl:Nothing and their stated parents), the asserted is-a tree, and a relation's
 * hierarchy (class-tree.ts). The first two need the asserted hierarchy from the bridge: the inferred
 * tree only when the ontology has unsatisfiable classes.
 */
export class TreeService {
  constructor(private readonly stated: StatedService) {}

  async children(
    h: OntologyHandle,
    iri: string | null,
    relation: string | null,
    hierarchy: TreeHierarchy = 'inferred',
    signal?: AbortSignal,
  ): Promise<TreeChildren> {
    const base = classTreeOf(h.closure);
    if (relation !== null) return base.children(iri, relation);
    if (hierarchy === 'stated') return this.toldTree(h, await this.stated.toldIndex(h, signal)).children(iri);
    const place = await this.placement(h, signal);
    if (!place) return base.children(iri, null);
    if (iri === null) return place.roots(base.children(null, null));
    if (iri === OWL_NOTHING) return place.nothingChildren();
    return place.children(base.children(iri, null), h.closure.id(iri)!);
  }

  async path(
    h: OntologyHandle,
    iri: string,
    relation: string | null,
    hierarchy: TreeHierarchy = 'inferred',
    signal?: AbortSignal,
  ): Promise<TreePath> {
    const base = classTreeOf(h.closure);
    if (relation !== null) return base.path(iri, relation);
    if (hierarchy === 'stated') return this.toldTree(h, await this.stated.toldIndex(h, signal)).path(iri);
    const place = await this.placement(h, signal);
    const path = base.path(iri, null);
    return place ? place.path(path, h.closure.id(iri)!) : path;
  }

  private toldTree(h: OntologyHandle, told: ToldIndex): ToldTree {
    let t = toldTrees.get(told);
    if (!t) toldTrees.set(told, (t = new ToldTree(h.closure, told)));
    return t;
  }

  /**
   * Where the unsatisfiable classes go, if there are any. Without the asserted hierarchy (the file
   * changed on disk since it was loaded, or the bridge failed) they still leave the roots for
   * owl:Nothing; only their places under their stated parents are missing.
   */
  private async placement(h: OntologyHandle, signal?: AbortSignal): Promise<UnsatPlacement | null> {
    if (!h.closure.unsat.size) return null;
    const told = await this.stated.toldIndex(h, signal).catch((e: unknown) => {
      if (signal?.aborted) throw e;
      return null;
    });
    if (!told) return new UnsatPlacement(h.closure, new ToldIndex());
    let p = placements.get(told);
    if (!p) placements.set(told, (p = new UnsatPlacement(h.closure, told)));
    return p;
  }
}
