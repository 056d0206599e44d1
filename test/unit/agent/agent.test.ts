import { describe, expect, it } from 'vitest';
import { OaRagAgent } from '../../../src-main/agent/agent';
import {
  AGENT_PROMPT,
  CORRECTIONS,
  FINAL_OWN_SYSTEM,
  FINAL_WITH_EVIDENCE_SYSTEM,
} from '../../../src-main/agent/prompts';
import type { AgentQuestion } from '../../../src-main/agent/question';
import { TaskCancelledError } from '../../../src-main/core/task';
import type { LlmBackend } from '../../../src-main/llm/types';
import { clinicalDump } from '../../support/dump-fixture';
import { queryFixture } from '../../support/query-fixture';
import { ScriptedLlm } from '../../support/scripted-llm';

const MCQ: AgentQuestion = {
  kind: 'mcq',
  question: 'Which concepts is every viral myocarditis located in?',
  options: [
    { key: 'A', name: 'myocardium' },
    { key: 'B', name: 'heart valve' },
    { key: 'C', name: 'anatomical structure' },
  ],
};

const { query } = queryFixture(clinicalDump);

function agent(llm: LlmBackend, budget = {}) {
  return new OaRagAgent({ llm, query, persona: 'You are an expert in cardiology.', budget });
}

const act = (q: string) => `Thought: check it\nAction: query(${q})`;

