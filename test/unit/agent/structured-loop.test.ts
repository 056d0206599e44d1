import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HistoryStore } from '../../../src-main/agent/history-store';
import { OaRagAgent } from '../../../src-main/agent/agent';
import type { AgentQuestion } from '../../../src-main/agent/question';
import type { BackendCapabilities, LlmBackend } from '../../../src-main/llm/types';
import { clinicalDump } from '../../support/dump-fixture';
import { queryFixture } from '../../support/query-fixture';
import { ScriptedLlm, type ScriptedReply } from '../../support/scripted-llm';

/** Canned replies with declared capabilities; a fixed prompt of 100 tokens, 60 of them from the cache. */
const script = (replies: ScriptedReply[], can: BackendCapabilities) =>
  new ScriptedLlm(replies, {
    capabilities: can,
    usage: (_m, text) => ({ inputTokens: 100, outputTokens: Math.ceil(text.length / 4) + 1, cachedInputTokens: 60 }),
  });

const MCQ: AgentQuestion = {
  kind: 'mcq',
  question: 'Which concepts is every viral myocarditis located in?',
  options: [
    { key: 'A', name: 'myocardium' },
    { key: 'B', name: 'heart valve' },
  ],
};
const GRAMMAR = { grammar: true, jsonSchema: true, tools: false };
const step = (query: string) => JSON.stringify({ thought: 'check', action: { query } });
const answer = (keys: string[]) => JSON.stringify({ thought: 'done', answer: keys });
const ATTR = '{"evidence": ["E1"], "grounding": "entailed"}';

const { query } = queryFixture(clinicalDump);

const agent = (llm: LlmBackend, extra = {}) =>
  new OaRagAgent({
    llm,
    query,
    persona: 'p',
    protocol: 'structured',
    vocabulary: { concepts: ['viral myocarditis', 'myocardium', 'heart valve'], relations: ['is a', 'located in'] },
    ...extra,
  });

