import type { ClosureFacts } from '../../query/exec/closure-facts';
import type { ChoiceFrame, FrameTerm } from '../frame/frame-types';
import type { StageCaller } from '../stage-caller';
import { decideChoice } from './choice-decision';
import type { AnswerDecision } from './decision-types';
import { scoreStatements, splitAtSubject, type ScoreItem } from './option-scorer';
import type { ChoiceEvidence } from './policy-evidence';
import { statementSentence } from './statement-sentence';

/**
 * The reasoner already settles a multiple choice once it entails an option (and a single choice
 * when it entails exactly one): the model is not asked what it cannot change, and a backend that
 * cannot score is no reason to generate the answer instead.
 */
export function reasonerSettles(ev: Pick<ChoiceEvidence, 'verdicts'>, single: boolean): boolean {
  const entailed = [...ev.verdicts.values()].filter((v) => v === 'ENTAILED').length;
  return single ? entailed === 1 : entailed > 0;
}

/**
 * A choice question answered from its evidence: every option's statement scored by the model's
 * likelihood after the card of its subject, then decided (decideChoice). Returns the chosen keys and
 * how each option fared.
 */
export async function answerChoice(
  frame: ChoiceFrame,
  ev: ChoiceEvidence,
  caller: StageCaller,
  facts: ClosureFacts,
  single: boolean,
  /** Score the options even when the reasoner settles the item (to calibrate LIFT_MARGIN). */
  scoreSettled = false,
): Promise<{ chosen: string[]; decision: AnswerDecision }> {
  const items: ScoreItem[] = frame.options.map((o) => {
    const term = o.term ?? { iri: '', name: o.text, from: o.text };
    const place = (p: 'subject' | 'relation' | 'filler'): FrameTerm => (frame.slot === p ? term : frame[p]!);
    const subject = place('subject');
    const sentence = statementSentence(subject.name, place('relation'), place('filler').name);
    return { key: o.key, ...splitAtSubject(sentence, subject.name), context: ev.cards.get(subject.iri) ?? '' };
  });
  // A relation's options share both concepts, so naming tells them apart only for a subject or a filler.
  // Only the subject's own definition counts: its parents' names and cross-references on the card say
  // nothing of what the definition states about the filler.
  const named = new Map(
    frame.options.map((o) => {
      const subject = frame.slot === 'subject' ? o.term : frame.subject;
      const other = frame.slot === 'subject' ? frame.filler : frame.slot === 'filler' ? (o.term ?? null) : null;
      const known = subject?.iri && other?.iri;
      return [o.key, known ? ev.definitions.definitionNames(subject.iri, other.iri) : undefined] as const;
    }),
  );
  const settled = reasonerSettles(ev, single);
  const { scored } =
    settled && !scoreSettled ? { scored: [] } : await scoreStatements((req) => caller.score('answer', req), items);
  const lift = new Map(scored.map((s) => [s.key, s.lift]));
  const d = decideChoice(
    frame.options.map((o) => ({
      key: o.key,
      iri: o.term?.iri ?? null,
      verdict: ev.verdicts.get(o.key) ?? null,
      lift: lift.get(o.key) ?? null,
      named: named.get(o.key),
    })),
    frame.slot,
    facts,
    single,
  );
  return {
    chosen: d.chosen,
    decision: {
      driver: 'policy',
      mode: settled ? 'reasoner' : 'likelihood',
      options: frame.options.map((o) => ({
        key: o.key,
        name: o.text,
        verdict: ev.verdicts.get(o.key) ?? null,
        lift: lift.get(o.key) ?? null,
        ...(named.get(o.key) !== undefined ? { named: named.get(o.key) } : {}),
        source: d.source[o.key] ?? null,
      })),
    },
  };
}

/**
 * "Which of these is X not part of?": the options whose positive statement the ontology rules out
 * (CONTRADICTED) are the answer, decided by the reasoner alone; a single choice takes the first.
 * None ruled out leaves the answer to the model.
 */
export function answerNegated(
  frame: ChoiceFrame,
  ev: Pick<ChoiceEvidence, 'verdicts'>,
  single: boolean,
): { chosen: string[]; decision: AnswerDecision } {
  const ruledOut = frame.options.filter((o) => ev.verdicts.get(o.key) === 'CONTRADICTED').map((o) => o.key);
  const chosen = single ? ruledOut.slice(0, 1) : ruledOut;
  return {
    chosen,
    decision: {
      driver: 'policy',
      mode: 'reasoner',
      options: frame.options.map((o) => ({
        key: o.key,
        name: o.text,
        verdict: ev.verdicts.get(o.key) ?? null,
        lift: null,
        source: chosen.includes(o.key) ? 'ruled-out' : null,
      })),
    },
  };
}
