import type { FactEntity, IriStatement } from '../../query/exec/closure-facts';
import type { LinkResult } from '../../query/linking/link-types';
import type { StatementVerdict } from '../../query/query-types';
import type { FrameTerm } from './frame-types';

/** What a check needs of the ontology: the closure by IRI, and linking for answers written as names. */
export interface CheckDeps {
  holds(s: IriStatement): boolean | null;
  /**
   * The three-valued verdict as far as it is known without waiting: the closure, ELK's contradictions
   * and the verdicts cache (filled by StatementDecider.prefetch); null when a name is unknown. Absent:
   * only `holds` is known.
   */
  verdict?(s: IriStatement): StatementVerdict | null;
  /**
   * For a statement the closure does not entail: the classes it could rest on whose axioms ELK reads
   * only in part (unions, universals, …), so "not entailed" may be ELK's blind spot; empty if none.
   */
  outsideEl(s: IriStatement): string[];
  /** The imports the load could not read (offline, missing): the closure lacks all they entail. */
  unloadedImports(): string[];
  subjects(root: string | null, conditions: { relation: string; filler: string }[]): string[] | null;
  entity(iri: string): FactEntity | null;
  sameClass(a: string, b: string): boolean;
  linkConcept(text: string): LinkResult;
  /** The concepts a text names (longest names first, no overlaps). */
  mentions(text: string): FrameTerm[];
}

export const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** "retina — part of — ?": a statement in names, with "?" for the open place. */
export function statementText(
  subject: FrameTerm | null,
  relation: FrameTerm | null,
  filler: FrameTerm | null,
  blank = '?',
): string {
  return [subject, relation, filler].map((t) => (t ? t.name : blank)).join(' — ');
}

/** "A, B, C and 4 more": the classes a reason names, kept short. */
export function someNames(names: string[], max = 5): string {
  return names.length > max ? `${names.slice(0, max).join(', ')} and ${names.length - max} more` : names.join(', ');
}

/**
 * Why a NOT ENTAILED for the statement may be a gap in what the reasoner read rather than the
 * ontology's answer ("… could not be loaded", "… outside OWL 2 EL …"), or null when there is none.
 */
export function blindSpot(s: IriStatement, deps: CheckDeps): string | null {
  const imports = deps.unloadedImports();
  if (imports.length) return `the ontology imports ${someNames(imports)}, which could not be loaded`;
  const classes = deps.outsideEl(s);
  return classes.length ? `axioms about ${someNames(classes)} use constructs outside OWL 2 EL that ELK ignores` : null;
}
