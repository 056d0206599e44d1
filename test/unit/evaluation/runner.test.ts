import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateDataset } from '../../../src-main/datasets/generate/generate-dataset';
import {
  datasetHash,
  loadDataset,
  toJsonl,
  type DatasetItem,
  type McqItem,
} from '../../../src-main/datasets/generate/dataset';
import { ResultStore } from '../../../src-main/evaluation/result-store';
import { runEvaluation } from '../../../src-main/evaluation/runner';
import { PROMPT_VERSION } from '../../../src-main/agent/protocol';
import { UserError } from '../../../src-main/core/errors';
import { TaskCancelledError } from '../../../src-main/core/task';
import { LlmError } from '../../../src-main/llm/errors';
import type { ChatMessage, GenerateOptions, GenerateResult, LlmBackend } from '../../../src-main/llm/types';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { handleFromDump } from '../../support/dump-fixture';
import { tempDir } from '../../support/temp-dir';
import { benchDump } from '../datasets/generate/dataset-fixture';

let h: OntologyHandle;
let cleanup: () => void;
let items: DatasetItem[];
let hash: string;
const dir = tempDir('oarag-eval-');

beforeAll(async () => {
  ({ handle: h, cleanup } = await handleFromDump(benchDump()));
  const g = await generateDataset(h, { mcq: 24, oq: 12, seed: 5 });
  items = g.items;
  hash = datasetHash(toJsonl(items));
});
afterAll(() => {
  cleanup();
  dir.cleanup();
});

/** Replies computed from the prompt; counts calls; can fail or abort on a given call. */
class FakeLlm implements LlmBackend {
  readonly id = 'fake';
  calls = 0;
  readonly prompts: ChatMessage[][] = [];
  constructor(
    private readonly reply: (messages: ChatMessage[], n: number) => string,
    private readonly failAt?: { call: number; error: () => Error },
  ) {}
  async chat(messages: ChatMessage[], _opts: GenerateOptions): Promise<GenerateResult> {
    this.calls++;
    this.prompts.push(messages);
    if (this.failAt && this.calls === this.failAt.call) throw this.failAt.error();
    const text = this.reply(messages, this.calls);
    return { text, inputTokens: 10, outputTokens: 5, finish: 'stop' };
  }
  async close() {}
}

const answerA = () => 'Thinking briefly.\n{"answer": ["A"]}';

