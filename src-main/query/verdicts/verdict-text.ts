import type { StatementVerdict } from '../query-types';

/** Why a statement is UNKNOWN, as a phrase for observations and checks. */
export function unknownText(v: Pick<StatementVerdict, 'unknownReason'>, deadlineMs?: number): string {
  switch (v.unknownReason) {
    case 'deadline':
      return `the DL reasoner did not settle it on the statement's module${deadlineMs ? ` within ${deadlineMs} ms` : ' in time'}`;
    case 'imports':
      return 'the ontology imports files that could not be loaded, and they may bear on it';
    case 'error':
      return "the DL reasoner failed on the statement's module";
    default:
      return "the statement's module has axioms outside OWL 2 EL that ELK does not read, and no DL reasoner decided it";
  }
}

/**
 * The verdict of "x meets every condition" from each condition's verdict: ENTAILED when all are,
 * CONTRADICTED when one is, else UNKNOWN when one is. Otherwise NOT ENTAILED, though the conditions
 * together could still rule x out where none does alone: that is not checked here.
 */
export function combineVerdicts(each: StatementVerdict[]): StatementVerdict {
  const by = (v: StatementVerdict[]) => (v.some((x) => x.reasoner === 'dl') ? 'dl' : 'elk');
  if (each.every((v) => v.verdict === 'ENTAILED')) return { verdict: 'ENTAILED', reasoner: by(each) };
  const contra = each.find((v) => v.verdict === 'CONTRADICTED');
  if (contra) return contra;
  const unknown = each.find((v) => v.verdict === 'UNKNOWN');
  if (unknown) return unknown;
  return { verdict: 'NOT ENTAILED', reasoner: by(each) };
}
