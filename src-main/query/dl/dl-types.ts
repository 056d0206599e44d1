import type { EntityRef } from '../../ontology/cards/card-types';

/** Which reasoner answered a DL query: ELK for an EL expression, a DL reasoner otherwise. */
export type DlReasonerName = 'elk' | 'dl';

/** The answer to a DL query (a Manchester class expression) over the open ontology. */
export interface DlQueryResult {
  /** The expression as typed, and as sent to the reasoner (names resolved to IRIs). */
  expression: string;
  resolved: string;
  reasoner: DlReasonerName;
  satisfiable: boolean;
  /** Named classes equivalent to the expression. */
  equivalents: EntityRef[];
  /** Its direct named superclasses (owl:Thing when there is none below it). */
  superclasses: EntityRef[];
  /** All its named satisfiable subclasses, equivalents left out. */
  subclasses: EntityRef[];
  elapsedMs: number;
}
