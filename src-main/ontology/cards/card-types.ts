export interface EntityRef {
  iri: string | null;
  name: string;
}

export interface CardAnnotation {
  property: string;
  value: string;
}

/** The machine form of a concept card, as `oarag card --json` prints it. */
export interface Card {
  iri: string;
  name: string;
  definition: string | null;
  parents: EntityRef[];
  children: EntityRef[];
  statedRelations: { relation: EntityRef; filler: EntityRef }[];
  annotations: CardAnnotation[];
  obsolete: boolean;
  unsatisfiable: boolean;
  /** The card exactly as the agent reads it. */
  text: string;
}
