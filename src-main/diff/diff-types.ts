import type { SynonymScope } from '../ontology/cards/card-types';

/**
 * The shape of a diff between two versions of an ontology, as `oarag diff --json` prints it and the
 * API returns it. Bump DIFF_FORMAT_VERSION when a field changes meaning or goes away; adding a change
 * kind or an optional field does not bump it.
 */
export const DIFF_FORMAT_VERSION = 1;

/**
 * Every kind of change, in the order the report lists them. Each kind is the set difference of one
 * relation of the two closures (see version-snapshot.ts), so a kind and its opposite never overlap.
 */
export const CHANGE_KINDS = [
  'class-added',
  'class-removed',
  'class-obsoleted',
  'class-unobsoleted',
  'label-changed',
  'parent-added',
  'parent-removed',
  'link-added',
  'link-removed',
  'equivalence-added',
  'equivalence-removed',
  'unsatisfiable-gained',
  'unsatisfiable-lost',
] as const;

/**
 * Annotation changes, compared with `--annotations` (annotation-snapshot.ts), for classes in both
 * versions (a class added or removed says so once). After the closure kinds, in this order.
 */
export const ANNOTATION_CHANGE_KINDS = [
  'definition-added',
  'definition-removed',
  'definition-changed',
  'synonym-added',
  'synonym-removed',
  'xref-added',
  'xref-removed',
  'annotation-added',
  'annotation-removed',
] as const;

export type ClosureChangeKind = (typeof CHANGE_KINDS)[number];
export type AnnotationChangeKind = (typeof ANNOTATION_CHANGE_KINDS)[number];
export type ChangeKind = ClosureChangeKind | AnnotationChangeKind;

/** A class or property as the report names it: its name in the version it is read from. */
export interface DiffEntity {
  iri: string;
  /** `GO:0005634` for OBO PURLs, otherwise null. */
  curie: string | null;
  name: string;
}

interface ClassChange {
  kind: 'class-added' | 'class-removed' | 'class-obsoleted' | 'class-unobsoleted';
  class: DiffEntity;
}

interface LabelChange {
  kind: 'label-changed';
  class: DiffEntity;
  old: string;
  new: string;
}

/** `parent` is an inferred direct named superclass of `class`. */
interface ParentChange {
  kind: 'parent-added' | 'parent-removed';
  class: DiffEntity;
  parent: DiffEntity;
}

/** class ⊑ ∃relation.filler, non-redundant (see ontology/closure/named-links.ts). */
interface LinkChange {
  kind: 'link-added' | 'link-removed';
  class: DiffEntity;
  relation: DiffEntity;
  filler: DiffEntity;
  /**
   * The other version entails it too, only as a consequence of a more specific or inherited link: an
   * added link that was already entailed, or a removed one that still is. Only its redundancy changed.
   */
  bothEntail: boolean;
}

/** class ≡ other, with class before other in IRI order. */
interface EquivalenceChange {
  kind: 'equivalence-added' | 'equivalence-removed';
  class: DiffEntity;
  other: DiffEntity;
}

interface UnsatisfiableChange {
  kind: 'unsatisfiable-gained' | 'unsatisfiable-lost';
  class: DiffEntity;
}

/** Definitions compared as one text per class (several are joined by "; ", in text order). */
interface DefinitionChange {
  kind: 'definition-added' | 'definition-removed' | 'definition-changed';
  class: DiffEntity;
  /** null for an added definition. */
  old: string | null;
  /** null for a removed definition. */
  new: string | null;
}

/** A synonym with its scope; a scope changed is one synonym removed and one added. */
interface SynonymChange {
  kind: 'synonym-added' | 'synonym-removed';
  class: DiffEntity;
  synonym: string;
  scope: SynonymScope;
  lang: string | null;
}

interface XrefChange {
  kind: 'xref-added' | 'xref-removed';
  class: DiffEntity;
  xref: string;
}

/**
 * Any other annotation of a class (comments, subsets, replaced_by, consider, …); labels are compared
 * as the class's name (label-changed), owl:deprecated as class-obsoleted.
 */
interface OtherAnnotationChange {
  kind: 'annotation-added' | 'annotation-removed';
  class: DiffEntity;
  property: { iri: string; name: string };
  value: string;
  lang: string | null;
}

export type DiffChange =
  | ClassChange
  | LabelChange
  | ParentChange
  | LinkChange
  | EquivalenceChange
  | UnsatisfiableChange
  | DefinitionChange
  | SynonymChange
  | XrefChange
  | OtherAnnotationChange;

/** One side of the comparison, without paths (a report may be shared; paths say where it was made). */
export interface DiffSide {
  file: string;
  title: string | null;
  ontologyIri: string | null;
  classes: number;
}

export interface DiffReport {
  version: typeof DIFF_FORMAT_VERSION;
  old: DiffSide;
  new: DiffSide;
  /** The IRI prefixes changes were kept for (a change is kept when its class starts with one); empty keeps all. */
  namespaces: string[];
  /** Whether annotations were compared (definitions, synonyms, xrefs, other annotations); absent: not. */
  annotations?: boolean;
  /** Every kind compared, zeros included: the closure kinds always, the annotation kinds when compared. */
  counts: Record<ClosureChangeKind, number> & Partial<Record<AnnotationChangeKind, number>>;
  /**
   * Sorted by kind (CHANGE_KINDS, then ANNOTATION_CHANGE_KINDS), then by the IRIs of class, relation and
   * the other entity (annotations: by class IRI, then property and value).
   */
  changes: DiffChange[];
}

/** A diff as the API returns it: exact counts, and at most `shownPerKind` changes of each kind when set. */
export interface DiffOutcome {
  /** The ontology ids of the two versions (the new one may have been opened for the diff). */
  oldId: string;
  newId: string;
  report: DiffReport;
  /** Set when a kind had more changes than the report carries (diff.export writes them all); else null. */
  shownPerKind: number | null;
  /** Set when the old version is the new one's file as committed at this revision (oldId is then empty). */
  rev?: string;
}
