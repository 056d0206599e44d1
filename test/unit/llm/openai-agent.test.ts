import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OaRagAgent } from '../../../src-main/agent/agent';
import type { AgentQuestion } from '../../../src-main/agent/question';
import { OpenAiBackend } from '../../../src-main/llm/openai/openai-backend';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { QueryService } from '../../../src-main/query/exec/query-service';
import { clinicalDump, handleFromDump } from '../../support/dump-fixture';
import { genericMind, startFakeLlm, type ChatBody, type FakeLlm } from '../../support/fake-llm-server';
import { tempDir } from '../../support/temp-dir';

const MCQ: AgentQuestion = {
  kind: 'mcq',
  question: 'Which concepts is every viral myocarditis located in?',
  options: [
    { key: 'A', name: 'myocardium' },
    { key: 'B', name: 'heart valve' },
    { key: 'C', name: 'anatomical structure' },
  ],
};
const QUERY = 'ASK { "viral myocarditis" "located in" "myocardium" }';

/** A vLLM-like server (tools and json_schema, no grammar) with a scripted mind for the agent's stages. */
function mind(body: ChatBody) {
  const probe =
    body.grammar !== undefined ||
    body.tools?.[0]?.function.name === 'oarag_probe' ||
    body.response_format?.json_schema?.name === 'probe';
  if (probe) return genericMind(body);
  if (body.tools?.length) {
    const observed = body.messages.at(-1)!.content.startsWith('Observation:');
    const canAnswer = body.tools.some((t) => t.function.name === 'answer');
    if (observed && canAnswer)
      return {
        toolCalls: [
          { name: 'answer', arguments: JSON.stringify({ thought: 'The ontology entails it.', answer: ['A'] }) },
        ],
      };
    return { toolCalls: [{ name: 'query', arguments: JSON.stringify({ thought: 'Check option A.', query: QUERY }) }] };
  }
  const schema = body.response_format?.json_schema?.schema as { properties?: Record<string, unknown> } | undefined;
  if (schema?.properties?.grounding) return { text: '{"evidence": ["E1"], "grounding": "entailed"}' };
  return { text: 'Myocarditis is inflammation of the myocardium.\n{"answer": ["A"]}' };
}

let h: OntologyHandle;
let cleanup: () => void;
let qs: QueryService;
let server: FakeLlm;
const dir = tempDir('oarag-agent-openai-');
beforeAll(async () => {
  ({ handle: h, cleanup } = await handleFromDump(clinicalDump()));
  qs = new QueryService(h);
  server = await startFakeLlm({ grammar: 'none', tools: true, jsonSchema: true, unsupported: 'ignore', mind });
});
afterAll(async () => {
  await server.close();
  cleanup();
  dir.cleanup();
});

describe('OA-RAG agent, structured protocol, over an OpenAI-compatible server with native tools', () => {
  it('detects tools, runs a query through a tool call and answers from its observation', async () => {
    const llm = new OpenAiBackend({ baseUrl: server.url, model: 'fake-tools', capabilityCacheDir: dir.path });
    const agent = new OaRagAgent({
      llm,
      query: (t) => qs.run(t),
      persona: 'You are an expert in cardiology.',
      protocol: 'structured',
    });
    const rec = await agent.run(MCQ);
    expect(rec.protocol).toEqual({ name: 'structured', enforcement: 'tools' });
    const actions = rec.trajectory.filter((s) => s.type === 'action');
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ query: QUERY, thought: 'Check option A.', valid: true });
    const observations = rec.trajectory.filter((s) => s.type === 'observation');
    expect(observations.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(observations[0])).toContain('ENTAILED');
    expect(rec.steps).toMatchObject({ total: 2, valid: 2 });
    expect(rec.endedBy).toBe('answer');
    expect(rec.answer).toEqual(['A']);
    expect(rec.grounding).toBe('entailed');
    // The react calls went out with the tools and tool_choice 'required'; the observation came back as a user turn.
    const react = server.chats().filter((c) => c.body!.tools?.[0]?.function.name === 'query');
    expect(react).toHaveLength(2);
    for (const c of react) expect(c.body!.tool_choice).toBe('required');
    expect(react[1].body!.messages.at(-1)!.content).toMatch(/^Observation: .*ENTAILED/);

    // A second run, with a new backend on the same server, does not probe again.
    const probes = server.chats().filter((c) => c.body!.tools?.[0]?.function.name === 'oarag_probe').length;
    expect(probes).toBe(1);
    const again = await new OaRagAgent({
      llm: new OpenAiBackend({ baseUrl: server.url, model: 'fake-tools', capabilityCacheDir: dir.path }),
      query: (t) => qs.run(t),
      persona: 'p',
      protocol: 'structured',
    }).run(MCQ);
    expect(again.protocol?.enforcement).toBe('tools');
    expect(server.chats().filter((c) => c.body!.tools?.[0]?.function.name === 'oarag_probe').length).toBe(1);
  });
});
