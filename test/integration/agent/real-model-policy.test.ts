/**
 * The evidence policy and likelihood scoring with the real SmolLM2-135M in the real llama.cpp child
 * process (threads 1), on the bundled sample and go-nucleus, Test 1 and Test 2. Structure and sound
 * decisions, not accuracy: accuracy is perf:agent's.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentRecord } from '../../../src-main/agent/agent-types';
import { chooseDriver } from '../../../src-main/agent/driver';
import { runAgent } from '../../../src-main/agent/run-agent';
import { frameContext } from '../../../src-main/agent/frame/frame-deps';
import { resourcePath } from '../../../src-main/core/paths';
import { generateDataset } from '../../../src-main/datasets/generate/generate-dataset';
import { loadDataset, type DatasetItem } from '../../../src-main/datasets/generate/dataset';
import { reviseOntology } from '../../../src-main/datasets/revise/revise-service';
import { agentQuestion } from '../../../src-main/evaluation/methods';
import { frameOfItem } from '../../../src-main/evaluation/item-frame';
import { LocalLlamaBackend } from '../../../src-main/llm/local/local-llama-backend';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { QueryService } from '../../../src-main/query/exec/query-service';
import { useOntologyWorkspace } from '../../support/ontology-service';
import { realModel } from '../../support/real-model';
import { sharedOntology } from '../../support/shared-ontologies';

const model = realModel();
const { service, dir } = useOntologyWorkspace('oarag-real-policy-');
let llm: LocalLlamaBackend;

beforeAll(async () => {
  if (!model) return;
  llm = new LocalLlamaBackend({ modelPath: model, threads: 1, gpu: false, contextSize: 4096 });
  await llm.start();
});
afterAll(async () => {
  await llm?.close();
});

async function answer(h: OntologyHandle, items: DatasetItem[]): Promise<[DatasetItem, AgentRecord][]> {
  const qs = new QueryService(h);
  const checks = frameContext(h, qs.names).deps;
  const out: [DatasetItem, AgentRecord][] = [];
  for (const it of items) {
    const rec = await runAgent(
      { handle: h, queryService: qs, llm, persona: 'You are an ontology expert.', driver: 'policy' },
      agentQuestion(it),
      frameOfItem(it, checks),
    );
    out.push([it, rec]);
  }
  return out;
}

/** What holds of every policy record, whatever the model scores. */
function expectSound(pairs: [DatasetItem, AgentRecord][]) {
  for (const [it, r] of pairs) {
    expect(r.decision?.driver).toBe('policy');
    const asks = r.trajectory.filter((s) => s.type === 'action' && s.query.startsWith('ASK'));
    if (it.kind === 'mcq') {
      // The policy put every option's statement to the reasoner, and read the subject's card.
      expect(asks.length, it.id).toBe(it.options.length);
      expect(
        r.trajectory.some((s) => s.type === 'action' && s.query.startsWith('DESCRIBE')),
        it.id,
      ).toBe(true);
      const opts = r.decision!.options!;
      const entailed = opts.filter((o) => o.verdict === 'ENTAILED').map((o) => o.key);
      const chosen = Array.isArray(r.answer) ? r.answer : [];
      // Entailed options are always chosen; with none, the best-scoring option is, among the options
      // whose card names the statement's other concept when there are any.
      for (const k of entailed) expect(chosen, it.id).toContain(k);
      if (!entailed.length) {
        expect(r.decision!.mode).toBe('likelihood');
        const named = opts.filter((o) => o.named);
        const best = [...(named.length ? named : opts)].sort((a, b) => b.lift! - a.lift!)[0];
        expect(
          opts.every((o) => typeof o.lift === 'number'),
          it.id,
        ).toBe(true);
        expect(chosen, it.id).toContain(best.key);
        expect(best.source, it.id).toBe(named.length ? 'card-named' : 'model-score');
        expect(r.usage.evaluatedTokens).toBeGreaterThan(0);
        expect(r.usage.outputTokens).toBe(0);
      }
    }
  }
}

describe.skipIf(!model)('the evidence policy with the real SmolLM2 model', () => {
  it('scores are deterministic and read the context: a statement the card states gains, an unrelated one does not', async () => {
    const card = 'name: myocardium\nsynonyms: heart muscle\npart of: heart';
    const req = {
      prompt: `${card}\n\n`,
      continuations: ['Every myocardium is part of some heart.', 'Every myocardium is part of some kidney.'],
    };
    const a = await llm.score(req);
    const b = await llm.score(req);
    expect(b.scores).toEqual(a.scores);
    const alone = await llm.score({ prompt: '', continuations: req.continuations });
    const lift = a.scores.map((s, i) => s.logprob - alone.scores[i].logprob);
    expect(lift[0]).toBeGreaterThan(lift[1]);
    expect(a.scores.every((s) => s.tokens > 3 && s.logprob < 0)).toBe(true);
    expect(await chooseDriver('auto', llm)).toBe('policy');
  });

  it('on the bundled sample, Test 1 and Test 2: every option checked, entailed options chosen, else the best score (of the options the card names, if any)', async () => {
    const h = await service.open(resourcePath('samples', 'cardio.ofn'));
    const items = (await generateDataset(h, { mcq: 4, oq: 1, seed: 3 })).items;
    const t1 = await answer(h, items);
    expectSound(t1);
    // On Test 1 the reasoner settles every multiple choice: no model call, and right.
    for (const [it, r] of t1.filter(([it]) => it.kind === 'mcq')) {
      expect(r.decision!.mode, it.id).toBe('reasoner');
      expect(r.usage.calls, it.id).toBe(0);
      expect([...(r.answer as string[])].sort(), it.id).toEqual([...(it as { gold: string[] }).gold].sort());
    }
    const rev = await reviseOntology(service, h.path, { questions: items, outDir: join(dir, 'cardio-t2') });
    const revised = await service.open(rev.revisedPath);
    const t2 = await answer(revised, loadDataset(rev.test2Path!).items);
    expectSound(t2);
    expect(t2.some(([, r]) => r.decision?.mode === 'likelihood')).toBe(true);
  }, 600_000);

  it.skipIf(!sharedOntology('go-nucleus.ofn'))(
    'on go-nucleus Test 2: sound decisions within the token budget',
    async () => {
      const h = await service.open(sharedOntology('go-nucleus.ofn')!);
      const items = (await generateDataset(h, { mcq: 4, oq: 1, seed: 2 })).items;
      const rev = await reviseOntology(service, h.path, { questions: items, outDir: join(dir, 'go-t2') });
      const revised = await service.open(rev.revisedPath);
      const t2 = await answer(revised, loadDataset(rev.test2Path!).items);
      expectSound(t2);
      for (const [it, r] of t2) expect(r.usage.evaluatedTokens, it.id).toBeLessThanOrEqual(2000);
    },
    600_000,
  );
});