describe('structured ReAct loop', () => {
  it('sends a grammar per step (no answer on the first), runs the queries and counts valid, informative steps', async () => {
    const llm = script(
      [
        '{"answer": ["A"]}',
        step('ASK { "viral myocarditis" "located in" "myocardium" }'),
        answer(['A']),
        '{"answer": ["A"]}',
        ATTR,
      ],
      GRAMMAR,
    );
    const rec = await agent(llm).run(MCQ);
    expect(rec.protocol).toEqual({ name: 'structured', enforcement: 'grammar' });
    const first = llm.calls[1].opts.grammar!;
    expect(first).toMatch(/^root ::= .* action "}"$/m);
    expect(llm.calls[2].opts.grammar).toMatch(/\( action \| answer \)/);
    expect(rec.steps).toEqual({ total: 2, valid: 2, informative: 1 });
    expect(rec.digest[0].verdict).toBe('ENTAILED');
    expect(rec.answer).toEqual(['A']);
    expect(rec.usage.byStage.react.evaluatedTokens).toBe(80);
  });

  it("offers the question's names in the grammar, then the names its observations showed", async () => {
    const llm = script(['x', step('DESCRIBE "viral myocarditis"'), answer(['A']), '{"answer": ["A"]}', ATTR], GRAMMAR);
    await agent(llm).run(MCQ);
    const g1 = llm.calls[1].opts.grammar!;
    expect(g1).toContain('"viral myocarditis"'.slice(1, 6));
    expect(g1).toMatch(/^rname ::= .*located in/m);
  });

  it('refuses an answer on the first step and ends the loop when the model repeats itself', async () => {
    const q = step('ASK { "viral myocarditis" "located in" "heart valve" }');
    const llm = script(['x', answer(['A']), q, q, q, q, '{"answer": ["B"]}', ATTR], GRAMMAR);
    const rec = await agent(llm).run(MCQ);
    expect(rec.endedBy).toBe('repeating');
    expect(rec.trajectory.filter((s) => s.type === 'observation' && s.kind !== 'correction')).toHaveLength(1);
    expect(rec.steps).toMatchObject({ total: 5, informative: 1 });
    // After a repeat the next step is sampled (seeded), so a stuck model can write something else.
    expect(llm.calls[3].opts.temperature).toBeUndefined();
    expect(llm.calls[4].opts).toMatchObject({ temperature: 0.8, seed: expect.any(Number) });
  });

  it('survives empty, endless, broken-UTF-8 and unlinkable replies, and keeps them in the record', async () => {
    const endless = 'la '.repeat(3000);
    const llm = script(
      [
        '',
        '',
        endless,
        '{"thought": "\uFFFD\uFFFD", "action": {"query": "\uFFFD"}}',
        step('DESCRIBE "no such concept at all"'),
        answer(['B']),
        '',
        '',
        '',
      ],
      GRAMMAR,
    );
    const rec = await agent(llm).run(MCQ);
    expect(rec.steps!.total).toBe(5);
    expect(rec.steps!.informative).toBe(0);
    const unknown = rec.trajectory.find((s) => s.type === 'observation' && s.verdict === 'UNKNOWN NAME');
    expect(unknown).toBeTruthy();
    expect(rec.answer).toEqual(['B']);
    expect(rec.grounding).toBeNull();
    const dir = mkdtempSync(join(tmpdir(), 'oarag-hist-'));
    const history = new HistoryStore(join(dir, 'history.sqlite'));
    try {
      const back = history.get(history.add(rec, 'x.ofn', 'scripted:x'))!;
      expect(back.trajectory).toEqual(JSON.parse(JSON.stringify(rec.trajectory)));
      expect(back.steps).toEqual(rec.steps);
      expect(back.trajectory.some((s) => s.type === 'message' && s.content === endless)).toBe(true);
    } finally {
      history.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('uses native tool calls where the server has them', async () => {
    const llm = script(
      [
        'x',
        {
          toolCalls: [
            {
              name: 'query',
              arguments: JSON.stringify({
                thought: 't',
                query: 'ASK { "viral myocarditis" "located in" "myocardium" }',
              }),
            },
          ],
        },
        { toolCalls: [{ name: 'answer', arguments: JSON.stringify({ thought: 't', answer: ['A'] }) }] },
        '{"answer": ["A"]}',
        ATTR,
      ],
      { grammar: false, jsonSchema: true, tools: true },
    );
    const rec = await agent(llm).run(MCQ);
    expect(rec.protocol?.enforcement).toBe('tools');
    expect(llm.calls[1].opts.tools!.map((t) => t.name)).toEqual(['query']);
    expect(llm.calls[1].opts.toolChoice).toBe('required');
    expect(llm.calls[2].opts.tools!.map((t) => t.name)).toEqual(['query', 'answer']);
    expect(rec.steps).toEqual({ total: 2, valid: 2, informative: 1 });
    expect(rec.answer).toEqual(['A']);
  });

  it('falls back to a JSON schema, and to text ReAct for a backend that enforces nothing', async () => {
    const schemaLlm = script(
      [
        'x',
        JSON.stringify({ thought: 't', next: 'query', query: 'DESCRIBE "myocardium"' }),
        JSON.stringify({ thought: 't', next: 'answer', query: '', answer: ['A'] }),
        '{"answer": ["A"]}',
        ATTR,
      ],
      { grammar: false, jsonSchema: true, tools: false },
    );
    const rec = await agent(schemaLlm).run(MCQ);
    expect(rec.protocol?.enforcement).toBe('json-schema');
    expect(schemaLlm.calls[1].opts.jsonSchema).toMatchObject({ properties: { next: { enum: ['query'] } } });
    expect(rec.steps).toEqual({ total: 2, valid: 2, informative: 1 });
    const none = script(['x', 'Answer: {"answer": ["A"]}', '{"answer": ["A"]}'], {
      grammar: false,
      jsonSchema: false,
      tools: false,
    });
    const auto = await agent(none, { protocol: 'auto' }).run(MCQ);
    expect(auto.protocol).toEqual({ name: 'text', enforcement: 'text' });
  });

  it('writes the final answer under the grammar when the free reasoning holds none, and says so', async () => {
    const llm = script(
      [
        'x',
        step('ASK { "viral myocarditis" "located in" "myocardium" }'),
        answer(['A']),
        'I think it is the first one.',
        '{"answer": ["A"]}',
        ATTR,
      ],
      GRAMMAR,
    );
    const rec = await agent(llm).run(MCQ);
    expect(llm.calls[4].opts.grammar).toMatch(/^root ::= "\{\\"answer\\": " ans "}"$/m);
    expect(rec.answerFormat).toBe('constrained');
  });
});

describe('self-referential queries', () => {
  it('answers ASK about a concept and itself with a correction instead of running it', async () => {
    const llm = script(
      [
        'x',
        step('ASK { "myocardium" "is a" "myocardium" }'),
        step('ASK { "viral myocarditis" "located in" "myocardium" }'),
        answer(['A']),
        '{"answer": ["A"]}',
        ATTR,
      ],
      GRAMMAR,
    );
    const rec = await agent(llm).run(MCQ);
    const obs = rec.trajectory.filter((s) => s.type === 'observation');
    expect(obs[0]).toMatchObject({ kind: 'correction' });
    expect(obs[1]).toMatchObject({ verdict: 'ENTAILED' });
    expect(rec.digest).toHaveLength(1);
    // The next step may not put that concept in the object slot again.
    expect(llm.calls[2].opts.grammar).toMatch(/^co ::= .* oname-x /m);
    expect(llm.calls[2].opts.grammar).not.toMatch(/^oname-x.*"myocardium"/m);
    expect(llm.calls[1].opts.grammar).toMatch(/^co ::= c$/m);
  });
});

describe('repeats', () => {
  it('after a repeated ASK, the next step may not use its object again, or its relation where the object is the only concept', async () => {
    const q1 = step('ASK { "viral myocarditis" "located in" "myocardium" }');
    const llm = script(['x', q1, q1, answer(['A']), '{"answer": ["A"]}', ATTR], GRAMMAR);
    await agent(llm).run(MCQ);
    expect(llm.calls[2].opts.grammar).toMatch(/^co ::= c$/m);
    expect(llm.calls[3].opts.grammar).toMatch(/^co ::= .* oname-x /m);
    const single: AgentQuestion = { kind: 'free', question: 'Is "myocardium" located in itself?' };
    const q2 = step('ASK { "myocardium" "located in" "myocardium" }');
    const llm2 = script(
      ['x', q2, q2, JSON.stringify({ thought: 'd', answer: 'the heart' }), '{"answer": "the heart"}', ATTR],
      GRAMMAR,
    );
    await agent(llm2, { vocabulary: { concepts: ['myocardium'], relations: ['is a', 'located in', 'part of'] } }).run(
      single,
    );
    expect(llm2.calls[2].opts.grammar).toMatch(/^rname ::= .*located in/m);
    expect(llm2.calls[3].opts.grammar).not.toMatch(/located in/);
  });
});
