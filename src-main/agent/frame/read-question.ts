import type { AgentQuestion } from '../agent-types';
import type { FrameReading } from './frame-types';
import type { Lexicon } from './mentions';
import { readChoice } from './read-choice';
import { readFree } from './read-free';
import { readOpen } from './read-open';

/** A user's question read into a frame from its own words (the options included), before any model runs. */
export function readQuestion(q: AgentQuestion, lex: Lexicon): FrameReading {
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
