import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetHash, toJsonl, type DatasetItem } from '../../../src-main/datasets/generate/dataset';
import { generateDataset } from '../../../src-main/datasets/generate/generate-dataset';
import { ResultStore } from '../../../src-main/evaluation/result-store';
import { runEvaluation, type EvalOptions } from '../../../src-main/evaluation/runner';
import type { ItemResult } from '../../../src-main/evaluation/evaluation-types';
import { TaskCancelledError } from '../../../src-main/core/task';
import { BackoffGate, gatedFetch } from '../../../src-main/llm/openai/backoff-gate';
import { OpenAiBackend } from '../../../src-main/llm/openai/openai-backend';
import { ScriptedBackend } from '../../../src-main/llm/scripted/scripted-backend';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { handleFromDump } from '../../support/dump-fixture';
import { startFakeOpenAi, type FakeOpenAi } from '../../support/fake-openai-server';
import { benchDump } from '../datasets/generate/dataset-fixture';

let h: OntologyHandle;
let cleanup: () => void;
let items: DatasetItem[];
let hash: string;
let server: FakeOpenAi;

beforeAll(async () => {
  ({ handle: h, cleanup } = await handleFromDump(benchDump()));
  items = (await generateDataset(h, { mcq: 24, oq: 8, seed: 7 })).items;
  hash = datasetHash(toJsonl(items));
  // Long enough that all N requests of a batch overlap at the server even on a loaded machine.
  server = await startFakeOpenAi({ latencyMs: 60 });
});
afterAll(async () => {
  await server.close();
  cleanup();
});

function backend(s: FakeOpenAi = server) {
  return new OpenAiBackend({
    baseUrl: s.url,
    model: 'fake',
    fetch: gatedFetch(new BackoffGate()),
    retry: { baseDelayMs: 10, maxDelayMs: 300 },
  });
}

function run(store: ResultStore, concurrency: number, extra: Partial<EvalOptions> = {}) {
  return runEvaluation({
    handle: h,
    items,
    datasetHash: hash,
    method: 'cot',
    model: 'openai:fake',
    modelIdentity: 'openai:fake',
    llm: backend(),
    store,
    concurrency,
    ...extra,
  });
}

/** What must not depend on concurrency: everything but the per-item wall time. */
const stable = (rs: ItemResult[]) => rs.map(({ seconds: _s, ...rest }) => rest);

describe('concurrent evaluation against an OpenAI-compatible server', () => {
  let one: ItemResult[];

  it('N = 8 keeps 8 requests in flight and stores the same results, in dataset order, as N = 1', async () => {
    server.stats.peakInFlight = 0;
    const a = await run(new ResultStore(':memory:'), 1);
    expect(server.stats.peakInFlight).toBe(1);
    one = a.items;
    server.stats.peakInFlight = 0;
    const stages: string[] = [];
    const b = await run(new ResultStore(':memory:'), 8, { onProgress: (p) => stages.push(`${p.fraction} ${p.stage}`) });
    expect(server.stats.peakInFlight).toBe(8);
    expect(b.items.map((r) => r.id)).toEqual(items.map((i) => i.id));
    expect(stable(b.items)).toEqual(stable(one));
    expect(b.accuracy).toBe(a.accuracy);
    expect(b.run).toMatchObject({ answered: items.length, reused: 0 });
    expect(stages.at(-1)).toMatch(new RegExp(`^1 ${items.length}/${items.length} items · \\d+ questions/min$`));
    expect(stages.some((s) => /questions\/min · ETA \d/.test(s))).toBe(true);
  });

  it('a run cancelled mid-way resumes with every item counted once', async () => {
    const store = new ResultStore(':memory:');
    const ac = new AbortController();
    let seen = 0;
    await expect(
      run(store, 8, { signal: ac.signal, onItem: () => ++seen === 10 && ac.abort() }),
    ).rejects.toBeInstanceOf(TaskCancelledError);
    const kept = store.all(store.runs()[0]).size;
    expect(kept).toBe(10); // the items in flight when cancelled are not stored
    const again = await run(store, 8);
    expect(again.run).toMatchObject({ answered: items.length - kept, reused: kept });
    expect(store.count()).toBe(items.length);
    expect(stable(again.items)).toEqual(stable(one));
  });

  it('backs off on 429 (Retry-After) and 503 answers and still answers every item', async () => {
    const busy = await startFakeOpenAi({ latencyMs: 10, refuseEvery: 4, retryAfter: '0.05' });
    try {
      const r = await run(new ResultStore(':memory:'), 8, { llm: backend(busy) });
      expect(busy.stats.refused).toBeGreaterThan(3);
      expect(stable(r.items)).toEqual(stable(one));
    } finally {
      await busy.close();
    }
  });

  it('keeps a scripted (or local) model at one item at a time, and says so', async () => {
    const llm = new ScriptedBackend(Array.from({ length: items.length }, () => 'x\n{"answer": ["A"]}'));
    const r = await runEvaluation({
      handle: h,
      items,
      datasetHash: hash,
      method: 'cot',
      model: 'scripted',
      modelIdentity: 'scripted',
      llm,
      store: new ResultStore(':memory:'),
      concurrency: 4,
    });
    expect(r.warnings).toContain(
      '--concurrency 4 ignored: a scripted model hands out its replies in order, so items run one by one.',
    );
    expect(r.run.answered).toBe(items.length);
  });
});
