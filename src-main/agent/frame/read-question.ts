import type { AgentQuestion } from '../agent-types';
import { frameText } from './frame-text';
import type { FrameReading } from './frame-types';
import type { Lexicon } from './mentions';
import { readChoice } from './read-choice';
import { readFree } from './read-free';
import { readOpen } from './read-open';

/** Words that turn a question around: its right answers are the options the statement does not hold for. */
const NEGATIONS = new Set(
  (
    'not no never none nothing nobody neither nor without except excluding cannot unable lack lacks lacking lacked ' +
    'fail fails failing failed rarely seldom hardly barely scarcely besides'
  ).split(' '),
);
/** Two words that exclude as "except" does. */
const NEGATING_PAIRS = new Set(['other than', 'rather than', 'instead of', 'apart from', 'aside from']);
/**
 * Words that bound how many or say "only": the reasoner confirms that some filler is related, which
 * says nothing of "only X", "exactly one" or "at most two".
 */
const QUANTIFIERS = new Set(['only', 'solely', 'exclusively', 'exactly']);
const QUANTIFIER_PAIRS = new Set(['at most', 'more than', 'fewer than', 'less than']);
/** "at least one" is what the reasoner confirms; "at least two" is not. */
const AT_LEAST_SOME = new Set(['one', 'a', 'an', 'some']);

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
  const bound = quantifierIn(q.question);
  if (bound)
    return {
      frame: null,
      reason: `The question bounds the answer ("${bound}"): the reasoner confirms that a relation holds with some filler, not that it holds only, or a given number of times, so answers are not checked against it.`,
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
  const words = unquotedWords(question);
  return (
    words.find((w) => NEGATIONS.has(w) || /^\p{L}+n't$/u.test(w)) ??
    pairs(words).find((p) => NEGATING_PAIRS.has(p)) ??
    null
  );
}

/** The first word (or pair) outside double quotes that says "only" or bounds a number. */
export function quantifierIn(question: string): string | null {
  const words = unquotedWords(question);
  const atLeast = words.findIndex((w, i) => w === 'at' && words[i + 1] === 'least' && !AT_LEAST_SOME.has(words[i + 2]));
  return (
    words.find((w) => QUANTIFIERS.has(w)) ??
    pairs(words).find((p) => QUANTIFIER_PAIRS.has(p)) ??
    (atLeast >= 0 ? 'at least' : null)
  );
}

function pairs(words: string[]): string[] {
  return words.slice(1).map((w, i) => `${words[i]} ${w}`);
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
