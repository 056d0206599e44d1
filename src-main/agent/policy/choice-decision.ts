import type { ClosureFacts } from '../../query/exec/closure-facts';
import type { StatementVerdictValue } from '../../query/query-types';
import type { FrameSlot } from '../frame/frame-types';
import type { AnswerSource } from './decision-types';

export interface OptionFacts {
  key: string;
  /** The concept (or relation) the option names; null when it names nothing here. */
  iri: string | null;
  verdict: StatementVerdictValue | null;
  /** The model's likelihood lift for the option's statement; null when it was not scored. */
  lift: number | null;
  /** The card the statement was scored after names the statement's other concept. */
  named?: boolean;
}

/**
 * How far below the best option another one may score and still be chosen, in nats of lift. Set once
 * from Test 1 of the shared ontologies with the reasoner's verdicts hidden (npm run perf:calibrate:
 * go-nucleus, po and zfa, seed 3, 90 MCQs, SmolLM2-135M: margin 0 54.4 %, 0.5 52.2 %, 1 43.3 %,
 * 2 38.9 %), then frozen. 0 keeps the best option alone (and ties), and "is a" adds what follows.
 */
export const LIFT_MARGIN = 0;

export interface ChoiceDecision {
  chosen: string[];
  /** Why each chosen option was chosen. */
  source: Record<string, AnswerSource>;
}

/**
 * Options the reasoner entails are chosen, and when it entails none the model's best-scoring option
 * is (with any option within LIFT_MARGIN of it), taken from the options whose card names the
 * statement's other concept when there are any: a card that says nothing of the filler (or, for a
 * filler, a subject's card that never names it) is weak ground, and a small model's likelihood is
 * noisy enough to prefer it. Then the reasoner adds every option that follows from a chosen one by
 * "is a" in the masked place: a superclass of a chosen filler, a subclass of a chosen subject, a
 * super-relation of a chosen relation. A single choice takes the one best option.
 */
export function decideChoice(
  options: OptionFacts[],
  slot: FrameSlot,
  facts: Pick<ClosureFacts, 'isSubClass' | 'isSubProperty'>,
  single: boolean,
): ChoiceDecision {
  const source: Record<string, AnswerSource> = {};
  const entailed = options.filter((o) => o.verdict === 'ENTAILED');
  const all = options.filter((o) => o.lift !== null).sort((a, b) => b.lift! - a.lift! || a.key.localeCompare(b.key));
  const named = all.filter((o) => o.named);
  const scored = named.length ? named : all;
  const bestSource: AnswerSource = named.length ? 'card-named' : 'model-score';
  if (single) {
    const pick = entailed.length === 1 ? entailed[0] : (scored.find((o) => entailed.includes(o)) ?? scored[0]);
    if (pick) source[pick.key] = pick.verdict === 'ENTAILED' ? 'reasoner' : bestSource;
    return { chosen: pick ? [pick.key] : [], source };
  }
  for (const o of entailed) source[o.key] = 'reasoner';
  if (!entailed.length && scored.length) {
    const best = scored[0].lift!;
    for (const o of scored) if (o.lift! >= best - LIFT_MARGIN) source[o.key] = bestSource;
  }
  const follows = (from: string, to: string) =>
    slot === 'filler'
      ? facts.isSubClass(from, to)
      : slot === 'subject'
        ? facts.isSubClass(to, from)
        : facts.isSubProperty(from, to);
  const picked = options.filter((o) => source[o.key] && o.iri);
  for (const o of options) {
    if (source[o.key] || !o.iri) continue;
    if (picked.some((p) => follows(p.iri!, o.iri!))) source[o.key] = 'reasoner-isa';
  }
  return { chosen: options.filter((o) => source[o.key]).map((o) => o.key), source };
}