describe('evaluation runner', () => {
  it('reasoner-only scores 100% on a generated Test 1, with all gold evidence retrieved', async () => {
    const store = new ResultStore(':memory:');
    const r = await runEvaluation({ handle: h, items, datasetHash: hash, method: 'reasoner-only', store });
    expect(r.accuracy).toBe(1);
    expect(r.n).toBe(36);
    expect(r.byKind.mcq.accuracy).toBe(1);
    expect(r.byKind.oq.accuracy).toBe(1);
    expect(r.model).toBe('none');
    expect(r.usage.callsPerQuestion).toBe(0);
    expect(r.evidence!.all.retrieved.full).toBe(1);
    expect(Object.keys(r.bySlot).sort()).toEqual(['filler', 'relation', 'subject']);
    // Its predictions are what the reasoner entails, so the check confirms every one, with every gold reference retrieved.
    expect(r.checked.distribution.entailed.count).toBe(36);
    expect(
      r.items.every((i) => i.goldEvidence!.length > 0 && i.goldEvidence!.every((g) => g.retrieved && g.cited)),
    ).toBe(true);
    store.close();
  });

  it('keys results by ontology content, model identity, protocol and prompt version: a change reuses nothing', async () => {
    const store = new ResultStore(':memory:');
    const some = items.slice(0, 6);
    const first = await runEvaluation({ handle: h, items: some, datasetHash: hash, method: 'reasoner-only', store });
    expect(first.key).toMatchObject({
      dataset: hash,
      method: 'reasoner-only',
      model: 'none',
      protocol: 'none',
      promptVersion: 0,
    });
    expect(first.key.ontology).toMatch(/^sha256:/);
    expect(
      (await runEvaluation({ handle: h, items: some, datasetHash: hash, method: 'reasoner-only', store })).run,
    ).toMatchObject({ answered: 0, reused: 6 });
    const revised = await runEvaluation({
      handle: h,
      items: some,
      datasetHash: hash,
      method: 'reasoner-only',
      store,
      ontologyHash: 'sha256:another',
    });
    expect(revised.run).toMatchObject({ answered: 6, reused: 0 });
    expect(revised.runId).not.toBe(first.runId);

    const llm = () => new FakeLlm(answerA);
    const a = await runEvaluation({
      handle: h,
      items: some,
      datasetHash: hash,
      method: 'cot',
      model: 'x',
      modelIdentity: 'gguf:sha256:aaa',
      llm: llm(),
      store,
    });
    expect(a.key).toMatchObject({ model: 'gguf:sha256:aaa', protocol: 'auto', promptVersion: PROMPT_VERSION });
    // The same spec with other weights behind it, or another protocol, is another run.
    const b = await runEvaluation({
      handle: h,
      items: some,
      datasetHash: hash,
      method: 'cot',
      model: 'x',
      modelIdentity: 'gguf:sha256:bbb',
      llm: llm(),
      store,
    });
    expect(b.run.reused).toBe(0);
    const c = await runEvaluation({
      handle: h,
      items: some,
      datasetHash: hash,
      method: 'cot',
      model: 'x',
      modelIdentity: 'gguf:sha256:aaa',
      llm: llm(),
      store,
      ...{ protocol: 'text' },
    });
    expect(c.run.reused).toBe(0);
    expect(c.key.protocol).toBe('text');
    const d = await runEvaluation({
      handle: h,
      items: some,
      datasetHash: hash,
      method: 'cot',
      model: 'x',
      modelIdentity: 'gguf:sha256:aaa',
      llm: llm(),
      store,
    });
    expect(d.run).toMatchObject({ answered: 0, reused: 6 });
    // A model answering "A" everywhere is checked against the reasoner item by item.
    expect(a.items.every((i) => i.checked && i.checked.level !== 'unchecked')).toBe(true);
    for (const i of a.items.filter((x) => x.kind === 'mcq')) expect(i.checked!.level === 'entailed').toBe(i.correct);
    store.close();
  });

  it('is resumable: a run killed midway continues without redoing finished items', async () => {
    const path = join(dir.path, 'resume.sqlite');
    const progress: number[] = [];
    const dying = new FakeLlm(answerA, { call: 11, error: () => new LlmError('http', 'the server went away') });
    let store = new ResultStore(path);
    // A server failure stops the run with the finished items and the reason (results.json is still written).
    const cut = await runEvaluation({
      handle: h,
      items,
      datasetHash: hash,
      method: 'cot',
      model: 'fake-model',
      llm: dying,
      store,
    });
    expect(cut.stopped?.reason).toMatch(/server went away/);
    expect(cut.n).toBe(10);
    expect(cut.items).toHaveLength(10);
    store.close();
    expect(dying.calls).toBe(11);

    store = new ResultStore(path);
    const fresh = new FakeLlm(answerA);
    const r = await runEvaluation({
      handle: h,
      items,
      datasetHash: hash,
      method: 'cot',
      model: 'fake-model',
      llm: fresh,
      store,
      onProgress: (p) => progress.push(p.fraction),
    });
    expect(fresh.calls).toBe(items.length - 10);
    expect(r.run).toMatchObject({ answered: items.length - 10, reused: 10 });
    expect(r.n).toBe(items.length);
    expect(progress.at(-1)).toBe(1);

    // A third run answers nothing; another model or another dataset hash starts afresh.
    const idle = new FakeLlm(answerA);
    const again = await runEvaluation({
      handle: h,
      items,
      datasetHash: hash,
      method: 'cot',
      model: 'fake-model',
      llm: idle,
      store,
    });
    expect(idle.calls).toBe(0);
    expect(again.accuracy).toBe(r.accuracy);
    const other = new FakeLlm(answerA);
    await runEvaluation({
      handle: h,
      items: items.slice(0, 3),
      datasetHash: hash,
      method: 'cot',
      model: 'other-model',
      llm: other,
      store,
    });
    expect(other.calls).toBe(3);
    store.close();
  });

  it('stops on cancel without storing the item in flight', async () => {
    const store = new ResultStore(':memory:');
    const ac = new AbortController();
    const llm = new FakeLlm((_m, n) => {
      if (n === 4) ac.abort();
      return answerA();
    });
    await expect(
      runEvaluation({ handle: h, items, datasetHash: hash, method: 'cot', model: 'x', llm, store, signal: ac.signal }),
    ).rejects.toBeInstanceOf(TaskCancelledError);
    expect(store.all(store.runs()[0]).size).toBe(3);
    store.close();
  });

  it('scores an item whose prompt overflows as wrong and goes on', async () => {
    const store = new ResultStore(':memory:');
    const llm = new FakeLlm(answerA, {
      call: 2,
      error: () => new LlmError('context-overflow', 'the prompt does not fit'),
    });
    const r = await runEvaluation({
      handle: h,
      items: items.slice(0, 4),
      datasetHash: hash,
      method: 'cot',
      model: 'x',
      llm,
      store,
    });
    expect(r.n).toBe(4);
    expect(r.errors).toBe(1);
    expect(r.items[1]).toMatchObject({ correct: false, predicted: null, error: 'the prompt does not fit' });
    store.close();
  });

  it('cot: one call per question, answers parsed, tokens counted', async () => {
    const store = new ResultStore(':memory:');
    const mcqs = items.filter((i): i is McqItem => i.kind === 'mcq');
    const gold = (m: ChatMessage[]) => {
      const q = mcqs.find((x) => m[1].content.includes(x.question))!;
      return `Reasoning.\n{"answer": ${JSON.stringify(q.gold)}}`;
    };
    const llm = new FakeLlm(gold);
    const r = await runEvaluation({ handle: h, items: mcqs, datasetHash: hash, method: 'cot', model: 'x', llm, store });
    expect(r.accuracy).toBe(1);
    expect(llm.calls).toBe(mcqs.length);
    expect(r.usage).toMatchObject({ callsPerQuestion: 1, inputTokensPerQuestion: 10, outputTokensPerQuestion: 5 });
    expect(r.evidence).toBeNull();
    expect(llm.prompts[0][1].content).toContain('Options:\nA. ');
    store.close();
  });

  it('rag-text: retrieves five cards by BM25 and puts them before the question', async () => {
    const store = new ResultStore(':memory:');
    const llm = new FakeLlm(answerA);
    const item = items.find((i): i is McqItem => i.kind === 'mcq' && i.slot === 'filler')!;
    const r = await runEvaluation({
      handle: h,
      items: [item],
      datasetHash: hash,
      method: 'rag-text',
      model: 'x',
      llm,
      store,
    });
    const user = llm.prompts[0][1].content;
    expect(user.startsWith('Records from the ontology:')).toBe(true);
    expect(user.match(/^\[\d\] name: /gm)?.length).toBe(5);
    expect(user).toContain(`Question: ${item.question}`);
    expect(r.evidence?.all.n).toBe(1);
    const rec = store.record(r.key, item.id) as { retrieved: string[] };
    expect(rec.retrieved).toHaveLength(5);
    store.close();
  });

  it('oa-rag: runs the agent, records grounding and gold-evidence retrieval', async () => {
    const store = new ResultStore(':memory:');
    const item = items.find((i): i is McqItem => i.kind === 'mcq' && i.slot === 'filler')!;
    const ix = h.closure;
    const name = (iri: string) => ix.nameOf(ix.id(iri)!);
    const goldName = item.options.find((o) => o.key === item.gold[0])!.name;
    const ask = `ASK { "${name(item.axiom.subject)}" "${name(item.axiom.relation)}" "${goldName}" }`;
    const replies = [
      `I think it is ${item.gold[0]}.\n{"answer": ${JSON.stringify(item.gold)}}`,
      `Thought: check it\nAction: query(${ask})`,
      `Thought: I now know the answer\nAnswer: {"answer": ${JSON.stringify(item.gold)}}`,
      `Verified.\n{"answer": ${JSON.stringify(item.gold)}}`,
      '{"evidence": ["E1"], "grounding": "entailed"}',
    ];
    const llm = new FakeLlm((_m, n) => replies[n - 1]);
    const r = await runEvaluation({
      handle: h,
      items: [item],
      datasetHash: hash,
      method: 'oa-rag',
      model: 'x',
      llm,
      store,
    });
    expect(llm.calls).toBe(5);
    expect(r.items[0]).toMatchObject({ correct: true, grounding: 'entailed' });
    expect(r.items[0].evidence).toEqual({
      retrieved: item.gold.length === 1 ? 'full' : 'partial',
      cited: item.gold.length === 1 ? 'full' : 'partial',
      retrievedCited: 'full',
    });
    expect(r.grounding.distribution.entailed.count).toBe(1);
    expect(r.usage.callsPerQuestion).toBe(5);
    const rec = store.record(r.key, item.id) as { actions: number };
    expect(rec.actions).toBe(1);
    store.close();
  });

  it('needs a model for LLM methods and warns when the dataset names another ontology', async () => {
    const store = new ResultStore(':memory:');
    await expect(runEvaluation({ handle: h, items, datasetHash: hash, method: 'cot', store })).rejects.toBeInstanceOf(
      UserError,
    );
    const renamed = items.slice(0, 2).map((i) => ({ ...i, ontology: 'revised.ofn' }));
    const r = await runEvaluation({ handle: h, items: renamed, datasetHash: 'h2', method: 'reasoner-only', store });
    expect(r.warnings[0]).toMatch(/built from revised\.ofn, but it is evaluated against fixture/);
    store.close();
  });

  it('loads a dataset file with its hash and reports bad lines by number', () => {
    const p = join(dir.path, 'd.jsonl');
    writeFileSync(p, toJsonl(items));
    const ds = loadDataset(p);
    expect(ds.items).toEqual(items);
    expect(ds.hash).toBe(hash);
    writeFileSync(p, toJsonl(items.slice(0, 2)) + '{"id": "x", "kind": "mcq"}\n');
    expect(() => loadDataset(p)).toThrow(/d\.jsonl line 3: "question" must be a non-empty string/);
    writeFileSync(p, 'not json\n');
    expect(() => loadDataset(p)).toThrow(/line 1 is not valid JSON/);
    expect(() => loadDataset(join(dir.path, 'missing.jsonl'))).toThrow(/cannot read the dataset/);
  });
});
