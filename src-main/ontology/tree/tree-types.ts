/** One class in a hierarchy tree: enough to draw its row and to know whether it can be expanded. */
export interface TreeNode {
  iri: string;
  name: string;
  /** Its children in the same hierarchy (is-a, or the chosen relation). */
  childCount: number;
  obsolete: boolean;
  unsatisfiable: boolean;
  /**
   * Under this parent only because an axiom states it: an unsatisfiable class, which the reasoner puts
   * under owl:Nothing alone, shown under its stated parents too.
   */
  statedOnly?: true;
  /** The import IRI the class comes from; absent for the loaded file's own classes. */
  source?: string;
}

/** The inferred class hierarchy (ELK's) or the asserted one (the classes each axiom states a class is under). */
export type TreeHierarchy = 'inferred' | 'stated';

/** The children of a class, or the roots (parent null), sorted by name. */
export interface TreeChildren {
  parent: string | null;
  /** The relation's IRI; null for is-a. */
  relation: string | null;
  /** Which is-a hierarchy (absent: inferred); a relation's hierarchy is always what the closure entails. */
  hierarchy?: TreeHierarchy;
  nodes: TreeNode[];
  /** Roots only: obsolete classes without parents, left out of the list (an OBO file has hundreds). */
  hiddenObsolete: number;
  /** Roots under a relation: the hierarchy's direct edges A → B between two classes. */
  edges?: number;
  /**
   * Roots under a relation: classes whose direct link of it is to themselves, A ⊑ ∃r.A (what `r some
   * Self` entails). Such links draw no edge: a relation with only these has no hierarchy and no roots.
   */
  selfLinks?: number;
}

/** One way from a root down to a class: the tree opens along it to reveal the class. */
export interface TreePath {
  iri: string;
  relation: string | null;
  /** Root first, the class last. */
  path: TreeNode[];
  /** How many parents the class has in this hierarchy; the path follows one of them. */
  parentCount: number;
  /** False when, under a relation, the class has neither parents nor children (the path is the class alone). */
  inTree: boolean;
}

/** A relation whose hierarchy can be shown: one that occurs in the closure's existential links. */
export interface TreeRelation {
  iri: string;
  name: string;
  /** Non-redundant links in the closure with this property (before the transitive reduction). */
  links: number;
  transitive: boolean;
}
