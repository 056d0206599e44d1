import type { EntityRef } from '../cards/card-types';

/**
 * What is stated (told in the ontology's axioms) and what is inferred (ELK's classification and the
 * closure), as the concept card shows them side by side, the way Protégé marks inferred facts.
 */

/** A named class the card's class is under: stated (a told axiom says so), inferred (ELK's direct parent), or both. */
export interface MarkedParent {
  iri: string;
  name: string;
  /** A told SubClassOf, or a named conjunct of a told equivalence, puts the class under it. */
  stated: boolean;
  /** ELK's direct named superclass (the tree's is-a parent). A stated parent that is not is redundant. */
  inferred: boolean;
  unsatisfiable: boolean;
  obsolete: boolean;
}

/** A named class equivalent to the card's class: stated (EquivalentClasses(A, B)) or inferred by ELK. */
export interface MarkedEquivalent {
  iri: string;
  name: string;
  stated: boolean;
  inferred: boolean;
}

/**
 * How a link A ⊑ ∃r.B reaches the card: `stated`, a told existential of the class itself; `inferred`,
 * one of its own non-redundant entailed links that no axiom of its states; `inherited`, a link of a
 * named ancestor (`via`) that the class's own links do not already imply.
 */
export type LinkSource = 'stated' | 'inferred' | 'inherited';

export interface MarkedRelation {
  relation: EntityRef;
  /** A complex stated filler has no IRI; its name is its text. */
  filler: EntityRef;
  source: LinkSource;
  via: EntityRef | null;
}

export interface StatedInferred {
  iri: string;
  name: string;
  unsatisfiable: boolean;
  parents: MarkedParent[];
  equivalents: MarkedEquivalent[];
  relations: MarkedRelation[];
  /** Inherited links beyond those listed (a class deep in a large ontology inherits many). */
  moreInherited: number;
}

/**
 * A piece of rendered Manchester syntax: plain text (keywords, brackets, literals) or an entity; a
 * class has a card to link to, a property or an individual does not.
 */
export type AxiomSegment = { text: string } | { iri: string; name: string; kind: 'class' | 'property' | 'other' };

/** One stated axiom as the axioms panel shows it. */
export interface ClassAxiom {
  /** OWL's axiom type: SubClassOf, EquivalentClasses, DisjointClasses, … */
  type: string;
  /** Manchester syntax with the entities' names, quoted where a name is not one word: the text to copy. */
  manchester: string;
  segments: AxiomSegment[];
  /** OWL functional syntax with full IRIs (parses on its own). */
  functional: string;
  /** Constructs outside OWL 2 EL, as the load's non-el warning counts them. */
  outsideEl: string[];
  /** ELK skips the whole axiom, so nothing the workbench infers follows from it. */
  elkIgnores: boolean;
  /** It comes only from an imported document. */
  imported: boolean;
}

/** Where a class's own axiom is shown, as Protégé's class description groups them. */
export type AxiomSection = 'equivalent' | 'subclass' | 'disjoint' | 'disjoint-union' | 'instances' | 'keys' | 'gci';

export interface OwnAxiom extends ClassAxiom {
  section: AxiomSection;
  /** The other side (for SubClassOf the superclass; for an n-ary axiom the other operands), without the class. */
  expression: AxiomSegment[];
}

export interface UsageAxiom extends ClassAxiom {
  /** The named classes the axiom is about (its named subclass or named operands); empty for a general axiom. */
  about: { iri: string; name: string }[];
}

export interface ClassAxioms {
  iri: string;
  name: string;
  own: OwnAxiom[];
  /** Axioms of other classes (and general ones) that mention this class: OLS's "term usage". */
  usages: UsageAxiom[];
  /** Axioms the bridge holds for it, and how many of them came (at most 2,000). */
  total: number;
  shown: number;
}

/** Every ancestor of a class and the paths from the roots down to it, in the inferred hierarchy. */
export interface ClassLineage {
  iri: string;
  name: string;
  /** Nearest first (then by name); `distance` counts steps along the shortest way up. */
  ancestors: { iri: string; name: string; distance: number }[];
  /** Root first, the class last; at most `LINEAGE_MAX_PATHS`, in name order. */
  paths: { iri: string; name: string }[][];
  /** All paths from a root (may be far more than are listed). */
  pathCount: number;
  /** An unsatisfiable class has no inferred parents: its lineage starts from its stated parents. */
  fromStated: boolean;
}

/** Why a class is unsatisfiable: one minimal set of axioms from which C ⊑ owl:Nothing follows. */
export interface UnsatisfiableExplanation {
  iri: string;
  name: string;
  unsatisfiable: boolean;
  /** The first justification (as before). */
  axioms: UnsatJustificationAxiom[];
  /** Every justification found, up to a limit, each minimal; `more` when there may be others beyond it. */
  justifications?: UnsatJustificationAxiom[][];
  more?: boolean;
}

export interface UnsatJustificationAxiom {
  manchester: string;
  segments: AxiomSegment[];
  functional: string;
}
