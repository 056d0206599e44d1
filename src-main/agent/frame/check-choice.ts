import { agree, optionsSubject } from '../../core/plural';
import { formatQuery } from '../../query/dialect';
import { SUBCLASS_OF } from '../../query/exec/closure-facts';
import type { CheckedGrounding, CheckedOption, OptionVerdict } from '../agent-types';
import { blindSpot, statementText, type CheckDeps } from './check-deps';
import { unknownText } from '../../query/verdicts/verdict-text';
import { boundedOutsideEl } from './option-verdict';
import type { ChoiceFrame, FrameTerm } from './frame-types';

/**
 * MCQ / single choice: each option fills the frame's slot and the statement goes to the reasoner by
 * IRI. `entailed` iff every chosen option is entailed, no entailed option was left out and every
 * option could be checked and decided; an option that is the statement's other concept under "is a" is never
 * evidence, so choosing it leaves the answer unchecked.
 */
export function checkChoice(
  frame: ChoiceFrame,
  answer: string[],
  deps: CheckDeps,
  /** One answer was asked for: an entailed pick is grounded though other options are entailed too. */
  single = false,
): CheckedGrounding {
  const chosen = new Set(answer.map((k) => k.trim().toUpperCase()));
  const statement = statementText(frame.subject, frame.relation, frame.filler);
  // Why an option's NOT ENTAILED may be a gap in what the reasoner read, by option key.
  const spots = new Map<string, string>();
  const options = frame.options.map((o) => checkedOption(frame, o, chosen, deps, spots));
  const base = { statement, options };
  // ELK's NOT ENTAILED for a statement resting on axioms it reads only in part is no disagreement.
  const wrongChosen = options
    .filter((o) => o.chosen && o.verdict === 'NOT ENTAILED' && !spots.has(o.key))
    .map((o) => o.key);
  const ruledOut = options.filter((o) => o.chosen && o.verdict === 'CONTRADICTED').map((o) => o.key);
  const alsoEntailed = options.filter((o) => !o.chosen && o.verdict === 'ENTAILED').map((o) => o.key);
  const missed = single && chosen.size === 1 ? [] : alsoEntailed;
  const failed = [...ruledOut, ...wrongChosen, ...missed].sort();
  const where = `checking ${statement} with each option as the ${frame.slot}`;
  if (failed.length) {
    const parts = [
      ruledOut.length ? `chosen but ruled out by the ontology: ${ruledOut.join(', ')}` : '',
      wrongChosen.length ? `chosen but not entailed: ${wrongChosen.join(', ')}` : '',
      missed.length ? `entailed but not chosen: ${missed.join(', ')}` : '',
    ].filter(Boolean);
    // Leaving out an entailed option, or choosing one the ontology rules out, contradicts the ontology;
    // choosing one it does not entail is only unsupported (open world), and the reason says which it is.
    const disagrees = missed.length || ruledOut.length;
    return {
      ...base,
      failed,
      level: 'not-entailed',
      reason: `${disagrees ? 'The reasoner disagrees' : 'The reasoner does not back the answer (not entailed is not false)'} (${parts.join('; ')}), ${where}.`,
    };
  }
  const unchecked = uncheckedReason(options, spots, where) ?? leftOpenReason(options, spots, where, single);
  if (unchecked) return { ...base, failed, level: 'unchecked', reason: unchecked };
  // Choosing nothing claims that no option holds; NOT ENTAILED means only that the ontology does not
  // say so (open world), so the reasoner cannot confirm such an answer.
  if (!chosen.size)
    return {
      ...base,
      failed,
      level: 'unchecked',
      reason: `No option was chosen and the reasoner entails none (${where}); it cannot confirm that none holds.`,
    };
  if (alsoEntailed.length)
    return {
      ...base,
      failed,
      level: 'entailed',
      reason: `The reasoner entails the chosen option; it entails ${alsoEntailed.join(', ')} too, and the question asks for one (${where}).`,
    };
  return { ...base, failed, level: 'entailed', reason: `The reasoner entails exactly the chosen options (${where}).` };
}

/**
 * One option's verdict. What the decider knows (ELK's contradictions, a DL reasoner on the module, the
 * cache) settles ELK's NOT ENTAILED either way, or says why it stays open (noted in `spots`).
 */
