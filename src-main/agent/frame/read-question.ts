import type { AgentQuestion } from '../agent-types';
import { frameText } from './frame-text';
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
  const r = readWords(q, lex);
  const nested = nestingIn(q.question);
  // "Which of these has a finding site that is part of the heart?": a frame holds one statement, and
  // the one it could read ("? part of heart") is not what is asked.
  if (r.frame && nested && !(r.frame.kind === 'free' && !r.frame.statement))
    return {
      frame: null,
      reason: `The question nests one statement in another ("${nested}"); a possible reading is ${frameText(r.frame)}, which a reviewer can confirm or correct.`,
      suggestion: r.frame,
    };
  return r;
}

/** A relative clause ("that", "whose") or a second question word: one statement inside another. */
export function nestingIn(question: string): string | null {
  const words = unquotedWords(question);
  const rel = words.find((w) => w === 'that' || w === 'whose' || w === 'whom');
  if (rel) return rel;
  const asks = words.filter((w) => ['which', 'what', 'where', 'who'].includes(w));
  return asks.length > 1 ? asks[1] : null;
}

/** The first negating word outside double quotes (a quoted name is the ontology's, not the question's). */
export function negationIn(question: string): string | null {
  return unquotedWords(question).find((w) => NEGATIONS.has(w) || /^\p{L}+n't$/u.test(w)) ?? null;
}

/** The question's own words, lower case, apostrophes kept ("isn't"), names in double quotes left out. */
function unquotedWords(question: string): string[] {
  return question
    .replace(/"[^"]*"/g, ' ')
    .replace(/’/g, "'")
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);
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
