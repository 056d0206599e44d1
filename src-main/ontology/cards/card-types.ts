export interface EntityRef {
  iri: string | null;
  name: string;
}

export type SynonymScope = 'exact' | 'narrow' | 'broad' | 'related' | 'synonym';

export interface CardAnnotation {
  /** The property's readable name ("exact synonym", "replaced by"). */
  property: string;
  value: string;
  propertyIri?: string;
  lang?: string;
  /** A synonym's scope. */
  scope?: SynonymScope;
  /** The class (or property) an IRI or ID value names in this ontology, to link to by its name. */
  link?: { iri: string; name: string };
  /** A readable name for an IRI value that names no entity here (a subset, an obsolescence reason). */
  valueName?: string;
  /** Annotations on this annotation, such as a definition's sources. */
  notes?: { property: string; value: string }[];
}

/** Card annotations are shown in these groups, in this order. */
export type CardGroup = 'definition' | 'synonyms' | 'xrefs' | 'subsets' | 'other';

export interface CardSection {
  group: CardGroup;
  title: string;
  /** Sorted: synonyms by scope then text, others by property name then value. */
  entries: CardAnnotation[];
}

/** The machine form of a concept card, as `oarag card --json` prints it. */
export interface Card {
  iri: string;
  name: string;
  definition: string | null;
  parents: EntityRef[];
  children: EntityRef[];
  statedRelations: { relation: EntityRef; filler: EntityRef }[];
  /** Every annotation but the definitions and the one the name was taken from, in the order of `sections`. */
  annotations: CardAnnotation[];
  /** The annotations grouped for reading; empty groups are left out. */
  sections: CardSection[];
  obsolete: boolean;
  /** For an obsolete class: the live terms that replace it, and those to consider instead. */
  replacedBy: EntityRef[];
  consider: EntityRef[];
  unsatisfiable: boolean;
  /** The import IRI the term comes from, when an imported document declares it; absent for the loaded file's own. */
  source?: string;
  /** The card exactly as the agent reads it. */
  text: string;
}
