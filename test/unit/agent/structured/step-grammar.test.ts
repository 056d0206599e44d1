import { describe, expect, it } from 'vitest';
import { answerGrammar, stepGrammar } from '../../../../src-main/agent/structured/step-grammar';
import { parseStructuredStep, readStep } from '../../../../src-main/agent/structured/step-parse';
import type { AgentQuestion } from '../../../../src-main/agent/question';

const MCQ: AgentQuestion = {
  kind: 'mcq',
  question: 'q?',
  options: [
    { key: 'A', name: 'a' },
    { key: 'B', name: 'b' },
  ],
};
const VOCAB = { concepts: ['nucleus', 'cell'], relations: ['is a', 'part of'] };

describe('stepGrammar', () => {
  it('offers only an action on a step that must consult the ontology', () => {
    const g = stepGrammar({ question: MCQ, vocabulary: VOCAB, allowAnswer: false, allowExplain: false });
    expect(g).toMatch(/^root ::= .* action "}"$/m);
    expect(g).not.toMatch(/^answer ::=/m);
    expect(g).not.toMatch(/^query ::= .*explain/m);
  });

  it("offers the answer with the question's keys, and EXPLAIN when allowed", () => {
    const g = stepGrammar({ question: MCQ, vocabulary: VOCAB, allowAnswer: true, allowExplain: true });
    expect(g).toMatch(/\( action \| answer \)/);
    expect(g).toContain('"\\"A\\""');
    expect(g).toContain('"\\"B\\""');
    expect(g).toMatch(/^query ::= .*explain/m);
  });

  it('draws names from the vocabulary, or from free characters without one', () => {
    expect(stepGrammar({ question: MCQ, vocabulary: VOCAB, allowAnswer: true, allowExplain: false })).toMatch(
      /^cname ::= .*"cell"/m,
    );
    expect(stepGrammar({ question: MCQ, vocabulary: null, allowAnswer: true, allowExplain: false })).toMatch(
      /^cname ::= \[\^/m,
    );
  });

  it('writes the OQ answer grammar over the concept names only', () => {
    const g = answerGrammar({ kind: 'oq', question: 'q' }, VOCAB);
    expect(g).toMatch(/^root ::= "\{\\"answer\\": " ans "}"$/m);
    expect(g).toMatch(/^cname ::=/m);
    expect(g).not.toMatch(/^rname/m);
  });
});

describe('parseStructuredStep', () => {
  it('reads actions and answers, in the grammar form and the JSON-schema form', () => {
    expect(parseStructuredStep('{"thought": "t", "action": {"query": "DESCRIBE \\"cell\\""}}')).toEqual({
      kind: 'action',
      thought: 't',
      query: 'DESCRIBE "cell"',
    });
    expect(parseStructuredStep('{"thought": "t", "answer": ["A"]}')).toEqual({
      kind: 'answer',
      thought: 't',
      answer: ['A'],
    });
    expect(readStep({ thought: 't', next: 'answer', query: 'x', answer: ['B'] })).toEqual({
      kind: 'answer',
      thought: 't',
      answer: ['B'],
    });
    expect(readStep({ thought: 't', next: 'query', query: 'DESCRIBE "a"', answer: ['B'] })).toEqual({
      kind: 'action',
      thought: 't',
      query: 'DESCRIBE "a"',
    });
  });

  it('takes the last object from prose and rejects what holds no step', () => {
    expect(parseStructuredStep('Sure! {"thought": "", "action": {"query": "DESCRIBE \\"a\\""}}').kind).toBe('action');
    expect(parseStructuredStep('')).toMatchObject({ kind: 'invalid', reason: 'the reply was empty' });
    expect(parseStructuredStep('no json here').kind).toBe('invalid');
    expect(parseStructuredStep('{"thought": "x"}').kind).toBe('invalid');
    expect(parseStructuredStep('{"action": {"query": "  "}}')).toMatchObject({
      kind: 'invalid',
      reason: 'the action held an empty query',
    });
    expect(parseStructuredStep('[1,2]').kind).toBe('invalid');
  });
});
