import type { SparqlPrefix } from '../ontology/store/sparql/sparql-types';
import type { Card } from '../ontology/cards/card-types';
import type { NameCandidate } from './linking/link-types';

/** How a search hit matched, best first: the order of a search's results (linking/name-search.ts). */
export type SearchTier = 'id' | 'label' | 'synonym' | 'prefix' | 'words' | 'fuzzy' | 'definition';

/** The query named an alternative ID or an obsolete term, and the hit is the live term that stands for it. */
export interface SearchReplacement {
  /** What was named: the alternative ID, or the obsolete term's CURIE (else its IRI). */
  id: string;
  iri: string | null;
  /** The obsolete term's name; null for an alternative ID, which names no term of its own. */
  name: string | null;
  via: 'alt_id' | 'replaced_by';
}

export type QueryForm = 'describe' | 'ask' | 'select' | 'explain' | 'error';

/**
 * A statement's verdict. CONTRADICTED: the ontology entails that nothing is so related (A ⊓ ∃r.B, or
 * A ⊓ B for "is a", is unsatisfiable). NOT ENTAILED: neither, said only where the reasoner that gave
 * it is complete for the statement. UNKNOWN: no reasoner settled it (see UnknownReason). UNKNOWN NAME:
 * a name links to nothing, so no statement was put to a reasoner.
 */
export type Verdict = 'ENTAILED' | 'CONTRADICTED' | 'NOT ENTAILED' | 'UNKNOWN' | 'UNKNOWN NAME';

/** The verdicts a reasoner gives a linked statement. */
export type StatementVerdictValue = Exclude<Verdict, 'UNKNOWN NAME'>;

/** Which reasoner gave a verdict: ELK (over the closure or its class-expression satisfiability) or a DL reasoner on the statement's locality module. */
export type Reasoner = 'elk' | 'dl';

/**
 * Why a statement is UNKNOWN. outside-el: its module has axioms outside OWL 2 EL and no DL check was
 * run (none asked for, or no bridge here); deadline: the DL reasoner did not settle it in time;
 * imports: imports the load could not read may bear on it; error: the reasoner failed on the module.
 */
export type UnknownReason = 'outside-el' | 'deadline' | 'imports' | 'error';

/** A linked statement's verdict with who gave it. */
export interface StatementVerdict {
  verdict: StatementVerdictValue;
  reasoner: Reasoner;
  /** UNKNOWN only. */
  unknownReason?: UnknownReason;
  /** The DL reasoner's name when reasoner is 'dl' (e.g. 'hermit'). */
  dlReasoner?: string;
  /** Axioms in the statement's locality module, when one was extracted. */
  moduleAxioms?: number;
}

/** What kind of evidence an observation is: the UI draws evidence cards from this. */
export type ObservationKind = 'closure' | 'card' | 'fallback' | 'error';

export interface ResultEntity {
  iri: string;
  name: string;
}

export interface JustificationAxiom {
  functional: string;
  text: string;
}

export interface QueryResult {
  query: string;
  form: QueryForm;
  verdict: Verdict | null;
  /** Who gave `verdict` (absent with no verdict, or UNKNOWN NAME). */
  reasoner?: Reasoner;
  /** Why `verdict` is UNKNOWN. */
  unknownReason?: UnknownReason;
  results: ResultEntity[];
  relations: ResultEntity[];
  verdicts: (ResultEntity & { verdict: Verdict; reasoner?: Reasoner; unknownReason?: UnknownReason })[];
  candidates: (NameCandidate & { for?: string })[];
  fallback: boolean;
  truncated: boolean;
  total: number;
  /** The text the agent reads. */
  observation: string;
  kind: ObservationKind;
  /** IRIs the observation is about, for evidence cards and the gold-evidence metrics. */
  entities: string[];
  card?: Card;
  /** EXPLAIN: the first justification (as before `justifications`). */
  justification?: JustificationAxiom[];
  /** EXPLAIN: every justification found, up to the asked limit, each a minimal set of axioms. */
  justifications?: JustificationAxiom[][];
  /** EXPLAIN: the search stopped at the limit, so more justifications exist. */
  moreJustifications?: boolean;
  elapsedMs: number;
}

export interface SparqlExample {
  title: string;
  query: string;
}

/** The query console's examples for one ontology: a real class, relation and filler of its closure. */
export interface QueryExamples {
  /** The link the examples are built on (A ⊑ ∃r.B); null parts when the closure has no such link. */
  subject: ResultEntity | null;
  relation: ResultEntity | null;
  filler: ResultEntity | null;
  /** Dialect queries; the first one prefills the console. */
  dialect: string[];
  /** SPARQL queries (without PREFIX lines: `prefixes` are declared for every query); the first prefills. */
  sparql: SparqlExample[];
  prefixes: SparqlPrefix[];
}
