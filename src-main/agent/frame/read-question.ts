import type { AgentQuestion } from '../agent-types';
import { frameText } from './frame-text';
import type { FrameReading, QuestionFrame } from './frame-types';
import type { Lexicon } from './mentions';
import { negationIn, nestingIn, plainNegation, quantifierIn, rankingIn, withoutInstructions } from './question-words';
import { readChoice } from './read-choice';
import { readFree } from './read-free';
import { readOpen } from './read-open';

/** A user's question read into a frame from its own words (the options included), before any model runs. */
export function readQuestion(asked: AgentQuestion, lex: Lexicon): FrameReading {
  // "Choose every option that …" says how to answer, not what is asked.
  const q = { ...asked, question: withoutInstructions(asked.question) };
  const negation = negationIn(q.question);
  // "Which of these is X not part of?": read as the positive statement, negated, so the options the
  // ontology rules out (CONTRADICTED) are its right answers. Other negations are not read.
  const plain = negation && (q.kind === 'mcq' || q.kind === 'single') ? plainNegation(q.question) : null;
  if (plain) return negated(readQuestion({ ...q, question: plain.positive }, lex), plain.word);
  // The reasoner confirms what is entailed; "not entailed" only means the ontology does not say so.
  // A negated question checked as its positive statement would read every verdict backwards.
  if (negation)
    return {
      frame: null,
      reason: `The question is negated ("${negation}"): the reasoner can confirm a statement but not its negation, so answers are not checked against it.`,
    };
  const bound = quantifierIn(q.question);
  if (bound)
    return {
      frame: null,
      reason: `The question bounds the answer ("${bound}"): the reasoner confirms that a relation holds with some filler, not that it holds only, or a given number of times, so answers are not checked against it.`,
    };
  const ranking = rankingIn(q.question, lex);
  if (ranking)
    return {
      frame: null,
      reason: `The question ranks or weighs the options ("${ranking}"): the reasoner confirms which of them hold, not which holds most, so answers are not checked against it.`,
    };
  const r = readWords(q, lex);
  const nested = nestingIn(q.question);
  // "Which of these has a finding site that is part of the heart?": a frame holds one statement, and
  // the one it could read ("? part of heart") is not what is asked.
  const read = r.frame ?? r.suggestion;
  if (read && nested && !(read.kind === 'free' && !read.statement))
    return {
      frame: null,
      reason: `The question nests one statement in another ("${nested}"); a possible reading is ${frameText(read)}, which a reviewer can confirm or correct.`,
      suggestion: read,
    };
  return r;
}

/** A choice reading of the positive question, turned into the reading of the negated one. */
function negated(r: FrameReading, word: string): FrameReading {
  const turn = (f: QuestionFrame | undefined) => (f?.kind === 'choice' ? { ...f, negated: true } : undefined);
  const frame = turn(r.frame ?? undefined) ?? null;
  const suggestion = turn(r.suggestion);
  if (!frame && !suggestion)
    return { frame: null, reason: `The question is negated ("${word}") and its positive reading fails: ${r.reason}` };
  const read = frame ?? suggestion!;
  const why = `negated ("${word}"): the right options are those the ontology rules out`;
  return frame
    ? { frame, reason: `Read from the question's words as ${frameText(read)}, ${why}.` }
    : {
        frame: null,
        reason: `The question could not be read with confidence; a possible reading is ${frameText(read)}, ${why}; a reviewer can confirm or correct it.`,
        suggestion,
      };
}

function readWords(q: AgentQuestion, lex: Lexicon): FrameReading {
  switch (q.kind) {
    case 'mcq':
    case 'single':
      return readChoice(q.question, q.options ?? [], lex);
    case 'oq':
      return readOpen(q.question, lex);
    case 'free':
      return readFree(q.question, lex);
  }
}
