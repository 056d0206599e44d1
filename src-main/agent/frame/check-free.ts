import { SUBCLASS_OF } from '../../query/exec/closure-facts';
import type { CheckedGrounding } from '../agent-types';
import { blindSpot, statementText, type CheckDeps } from './check-deps';
import type { FrameTerm, FreeFrame } from './frame-types';

const NEGATION = /\b(no|not|never|none|neither|nor|cannot|isn't|aren't|doesn't|don't|wasn't|weren't|false)\b|n't\b/i;
const YES = /^\s*(yes|yeah|correct|true|indeed)\b/i;
const NO = /^\s*(no|false|incorrect)\b/i;
/** An answer that does not commit either way. */
const HEDGE =
  /\b(maybe|perhaps|possibly|probably|unclear|unknown|uncertain|not sure|unsure|don't know|do not know|can't say|cannot say|can't tell|cannot tell|not necessarily|not always|sometimes)\b/i;

/**
 * What a yes/no answer says: a leading "yes" or "no" settles it. Without one, only an answer that
 * restates the statement (names its filler) takes a side: affirmed without a negation, denied with
 * one, too mixed to read when it turns ("It is not part of the aorta, but yes …") or hedges. Any
 * other answer ("The document is incomplete…") takes no side at all.
 */
function polarity(answer: string, restates: boolean): 'yes' | 'no' | 'unclear' | 'none' {
  if (HEDGE.test(answer)) return 'unclear';
  if (YES.test(answer)) return 'yes';
  if (NO.test(answer)) return 'no';
  if (!restates) return 'none';
  if (!NEGATION.test(answer)) return 'yes';
  return TURNS.test(answer) ? 'unclear' : 'no';
}

const TURNS = /\b(yes|but|however|although|though|whereas|while|except|only)\b/i;

/**
 * Free text, against the statement the question asks about:
 * - a yes/no question (all three places known): the answer's polarity against the reasoner's verdict;
 *   a "no" to a statement the reasoner does not entail stays unchecked (open world);
 * - an open place ("where is X located?"): every concept the answer names is put in that place.
 * A question that states no relation between concepts leaves the answer unchecked.
 */
export function checkFree(frame: FreeFrame, answer: string, deps: CheckDeps): CheckedGrounding {
  const st = frame.statement;
  if (!st)
    return {
      level: 'unchecked',
      reason: `The question states no relation between concepts that the reasoner could check${frame.entities.length ? ` (it names ${frame.entities.map((e) => e.name).join(', ')})` : ''}; the grounding level is the model's claim.`,
    };
  const statement = statementText(st.subject, st.relation, st.filler);
  if (deps.entity(st.subject.iri)?.unsatisfiable)
    return {
      level: 'unchecked',
      statement,
      reason: `${st.subject.name} is unsatisfiable: the ontology entails anything about a class that can have no instances, so the reasoner's verdict is no evidence either way.`,
    };
  if (st.filler) return checkYesNo({ ...st, filler: st.filler }, statement, answer, deps);
  if (NEGATION.test(answer))
    return {
      level: 'unchecked',
      statement,
      reason:
        "The answer is negated; the reasoner confirms only positive statements, so the grounding level is the model's claim.",
    };
  const isa = st.relation.iri === SUBCLASS_OF;
  const named = deps
    .mentions(answer)
    .filter((t) => !deps.sameClass(t.iri, st.subject.iri) && !(isa && t.iri === st.subject.iri));
  if (!named.length)
    return {
      level: 'unchecked',
      statement,
      reason: `The answer names no concept of the ontology to put in ${statement}.`,
    };
  const good: string[] = [];
  const bad: string[] = [];
  const blind: string[] = [];
  for (const t of named) {
    const s = { subject: st.subject.iri, relation: st.relation.iri, filler: t.iri };
    if (deps.holds(s)) good.push(t.name);
    else if (blindSpot(s, deps)) blind.push(t.name);
    else bad.push(t.name);
  }
  // What ELK cannot decide is neither confirmed nor refuted.
  if (blind.length && !bad.length)
    return {
      level: 'unchecked',
      statement,
      reason: `The reasoner does not entail ${statement} for ${blind.join(', ')} from what it read, but what it did not read may${good.length ? `; it entails it for ${good.join(', ')}` : ''}.`,
    };
  if (!bad.length)
    return {
      level: 'entailed',
      statement,
      reason: `The reasoner entails ${statement} for ${good.join(', ')}, as the answer says.`,
    };
  // Some named concepts hold and some do not: the others may play another part in the sentence
  // ("…, which is part of the heart"), so the reasoner can neither confirm nor refute the answer.
  if (good.length)
    return {
      level: 'unchecked',
      statement,
      reason: `The reasoner entails ${statement} for ${good.join(', ')} but not for ${bad.join(', ')}, which the answer also names.`,
    };
  return {
    level: 'not-entailed',
    statement,
    reason: `The answer names ${bad.join(', ')}, which the reasoner does not entail in ${statement}.`,
  };
}

/** A yes/no question: the answer's polarity against the reasoner's verdict on the whole statement. */
function checkYesNo(
  st: NonNullable<FreeFrame['statement']> & { filler: FrameTerm },
  statement: string,
  answer: string,
  deps: CheckDeps,
): CheckedGrounding {
  const holds = deps.holds({ subject: st.subject.iri, relation: st.relation.iri, filler: st.filler.iri });
  if (holds === null)
    return { level: 'unchecked', statement, reason: 'The statement names something this ontology does not have.' };
  const says = polarity(
    answer,
    deps.mentions(answer).some((t) => t.iri === st.filler.iri || deps.sameClass(t.iri, st.filler.iri)),
  );
  if (says === 'none')
    return {
      level: 'unchecked',
      statement,
      reason: `The answer takes no side: it says neither yes nor no to ${statement}, nor restates it.`,
    };
  if (says === 'unclear')
    return {
      level: 'unchecked',
      statement,
      reason: `The answer does not plainly say yes or no to ${statement}, so the reasoner's verdict cannot be compared with it.`,
    };
  if (holds && says === 'yes')
    return { level: 'entailed', statement, reason: `The reasoner entails ${statement}, as the answer says.` };
  if (holds)
    return { level: 'not-entailed', statement, reason: `The reasoner entails ${statement}; the answer denies it.` };
  // "No" is the ontology's answer when it rules the statement out, and "yes" is then refuted.
  if (
    deps.verdict?.({ subject: st.subject.iri, relation: st.relation.iri, filler: st.filler.iri })?.verdict ===
    'CONTRADICTED'
  )
    return says === 'no'
      ? {
          level: 'entailed',
          statement,
          reason: `The ontology rules out ${statement} (contradicted), as the answer says.`,
        }
      : {
          level: 'not-entailed',
          statement,
          reason: `The answer affirms ${statement}, which the ontology rules out (contradicted).`,
        };
  const spot = blindSpot({ subject: st.subject.iri, relation: st.relation.iri, filler: st.filler.iri }, deps);
  if (says === 'yes' && spot)
    return {
      level: 'unchecked',
      statement,
      reason: `The answer affirms ${statement}, which the reasoner does not entail from what it read; but ${spot}, so it cannot say it does not hold.`,
    };
  if (says === 'yes')
    return {
      level: 'not-entailed',
      statement,
      reason: `The answer affirms ${statement}, which the reasoner does not entail.`,
    };
  return {
    level: 'unchecked',
    statement,
    reason: `The answer denies ${statement}; the reasoner does not entail it, but that does not make it false (open world).`,
  };
}
