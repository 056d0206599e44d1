import { normalizeName } from '../../ontology/names/normalize';
import type { AgentAnswer, AgentQuestion, CheckedGrounding, CheckedLevel } from '../agent-types';
import { checkChoice } from './check-choice';
import type { CheckDeps } from './check-deps';
import { checkFree } from './check-free';
import { checkNegatedChoice } from './check-negated';
import { checkOpen, type AnswerConcept } from './check-open';
import type { FrameReading } from './frame-types';

export const CHECKED_LEVELS: readonly CheckedLevel[] = ['entailed', 'not-entailed', 'unchecked'];

export interface CheckRequest {
  question: AgentQuestion;
  answer: AgentAnswer | null;
  /** How the question was read; null or a reading without a frame leaves the answer unchecked. */
  reading: FrameReading | null | undefined;
  /** OQ: the answered concepts' IRIs, in answer order, when the method knows them (no linking then). */
  answerIris?: (string | null)[];
  /** OQ: names the dataset item itself gives its concepts (normalised name → IRI), tried before linking. */
  aliases?: ReadonlyMap<string, string>;
}

/**
 * The reasoner's check of an answer against the question frame. Never throws for odd input: what
 * cannot be checked is `unchecked`, with the reason.
 */
export function checkAnswer(req: CheckRequest, deps: CheckDeps): CheckedGrounding {
  if (req.answer === null) return { level: 'unchecked', reason: 'There is no answer to check.' };
  const frame = req.reading?.frame ?? null;
  if (!frame)
    return {
      level: 'unchecked',
      reason: `No question frame to check against: ${req.reading?.reason ?? 'the question was not read.'}`,
    };
  try {
    const list = (Array.isArray(req.answer) ? req.answer : [req.answer]).map(String);
    switch (req.question.kind) {
      case 'mcq':
      case 'single':
        if (frame.kind !== 'choice') break;
        if (frame.negated) return checkNegatedChoice(frame, list, deps, req.question.kind === 'single');
        return checkChoice(frame, list, deps, req.question.kind === 'single');
      case 'oq':
        if (frame.kind !== 'open') break;
        return checkOpen(frame, answerConcepts(list, req, deps), deps);
      case 'free':
        if (frame.kind !== 'free') break;
        return checkFree(frame, list.join(' '), deps);
    }
    return { level: 'unchecked', reason: `The frame (${frame.kind}) does not fit a ${req.question.kind} question.` };
  } catch (e) {
    // A failed check must not cost the user the answer: it is shown as unchecked, with why.
    return {
      level: 'unchecked',
      reason: `The reasoner check could not be run: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
}

function answerConcepts(names: string[], req: CheckRequest, deps: CheckDeps): AnswerConcept[] {
  return names.map((text, i) => {
    const known = req.answerIris?.[i];
    if (known) return { text, iris: [known] };
    const alias = req.aliases?.get(normalizeName(text));
    if (alias) return { text, iris: [alias] };
    const l = deps.linkConcept(text);
    if (l.status === 'ok') return { text, iris: [l.entity.iri] };
    if (l.status === 'ambiguous') return { text, iris: l.candidates.map((c) => c.iri) };
    return { text, iris: [] };
  });
}