describe('OA-RAG agent loop (scripted model)', () => {
  it('runs a 3-query trajectory, answers from the digest and attributes evidence', async () => {
    const llm = new ScriptedLlm([
      'Thought: myocarditis is in the myocardium.\n{"answer": ["A"]}',
      act('ASK { "viral myocarditis" "located in" "myocardium" }'),
      act('ASK { "viral myocarditis" "located in" "heart valve" }'),
      act('ASK { "viral myocarditis" "located in" "anatomical structure" }'),
      'Thought: I now know the answer\nAnswer: {"answer": ["A", "C"]}',
      'The observations settle it.\n{"answer": ["C", "A"]}',
      '{"evidence": ["E1", "E3"], "grounding": "entailed"}',
    ]);
    const rec = await agent(llm).run(MCQ);
    expect(rec.actions).toBe(3);
    expect(rec.answer).toEqual(['A', 'C']);
    expect(rec.draft).toEqual(['A', 'C']);
    expect(rec.digest.map((d) => d.verdict)).toEqual(['ENTAILED', 'NOT ENTAILED', 'ENTAILED']);
    expect(rec.evidence.map((e) => e.id)).toEqual(['E1', 'E3']);
    expect(rec.evidence[0].text).toBe('every viral myocarditis is related by located in to some myocardium: ENTAILED');
    expect(rec.grounding).toBe('entailed');
    expect(rec.answeredFrom).toBe('evidence');
    expect(rec.usage.calls).toBe(7);
    expect(rec.usage.byStage.react.calls).toBe(4);
    expect(rec.usage.outputTokens).toBe(
      rec.usage.byStage.pre.outputTokens +
        rec.usage.byStage.react.outputTokens +
        rec.usage.byStage.answer.outputTokens +
        rec.usage.byStage.attribution.outputTokens,
    );
    // The ReAct turns continue the pre-tool conversation, with observations as user turns.
    const second = llm.calls[1].messages;
    expect(second.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(second[3].content).toBe(AGENT_PROMPT);
    expect(llm.calls[2].messages.at(-1)!.content).toBe(
      'Observation: every viral myocarditis is related by located in to some myocardium: ENTAILED',
    );
    expect(llm.calls[1].opts.stop).toContain('\nObservation:');
    expect(llm.calls[5].messages[0].content).toBe(FINAL_WITH_EVIDENCE_SYSTEM);
    expect(llm.calls[5].messages[1].content).toContain('Draft answer from the tool phase: {"answer":["A","C"]}');
    // Free reasoning first; its reply already ends in a valid object, so no constrained retry is made.
    expect(llm.calls[5].opts.jsonSchema).toBeUndefined();
    expect(rec.answerFormat).toBe('strict');
    expect(rec.protocol).toEqual({ name: 'text', enforcement: 'text' });
    expect(llm.calls[6].opts.maxTokens).toBe(512);
    expect(rec.trajectory.filter((s) => s.type === 'action')).toHaveLength(3);
  });

  it('stops at 10 actions', async () => {
    const actions = Array.from({ length: 10 }, () => act('DESCRIBE "myocarditis"'));
    const llm = new ScriptedLlm([
      '{"answer": ["A"]}',
      ...actions,
      '{"answer": ["A"]}',
      '{"evidence": ["E1"], "grounding": "supported"}',
    ]);
    const rec = await agent(llm).run(MCQ);
    expect(rec.actions).toBe(10);
    expect(rec.endedBy).toBe('action-budget');
    expect(rec.usage.byStage.react.calls).toBe(10);
    expect(rec.digest).toHaveLength(1); // the same card ten times is one piece of evidence
    expect(rec.answer).toEqual(['A']);
    expect(llm.calls[11].messages[0].content).toBe(FINAL_WITH_EVIDENCE_SYSTEM);
  });

  it('stops at the 5,000-token generation budget', async () => {
    const long = act('DESCRIBE "myocarditis"') + '\n' + 'x'.repeat(4000); // about 1,000 tokens
    const llm = new ScriptedLlm([
      '{"answer": ["A"]}',
      long,
      long,
      long,
      long,
      long,
      long,
      '{"answer": ["A"]}',
      '{"evidence": [], "grounding": "related"}',
    ]);
    const rec = await agent(llm).run(MCQ);
    expect(rec.endedBy).toBe('token-budget');
    expect(rec.actions).toBeLessThan(6);
    expect(rec.usage.byStage.pre.outputTokens + rec.usage.byStage.react.outputTokens).toBeGreaterThanOrEqual(5000);
    expect(rec.answer).toEqual(['A']);
  });

  it('answers malformed replies with a correction that counts toward the budget', async () => {
    const llm = new ScriptedLlm([
      '{"answer": ["A"]}',
      'I think it is A.',
      'Thought: two at once\nAction: query(DESCRIBE "myocarditis")\nAction: query(DESCRIBE "heart")',
      'Thought: x\nAction: query(DESCRIBE "myocarditis")\nObservation: it is located in the heart',
      'Answer: {"answer": ["A"]}',
      '{"answer": ["A"]}',
    ]);
    const rec = await agent(llm).run(MCQ);
    expect(rec.actions).toBe(3);
    const corrections = rec.trajectory
      .filter((s) => s.type === 'observation' && s.kind === 'correction')
      .map((s) => (s as { text: string }).text);
    expect(corrections).toEqual([CORRECTIONS.noActionNoAnswer, CORRECTIONS.twoActions, CORRECTIONS.fakeObservation]);
    expect(rec.digest).toHaveLength(0);
    expect(llm.calls[5].messages[0].content).toBe(FINAL_OWN_SYSTEM);
    expect(rec.answeredFrom).toBe('own-knowledge');
    expect(rec.grounding).toBeNull();
    expect(llm.calls).toHaveLength(6); // no attribution without evidence
  });

  it('retries after UNKNOWN NAME and keeps only the informative observation', async () => {
    const llm = new ScriptedLlm([
      '{"answer": ["A"]}',
      act('DESCRIBE "viral myocarditus"'),
      (m) => {
        expect(m.at(-1)!.content).toMatch(
          /UNKNOWN NAME: no concept is named "viral myocarditus"\. Closest concept names: viral myocarditis/,
        );
        return act('DESCRIBE "viral myocarditis"');
      },
      'Answer: {"answer": ["A"]}',
      '{"answer": ["A"]}',
      '{"evidence": ["E1"], "grounding": "supported"}',
    ]);
    const rec = await agent(llm).run(MCQ);
    expect(rec.digest).toHaveLength(1);
    expect(rec.digest[0].kind).toBe('card');
    expect(rec.digest[0].text.startsWith('name: viral myocarditis')).toBe(true);
    expect(rec.grounding).toBe('supported');
  });

  it('uses the fallback for an empty SELECT and keeps it as (unverified) evidence', async () => {
    const llm = new ScriptedLlm([
      '{"answer": ["A"]}',
      act('SELECT ?x WHERE { ?x "causative agent" "heart" }'),
      'Answer: {"answer": ["A"]}',
      '{"answer": ["A"]}',
      '{"evidence": ["E1"], "grounding": "related"}',
    ]);
    const rec = await agent(llm).run(MCQ);
    expect(rec.digest).toHaveLength(1);
    expect(rec.digest[0].kind).toBe('fallback');
    expect(rec.digest[0].text).toContain('NOT verified');
  });

  it('drops errors, unknown names and empty answers from the digest', async () => {
    const llm = new ScriptedLlm([
      '{"answer": ["A"]}',
      act('SELECT nonsense'),
      act('ASK { "nothing like this" "part of" "heart" }'),
      act('SELECT ?r WHERE { "virus" ?r "heart" }'),
      act('ASK { "myocardium" "part of" "heart" }'),
      'Answer: {"answer": ["A"]}',
      '{"answer": ["A"]}',
      '{"evidence": ["E1"], "grounding": "entailed"}',
    ]);
    const rec = await agent(llm).run(MCQ);
    expect(rec.actions).toBe(4);
    expect(rec.digest.map((d) => d.query)).toEqual(['query(ASK { "myocardium" "part of" "heart" })']);
  });

  it('re-asks attribution exactly once, then records no grounding', async () => {
    const base = [
      '{"answer": ["A"]}',
      act('ASK { "myocardium" "part of" "heart" }'),
      'Answer: {"answer": ["A"]}',
      '{"answer": ["A"]}',
    ];
    const ok = new ScriptedLlm([...base, 'I cannot say.', '{"evidence": ["E1"], "grounding": "entailed"}']);
    const rec = await agent(ok).run(MCQ);
    expect(rec.grounding).toBe('entailed');
    expect(rec.usage.byStage.attribution.calls).toBe(2);
    const bad = new ScriptedLlm([...base, 'nope', '{"grounding": "maybe"}', 'never asked']);
    const rec2 = await agent(bad).run(MCQ);
    expect(rec2.grounding).toBeNull();
    expect(rec2.usage.byStage.attribution.calls).toBe(2);
    expect(rec2.trajectory.at(-1)).toMatchObject({ type: 'note' });
  });

  it('survives any reply: 1 MB of text, binary bytes, JSON injection, a fake Observation; the record stores intact', async () => {
    const binary = String.fromCharCode(...Array.from({ length: 256 }, (_, i) => i));
    const llm = new ScriptedLlm([
      '{"answer": ["B"]}',
      `Thought: ${binary}\nAction: query(DESCRIBE "${binary.replace(/[\n"]/g, '')}")`,
      'Thought: inject\nAction: query(ASK { "myocardium\\" } DELETE { ?s ?p ?o } #" "part of" "heart" })',
      'Action: query({"query": "DESCRIBE \\"heart\\"", "answer": ["A"]})',
      'Thought: sure\nAction: query(DESCRIBE "heart")\nObservation: name: heart\nparents: everything',
      'x'.repeat(1_000_000),
      'Answer: {"answer": ["A"], "extra": "{\\"answer\\": [\\"B\\"]}"}',
    ]);
    const rec = await agent(llm).run(MCQ);
    expect(rec.answer).toEqual(['A']);
    expect(rec.actions).toBe(5);
    expect(rec.endedBy).toBe('token-budget');
    const kinds = rec.trajectory.filter((t) => t.type === 'observation').map((t) => (t as { kind: string }).kind);
    expect(kinds).toEqual(['error', 'error', 'error', 'correction', 'correction']);
    expect(rec.digest).toHaveLength(0);
    const { HistoryStore } = await import('../../../src-main/agent/history-store');
    const { tempDir } = await import('../../support/temp-dir');
    const d = tempDir();
    const store = new HistoryStore(`${d.path}/h.sqlite`);
    const id = store.add(rec, '/x.owl', 'scripted');
    expect(store.get(id)!.trajectory.some((t) => t.type === 'message' && t.content === 'x'.repeat(1_000_000))).toBe(
      true,
    );
    expect(store.get(id)!.trajectory.some((t) => t.type === 'message' && t.content.includes(binary))).toBe(true);
    store.stop();
    d.cleanup();
  });

  it('can be cancelled in the middle of the loop', async () => {
    const controller = new AbortController();
    const llm = new ScriptedLlm(
      ['{"answer": ["A"]}', act('DESCRIBE "myocarditis"'), act('DESCRIBE "heart"'), 'Answer: {"answer": ["A"]}'],
      {
        onCall: (n) => {
          if (n === 3) controller.abort();
        },
      },
    );
    await expect(agent(llm).run(MCQ, { signal: controller.signal })).rejects.toBeInstanceOf(TaskCancelledError);
    expect(llm.calls).toHaveLength(3);
  });
});
