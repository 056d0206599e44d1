import type { AgentQuestion } from '../agent-types';
import type { FrameReading } from './frame-types';
import type { Lexicon } from './mentions';
import { readChoice } from './read-choice';
import { readFree } from './read-free';
import { readOpen } from './read-open';

/** Words that turn a question around: its right answers are the options the statement does not hold for. */
const NEGATIONS = new Set(['not', 'no', 'never', 'none', 'neither', 'nor', 'without', 'except', 'excluding', 'cannot']);

/** A user's question read into a frame from its own words (the options included), before any model runs. */
export function readQuestion(q: AgentQuestion, lex: Lexicon): FrameReading {
  const negation = negationIn(q.question);
  // The reasoner confirms what is entailed; "not entailed" only means the ontology does not say so.
  // A negated question checked as its positive statement would read every verdict backwards.
  if (negation)
    return {
      frame: null,
      reason: `The question is negated ("${negation}"): the reasoner can confirm a statement but not its negation, so answers are not checked against it.`,
    };
  return readWords(q, lex);
}

/** The first negating word outside double quotes (a quoted name is the ontology's, not the question's). */
export function negationIn(question: string): string | null {
  const unquoted = question.replace(/"[^"]*"/g, ' ');
  for (const w of unquoted.toLowerCase().split(/[^\p{L}\p{N}']+/u)) {
    if (NEGATIONS.has(w) || /^[\p{L}]+n't$/u.test(w) || /^[\p{L}]+n’t$/u.test(w)) return w;
  }
  return null;
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
