/** One owl:imports as the bridge reports it (load/ImportTree.java). */
export interface ImportEntryInfo {
  iri: string;
  /** The import IRI of the ontology that declares it; null for the loaded file. */
  parent: string | null;
  path: string | null;
  origin: 'catalog' | 'folder' | 'file' | null;
  classes: number;
  axioms: number;
  /** Classes and object properties first declared by this document. */
  terms: string[];
}

/** Where an import came from, as the imports view and `load --json` show it. */
export type ImportOrigin = 'catalog' | 'folder' | 'file' | 'skipped';

export interface ImportNode {
  iri: string;
  path: string | null;
  origin: ImportOrigin;
  /** Why it was skipped (the load's warning), or null. */
  reason: string | null;
  /** Classes in its signature and axioms it holds (0 when skipped). */
  classes: number;
  axioms: number;
  /** Terms it brings that the loaded file does not declare. */
  terms: number;
  children: ImportNode[];
}

export interface ImportsSummary {
  catalog: string | null;
  catalogFrom: 'given' | 'found' | null;
  tree: ImportNode[];
}
