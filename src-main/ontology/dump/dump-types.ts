/** Records of the bridge's `extract` dump; see docs/bridge-protocol.md. */

export interface Ann {
  p: string;
  v: string;
  lang?: string;
  dt?: string;
  ref?: true;
  ann?: Ann[];
}

export interface OntologyRecord {
  t: 'ontology';
  iri: string | null;
  versionIri: string | null;
  annotations: Ann[];
}

export interface AnnotationPropertyRecord {
  t: 'annotationProperty';
  iri: string;
  label: string | null;
}

export interface PropertyRecord {
  t: 'property';
  iri: string;
  annotations: Ann[];
  deprecated: boolean;
  transitive: boolean;
  reflexive: boolean;
  parents: string[];
  chains: string[][];
  ranges?: string[];
}

export interface ClassRecord {
  t: 'class';
  iri: string;
  annotations: Ann[];
  deprecated: boolean;
}

export interface StatedRecord {
  t: 'stated';
  s: string;
  r: string;
  f: string | null;
  text: string;
  kind: 'sub' | 'equiv';
}

export interface HierRecord {
  t: 'hier';
  c: string;
  parents: string[];
  equivalents: string[];
}

export interface UnsatRecord {
  t: 'unsat';
  c: string;
}

export interface FillerRecord {
  t: 'filler';
  iri: string;
  text: string;
  parents: string[];
  unsat?: boolean;
}

export interface LinkRecord {
  t: 'link';
  s: string;
  r: string;
  f: string;
}

export interface StatsRecord {
  t: 'stats';
  [k: string]: unknown;
}

/** In a delta dump only: the group of this kind and subject is no longer there (docs/bridge-protocol.md). */
export interface GoneRecord {
  t: 'gone';
  k: string;
  s: string;
}

export type DumpRecord =
  | OntologyRecord
  | AnnotationPropertyRecord
  | PropertyRecord
  | ClassRecord
  | StatedRecord
  | HierRecord
  | UnsatRecord
  | FillerRecord
  | LinkRecord
  | StatsRecord;
