import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OaRagAgent, type AgentBudget } from '../../../src-main/agent/agent';
import type { AgentRecord } from '../../../src-main/agent/agent-types';
import { HistoryStore } from '../../../src-main/agent/history-store';
import { grammarVocabulary } from '../../../src-main/agent/structured/grammar-vocabulary';
import { agentQuestion } from '../../../src-main/evaluation/methods';
import { generateDataset } from '../../../src-main/datasets/generate/generate-dataset';
import { resourcePath } from '../../../src-main/core/paths';
import { LocalLlamaBackend } from '../../../src-main/llm/local/local-llama-backend';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { QueryService } from '../../../src-main/query/exec/query-service';
import { useOntologyWorkspace } from '../../support/ontology-service';
import { realModel } from '../../support/real-model';
import { sharedOntology } from '../../support/shared-ontologies';

/**
 * The OA-RAG agent with the real SmolLM2-135M-Instruct in the real llama.cpp child process (threads 1).
 * These tests check structure, never accuracy: every structured step parses, every question gets at
 * least one query answered by a verdict or a card, and the history keeps the whole record.
 */
const model = realModel();
const { service, dir } = useOntologyWorkspace('oarag-real-agent-');
/** Short free reasoning keeps the suite's time bounded; the step protocol is what is under test. */
const BUDGET: Partial<AgentBudget> = { maxActions: 4, preTokens: 64, answerTokens: 64, attributionTokens: 64 };
let llm: LocalLlamaBackend;
let history: HistoryStore;

beforeAll(async () => {
  if (!model) return;
  llm = new LocalLlamaBackend({ modelPath: model, threads: 1, gpu: false, contextSize: 4096 });
  await llm.start();
  history = new HistoryStore(join(dir, 'history.sqlite'));
});
afterAll(async () => {
  await llm?.close();
  history?.stop();
});

async function runItems(h: OntologyHandle, n: { mcq: number; oq: number }): Promise<AgentRecord[]> {
  const qs = new QueryService(h);
  const agent = new OaRagAgent({
    llm,
    query: (t) => qs.run(t),
    persona: 'You are an ontology expert.',
    budget: BUDGET,
    vocabulary: grammarVocabulary(h),
  });
  const items = (await generateDataset(h, { ...n, seed: 3 })).items;
  const out: AgentRecord[] = [];
  for (const it of items) out.push(await agent.run(agentQuestion(it)));
  return out;
}

function expectStructured(recs: AgentRecord[]) {
  for (const r of recs) {
    expect(r.protocol).toEqual({ name: 'structured', enforcement: 'grammar' });
    expect(r.steps!.total).toBeGreaterThan(0);
    // Under the grammar every step is an action whose query parses, or an answer in the schema.
    expect(r.steps!.valid).toBe(r.steps!.total);
    expect(r.steps!.informative).toBeGreaterThanOrEqual(1);
    const obs = r.trajectory.filter((s) => s.type === 'observation' && s.kind !== 'correction');
    expect(obs.length).toBeGreaterThanOrEqual(1);
    expect(r.usage.evaluatedTokens).toBeGreaterThan(0);
    expect(r.usage.evaluatedTokens).toBeLessThanOrEqual(r.usage.inputTokens);
  }
}

describe.skipIf(!model)('the agent with the real SmolLM2 model', () => {
  it('on the bundled sample: valid steps, a query answered per question, the history keeps the record', async () => {
    const h = await service.open(resourcePath('samples', 'cardio.ofn'));
    const recs = await runItems(h, { mcq: 2, oq: 1 });
    expectStructured(recs);
    for (const r of recs) {
      const id = history.add(r, h.path, model!);
      const back = history.get(id)!;
      expect(back.trajectory).toEqual(JSON.parse(JSON.stringify(r.trajectory)));
      expect(back.usage).toEqual(r.usage);
      expect(back.steps).toEqual(r.steps);
      expect(back.answer).toEqual(r.answer);
    }
  });

  it.skipIf(!sharedOntology('go-nucleus.ofn'))(
    'on go-nucleus: valid steps and a query answered per question',
    async () => {
      const h = await service.open(sharedOntology('go-nucleus.ofn')!);
      expectStructured(await runItems(h, { mcq: 2, oq: 0 }));
    },
  );

  it('survives steps cut off at the length limit: each is recorded as invalid, corrected, and the run ends with a record', async () => {
    const h = await service.open(resourcePath('samples', 'cardio.ofn'));
    const qs = new QueryService(h);
    // Eight tokens cannot hold a whole step object: every step is cut mid-string.
    const agent = new OaRagAgent({
      llm,
      query: (t) => qs.run(t),
      persona: 'x',
      budget: { ...BUDGET, maxActions: 2, maxTokensPerCall: 8 },
      vocabulary: grammarVocabulary(h),
    });
    const rec = await agent.run({ kind: 'free', question: 'What is myocarditis?' });
    expect(rec.steps).toMatchObject({ total: 2, valid: 0, informative: 0 });
    expect(rec.trajectory.filter((s) => s.type === 'observation' && s.kind === 'correction')).toHaveLength(2);
    expect(rec.endedBy).toBe('action-budget');
    const back = history.get(history.add(rec, h.path, model!))!;
    expect(back.steps).toEqual(rec.steps);
  });
});
