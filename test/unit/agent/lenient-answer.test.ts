import { describe, expect, it } from 'vitest';
import { parseAnswerLeniently } from '../../../src-main/agent/answer-parser';
import type { AgentQuestion } from '../../../src-main/agent/question';

const MCQ: AgentQuestion = {
  kind: 'mcq',
  question: 'q',
  options: [
    { key: 'A', name: 'part of' },
    { key: 'B', name: 'has part' },
    { key: 'C', name: 'regulates' },
    { key: 'D', name: 'has role' },
  ],
};

describe('parseAnswerLeniently', () => {
  it('reads a leading option key, an explicit answer line, or option names', () => {
    expect(parseAnswerLeniently('D. has role', MCQ)).toEqual(['D']);
    expect(parseAnswerLeniently('I think so.\nThe answer is: B, D', MCQ)).toEqual(['B', 'D']);
    expect(parseAnswerLeniently('It regulates it, clearly.', MCQ)).toEqual(['C']);
    expect(parseAnswerLeniently('(A) because ...', MCQ)).toEqual(['A']);
  });

  it('gives null when nothing can be read, and one key for a single-choice question', () => {
    expect(parseAnswerLeniently('No idea.', MCQ)).toBeNull();
    expect(parseAnswerLeniently('', MCQ)).toBeNull();
    expect(parseAnswerLeniently('B. has part', { ...MCQ, kind: 'single' })).toBe('B');
    expect(parseAnswerLeniently('Answer: A, B', { ...MCQ, kind: 'single' })).toBeNull();
  });

  it('splits an OQ reply into names and keeps free text as it is', () => {
    expect(parseAnswerLeniently('Answer:\n- nucleus\n- "nucleolus"\n1. cell', { kind: 'oq', question: 'q' })).toEqual([
      'nucleus',
      'nucleolus',
      'cell',
    ]);
    expect(parseAnswerLeniently('  It is a kind of organelle. ', { kind: 'free', question: 'q' })).toBe(
      'It is a kind of organelle.',
    );
  });
});
