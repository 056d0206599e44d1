/** Which part of the source axiom A ⊑ ∃r.B an MCQ masks. */
export type Slot = 'subject' | 'relation' | 'filler';

/**
 * Gold evidence: what decides an item. `axiom` is an entailed statement subject ⊑ ∃relation.filler
 * (IRIs); `card` is a concept card. An MCQ lists one axiom per gold option (the source axiom with the
 * option substituted); an OQ lists, per condition, the entailment that makes the seed concept an answer.
 */
export type EvidenceRef =
  { kind: 'axiom'; subject: string; relation: string; filler: string } | { kind: 'card'; iri: string };

export interface McqOption {
  key: string;
  iri: string;
  name: string;
}

export interface McqItem {
  id: string;
  ontology: string;
  /** A Test 2 item: the file it was first built from (`ontology` is then the revised file it belongs to). */
  derivedFrom?: string;
  kind: 'mcq';
  question: string;
  options: McqOption[];
  gold: string[];
  slot: Slot;
  axiom: { subject: string; relation: string; filler: string };
  evidence: EvidenceRef[];
  /**
   * Non-gold options (keys) no reasoner proved wrong: with a DL reasoner, those the deadline left
   * UNKNOWN; with ELK alone, those resting on a class named in an axiom outside OWL 2 EL. Choosing one
   * earns no credit: the item is undetermined, never correct. Absent when none.
   */
  unsure?: string[];
}

export interface OqItem {
  id: string;
  ontology: string;
  /** A Test 2 item: the file it was first built from (`ontology` is then the revised file it belongs to). */
  derivedFrom?: string;
  kind: 'oq';
  question: string;
  root: string;
  conditions: { relation: string; filler: string }[];
  n: number;
  answers: { iri: string; name: string }[];
  evidence: EvidenceRef[];
  /**
   * Branch members outside the answers that might still meet the conditions: no reasoner settled the
   * NOT ENTAILED that keeps them out (see McqItem.unsure). Naming one is neither right nor wrong.
   */
  unsure?: { iri: string; name: string }[];
  /**
   * How complete the answers are: true when every branch member was decided (no unsure member, none
   * left unlisted); false when some might still be answers. Absent in datasets made before it.
   */
  complete?: boolean;
}

export type DatasetItem = McqItem | OqItem;

export interface GenerateStats {
  ontology: string;
  seed: number;
  mcq: {
    requested: number;
    generated: number;
    bySlot: Record<Slot, number>;
    byGoldCount: Record<string, number>;
    sourceAxioms: number;
    /** The branch whose classes are the items' subjects (--root); null: the whole ontology. */
    root?: { iri: string; name: string } | null;
  };
  oq: {
    requested: number;
    generated: number;
    byConditions: Record<string, number>;
    root: { iri: string; name: string } | null;
    branchSize: number;
    meanAnswers: number;
    maxAnswers: number;
  };
  seconds: { mcq: number; oq: number; total: number };
}

export interface GeneratedDataset {
  items: DatasetItem[];
  warnings: string[];
  stats: GenerateStats;
}

export interface ReviseChange {
  iri: string;
  name: string;
  removed: string[];
  added: string[];
}

export interface ReviseReport {
  ontology: string;
  format: string;
  classesChanged: number;
  restrictionsRemoved: number;
  /** Distinct restrictions moved into definitions (a restriction stated twice in the source counts once). */
  distinctRestrictions: number;
  /** Restriction statements that repeated one already removed from the same class. */
  statedTwice: number;
  /** Axioms removed entirely (nothing but existentials on their right-hand side). */
  axiomsRemoved: number;
  /** Axioms rewritten to A ⊑ D. */
  axiomsRewritten: number;
  items?: number;
  kept?: number;
  excluded: { id: string; reason: string }[];
  seconds: number;
}

export interface Revision {
  revisedPath: string;
  checkPath: string;
  test2Path?: string;
  reportPath: string;
  changes: ReviseChange[];
  report: ReviseReport;
}

/**
 * Which ontology a dataset belongs to: its items' `ontology` file name, for a Test 2 dataset the
 * revised file written beside it, and where that file is found (an open ontology first).
 */
export interface DatasetPairing {
  /** The file name the items name. */
  ontology: string;
  /** Test 2: the file the questions were first built from; null for Test 1. */
  derivedFrom: string | null;
  /** The file found for `ontology`: an open ontology (with its id), a recent file or a file beside the dataset. */
  match: { path: string; ontologyId: string | null; via: 'open' | 'recent' | 'beside' } | null;
}

/** A generation run behind the API: the dataset and the JSONL file it was written to. */
export interface DatasetGeneration extends GeneratedDataset {
  path: string;
  /** The best name of every IRI the items mention (axioms, roots, conditions), so views show names, not IRIs. */
  names: Record<string, string>;
}