function checkedOption(
  frame: ChoiceFrame,
  o: ChoiceFrame['options'][number],
  chosen: Set<string>,
  deps: CheckDeps,
  spots: Map<string, string>,
): CheckedOption {
  const parts = { subject: frame.subject, relation: frame.relation, filler: frame.filler, [frame.slot]: o.term };
  const closure = verdictOf(parts.subject, parts.relation, parts.filler, deps);
  const st = statementOf(parts.subject, parts.relation, parts.filler);
  const decided = closure === 'NOT ENTAILED' && st ? deps.verdict?.(st) : null;
  const verdict = decided?.verdict ?? closure;
  const blind = verdict === 'NOT ENTAILED' || verdict === 'UNKNOWN' ? (st ? deps.outsideEl(st) : []) : [];
  // An UNKNOWN that rests on what ELK cannot read, or on imports not loaded, names them.
  if (decided?.verdict === 'UNKNOWN')
    spots.set(o.key, (decided.unknownReason !== 'deadline' && st && blindSpot(st, deps)) || unknownText(decided));
  else if (!decided && verdict === 'NOT ENTAILED' && st) {
    const spot = blindSpot(st, deps);
    if (spot) spots.set(o.key, spot);
  }
  return {
    key: o.key,
    name: o.text,
    iri: o.term?.iri ?? null,
    chosen: chosen.has(o.key.toUpperCase()),
    query: askText(parts.subject, parts.relation, parts.filler, o.text, frame.slot),
    verdict,
    ...(decided
      ? { reasoner: decided.reasoner, ...(decided.unknownReason ? { unknownReason: decided.unknownReason } : {}) }
      : verdict === 'ENTAILED' || verdict === 'NOT ENTAILED'
        ? { reasoner: 'elk' as const }
        : {}),
    ...(decided && decided.verdict !== 'UNKNOWN' ? {} : boundedOutsideEl(blind)),
  };
}

/** Why the options cannot settle the answer either way, or null when they can. */
function uncheckedReason(options: CheckedOption[], spots: Map<string, string>, where: string): string | null {
  const blind = options.filter((o) => o.chosen && spots.has(o.key));
  if (blind.length) {
    const why = [...new Set(blind.map((o) => spots.get(o.key)))].join('; ');
    const n = blind.length;
    return `${optionsSubject(blind.map((o) => o.key))} ${agree(n, 'is', 'are')} not entailed by what the reasoner read, but ${why}, so it cannot say ${agree(n, 'it does', 'they do')} not hold (${where}).`;
  }
  const keys = (v: OptionVerdict[]) => options.filter((o) => o.chosen && v.includes(o.verdict)).map((o) => o.key);
  const unsat = keys(['UNSATISFIABLE']);
  if (unsat.length)
    return `${optionsSubject(unsat)} ${agree(unsat.length, 'puts an unsatisfiable class', 'put unsatisfiable classes')} in the subject's place, and the ontology entails anything about a class that can have no instances, so that is no evidence (${where}).`;
  const same = keys(['SAME CONCEPT']);
  if (same.length)
    return `${optionsSubject(same)} ${agree(same.length, 'is', 'are')} the statement's own concept, and a class being a kind of itself is no evidence (${where}).`;
  const open = options.filter((o) => o.verdict === 'UNLINKED' || o.verdict === 'ERROR').map((o) => o.key);
  if (open.length)
    return `${optionsSubject(open)} ${agree(open.length, 'names', 'name')} nothing the ontology knows, so the reasoner cannot say whether ${agree(open.length, 'it holds', 'they hold')} (${where}).`;
  return null;
}

/**
 * An answer is entailed only when every option is decided: an option left out that the reasoner
 * cannot rule out may be one the answer should have chosen. One entailed pick to a single-answer
 * question needs no verdict on the others.
 */
function leftOpenReason(
  options: CheckedOption[],
  spots: Map<string, string>,
  where: string,
  single: boolean,
): string | null {
  const chosen = options.filter((o) => o.chosen);
  if (single && chosen.length === 1 && chosen[0].verdict === 'ENTAILED') return null;
  const open = options.filter((o) => !o.chosen && spots.has(o.key));
  if (!open.length) return null;
  const why = [...new Set(open.map((o) => spots.get(o.key)))].join('; ');
  return `Option ${open.map((o) => o.key).join(', ')} was left out, but the reasoner cannot rule it out: it is not entailed by what the reasoner read, and ${why} (${where}).`;
}

function verdictOf(
  subject: FrameTerm | null,
  relation: FrameTerm | null,
  filler: FrameTerm | null,
  deps: CheckDeps,
): OptionVerdict {
  if (!subject || !relation || !filler) return 'UNLINKED';
  // An unsatisfiable class is under everything: ENTAILED would be true and say nothing.
  if (deps.entity(subject.iri)?.unsatisfiable) return 'UNSATISFIABLE';
  if (relation.iri === SUBCLASS_OF && deps.sameClass(subject.iri, filler.iri)) return 'SAME CONCEPT';
  const h = deps.holds({ subject: subject.iri, relation: relation.iri, filler: filler.iri });
  if (h === null) return 'UNLINKED';
  return h ? 'ENTAILED' : 'NOT ENTAILED';
}

function statementOf(subject: FrameTerm | null, relation: FrameTerm | null, filler: FrameTerm | null) {
  return subject && relation && filler ? { subject: subject.iri, relation: relation.iri, filler: filler.iri } : null;
}

function askText(
  s: FrameTerm | null,
  r: FrameTerm | null,
  f: FrameTerm | null,
  optionText: string,
  slot: ChoiceFrame['slot'],
): string {
  const name = (t: FrameTerm | null, place: ChoiceFrame['slot']) => (t ? t.name : place === slot ? optionText : '?');
  return formatQuery({
    form: 'ask',
    subject: name(s, 'subject'),
    relation: name(r, 'relation'),
    filler: name(f, 'filler'),
  });
}
