import { formatQuery } from '../../query/dialect';
import type { IriStatement } from '../../query/exec/closure-facts';
import type { StatementVerdict } from '../../query/query-types';
import type { CheckedGrounding, CheckedOption } from '../agent-types';
import { blindSpot, statementText, type CheckDeps } from './check-deps';
import type { ChoiceFrame, FrameTerm } from './frame-types';

/**
 * The verdict on an option's positive statement: the three-valued one when the deps give it (ELK's
 * contradictions, the DL reasoner, the cache), else the closure's ENTAILED, with NOT ENTAILED turned
 * UNKNOWN where ELK may not see all (a blind spot). Null when a place names nothing.
 */
export function positiveVerdict(s: IriStatement, deps: CheckDeps): StatementVerdict | null {
  const v = deps.verdict?.(s);
  if (v) return v;
  const h = deps.holds(s);
  if (h === null) return null;
  if (h) return { verdict: 'ENTAILED', reasoner: 'elk' };
  return blindSpot(s, deps)
    ? { verdict: 'UNKNOWN', reasoner: 'elk', unknownReason: deps.unloadedImports().length ? 'imports' : 'outside-el' }
    : { verdict: 'NOT ENTAILED', reasoner: 'elk' };
}

/**
 * "Which of these is X not part of?": each option fills the positive statement's slot. An option the
 * ontology rules out (CONTRADICTED) is a right answer; one it entails is wrong; one it neither entails
 * nor rules out stays open, never false. `entailed` iff every chosen option is CONTRADICTED, none left
 * out is (a single choice needs one), and every option is decided either way.
 */
export function checkNegatedChoice(
  frame: ChoiceFrame,
  answer: string[],
  deps: CheckDeps,
  single = false,
): CheckedGrounding {
  const chosen = new Set(answer.map((k) => k.trim().toUpperCase()));
  const statement = `not ${statementText(frame.subject, frame.relation, frame.filler)}`;
  const where = `checking ${statement} with each option as the ${frame.slot}`;
  const options: CheckedOption[] = frame.options.map((o) => {
    const parts = { subject: frame.subject, relation: frame.relation, filler: frame.filler, [frame.slot]: o.term };
    const st = iriStatement(parts.subject, parts.relation, parts.filler);
    const v = st && !(st.subject && deps.entity(st.subject)?.unsatisfiable) ? positiveVerdict(st, deps) : null;
    return {
      key: o.key,
      name: o.text,
      iri: o.term?.iri ?? null,
      chosen: chosen.has(o.key.toUpperCase()),
      query: formatQuery({
        form: 'ask',
        subject: parts.subject?.name ?? o.text,
        relation: parts.relation?.name ?? o.text,
        filler: parts.filler?.name ?? o.text,
      }),
      verdict: v ? v.verdict : 'UNLINKED',
      ...(v ? { reasoner: v.reasoner } : {}),
      ...(v?.unknownReason ? { unknownReason: v.unknownReason } : {}),
    };
  });
  const base = { statement, options };
  const keys = (f: (o: CheckedOption) => boolean) => options.filter(f).map((o) => o.key);
  const refuted = keys((o) => o.chosen && o.verdict === 'ENTAILED');
  const right = keys((o) => o.chosen && o.verdict === 'CONTRADICTED');
  const missed = keys((o) => !o.chosen && o.verdict === 'CONTRADICTED');
  const leftOutOk = single && right.length === 1 && chosen.size === 1;
  const failed = [...refuted, ...(leftOutOk ? [] : missed)].sort();
  if (failed.length) {
    const why = [
      refuted.length ? `chosen but entailed, so not an answer: ${refuted.join(', ')}` : '',
      !leftOutOk && missed.length ? `ruled out by the ontology but not chosen: ${missed.join(', ')}` : '',
    ].filter(Boolean);
    return { ...base, failed, level: 'not-entailed', reason: `The reasoner disagrees (${why.join('; ')}), ${where}.` };
  }
  const unlinked = keys((o) => o.verdict === 'UNLINKED');
  if (unlinked.length)
    return {
      ...base,
      failed,
      level: 'unchecked',
      reason: `Option ${unlinked.join(', ')} names nothing the ontology knows, so the reasoner cannot say whether it is ruled out (${where}).`,
    };
  const open = keys((o) => (o.chosen || !leftOutOk) && o.verdict !== 'ENTAILED' && o.verdict !== 'CONTRADICTED');
  if (open.length)
    return {
      ...base,
      failed,
      level: 'unchecked',
      reason: `The reasoner neither entails nor rules out option ${open.join(', ')}: not entailed is not false, so it stays open (${where}).`,
    };
  if (!right.length)
    return {
      ...base,
      failed,
      level: 'unchecked',
      reason: `No option was chosen and the reasoner rules none out (${where}).`,
    };
  return {
    ...base,
    failed,
    level: 'entailed',
    reason: `The ontology rules out exactly the chosen option${right.length > 1 ? 's' : ''} ${right.join(', ')}: the statement is contradicted for ${right.length > 1 ? 'them' : 'it'} (${where}).`,
  };
}

function iriStatement(s: FrameTerm | null, r: FrameTerm | null, f: FrameTerm | null): IriStatement | null {
  return s && r && f ? { subject: s.iri, relation: r.iri, filler: f.iri } : null;
}
