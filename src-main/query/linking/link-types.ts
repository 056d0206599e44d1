export interface LinkedEntity {
  id: number;
  iri: string;
  name: string;
}

export interface NameCandidate {
  name: string;
  iri: string;
  score: number;
  /** Disambiguating detail: CURIE and a parent. */
  detail?: string;
}

export type LinkResult =
  | { status: 'ok'; entity: LinkedEntity; via: string }
  | { status: 'ambiguous'; text: string; candidates: NameCandidate[] }
  | { status: 'unknown'; text: string; candidates: NameCandidate[] };
