import { frameText } from './frame-text';
import type { FrameReading, QuestionFrameBody } from './frame-types';
import type { Mention } from './mentions';

/** Below this a reading is only a suggestion: answers are not checked against it. */
export const FRAME_MIN_CONFIDENCE = 0.6;

/** The frame when the reading is sure enough, else a suggestion for a reviewer, with why. */
export function reading(body: QuestionFrameBody, confidence: number, notes: string[] = []): FrameReading {
  const c = Math.round(Math.max(0, Math.min(1, confidence)) * 100) / 100;
  const frame = { ...body, source: 'question' as const, confidence: c };
  const why = notes.length ? ` (${notes.join('; ')})` : '';
  if (c >= FRAME_MIN_CONFIDENCE)
    return { frame, reason: `Read from the question's words as ${frameText(body)}${why}.` };
  return {
    frame: null,
    reason: `The question could not be read with confidence${why}; a possible reading is ${frameText(body)}, which a reviewer can confirm or correct.`,
    suggestion: frame,
  };
}

/** Names the question puts in double quotes are what it means; the other mentions are then left out. */
export function preferQuoted(ms: Mention[]): Mention[] {
  return ms.some((m) => m.quoted) ? ms.filter((m) => m.quoted) : ms;
}

/** The relation next to the blank the question leaves, else the first one named. */
export function pickRelation(relations: Mention[], blanks: number[]): Mention {
  if (!blanks.length) return relations[0];
  const dist = (m: Mention) => Math.min(...blanks.map((b) => (b < m.start ? m.start - b : b - m.end)));
  return [...relations].sort((x, y) => dist(x) - dist(y))[0];
}

/**
 * "Which of these organs …": a concept right after the question word restricts the answers rather
 * than taking a place in the statement; it is left out when another concept remains.
 */
export function withoutAskRestriction(concepts: Mention[], asks: number[]): Mention[] {
  const kept = concepts.filter((c) => !asks.some((a) => c.start > a && c.start - a <= 3));
  return kept.length ? kept : concepts;
}
