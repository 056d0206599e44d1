import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paramSchemas } from '../../../src-main/api/contract';
import { datasetHash, toJsonl, type DatasetItem } from '../../../src-main/datasets/generate/dataset';
import { generateDataset } from '../../../src-main/datasets/generate/generate-dataset';
import { ResultStore } from '../../../src-main/evaluation/result-store';
import { EvalReview } from '../../../src-main/evaluation/review';
import { runEvaluation } from '../../../src-main/evaluation/runner';
import type { ChatMessage, GenerateResult, LlmBackend } from '../../../src-main/llm/types';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { handleFromDump } from '../../support/dump-fixture';
import { tempDir } from '../../support/temp-dir';
import { benchDump } from '../datasets/generate/dataset-fixture';

/** A model that picks option A of every question (and names nothing for open ones). */
class AnswersA implements LlmBackend {
  readonly id = 'answers-a';
  async chat(_m: ChatMessage[]): Promise<GenerateResult> {
    return { text: 'Briefly.\n{"answer": ["A"]}', inputTokens: 10, outputTokens: 5, finish: 'stop' };
  }
  async close() {}
}

let h: OntologyHandle;
let cleanup: () => void;
let items: DatasetItem[];
let reasoner: string;
let cot: string;
const dir = tempDir('oarag-compare-');
const storePath = join(dir.path, 'eval-results.sqlite');
const datasetPath = join(dir.path, 'test1.jsonl');

beforeAll(async () => {
  ({ handle: h, cleanup } = await handleFromDump(benchDump()));
  items = (await generateDataset(h, { mcq: 8, oq: 2, seed: 2 })).items;
  const text = toJsonl(items);
  writeFileSync(datasetPath, text);
  const store = new ResultStore(storePath);
  const common = { handle: h, datasetHash: datasetHash(text), datasetPath, store };
  reasoner = (await runEvaluation({ ...common, items, method: 'reasoner-only' })).runId;
  // The model answers the first five only.
  cot = (
    await runEvaluation({
      ...common,
      items: items.slice(0, 5),
      method: 'cot',
      model: 'a',
      modelIdentity: 'id:a',
      llm: new AnswersA(),
    })
  ).runId;
  store.close();
});
afterAll(() => {
  cleanup();
  dir.cleanup();
});

describe('runs side by side', () => {
  it('lists stored runs with their dataset file and how many items each holds', () => {
    const runs = new EvalReview(storePath).runs();
    const byId = new Map(runs.map((r) => [r.id, r]));
    expect(byId.get(reasoner)).toMatchObject({ datasetPath, items: items.length, method: 'reasoner-only' });
    expect(byId.get(cot)).toMatchObject({ datasetPath, items: 5, method: 'cot' });
  });

  it('puts every item of either run in dataset order, with each run’s answer, score and checked level', async () => {
    const c = await new EvalReview(storePath).compare([reasoner, cot]);
    expect(c.runs.map((r) => r.id)).toEqual([reasoner, cot]);
    expect(c.rows.map((r) => r.id)).toEqual(items.map((i) => i.id));
    const first = items[0];
    if (first.kind !== 'mcq') throw new Error('the fixture starts with an MCQ');
    const row = c.rows[0];
    expect(row.question).toBe(first.question);
    expect(row.gold).toEqual(first.gold.map((k) => `${k} — ${first.options.find((o) => o.key === k)!.name}`));
    // The reasoner-only method answers every MCQ of a Test 1 dataset right; the model always says A.
    expect(row.cells[0]).toMatchObject({ correct: true, checked: 'entailed' });
    expect(row.cells[1]).toMatchObject({
      predicted: ['A'],
      shown: [`A — ${first.options[0].name}`],
      correct: first.gold.length === 1 && first.gold[0] === 'A',
    });
    expect(row.differs).toBe(row.cells[0]!.correct !== row.cells[1]!.correct);
    // Items the model did not answer are open in its column, and the note says how many.
    expect(c.rows.slice(5).every((r) => r.cells[1] === null && r.cells[0] !== null)).toBe(true);
    expect(c.totals).toEqual([
      { items: items.length, correct: c.rows.filter((r) => r.cells[0]!.correct).length },
      { items: 5, correct: c.rows.filter((r) => r.cells[1]?.correct).length },
    ]);
    expect(c.notes).toEqual([
      `${items.length - 5} of ${items.length} items are answered by only some of the runs (shown as "–" in the others).`,
    ]);
  });

  it('refuses one run twice, unknown runs, and fewer than two or more than four over the API', async () => {
    const r = new EvalReview(storePath);
    await expect(r.compare([cot, cot])).rejects.toThrow('Each run can be compared once.');
    await expect(r.compare([cot, '0'.repeat(20)])).rejects.toThrow('No evaluation run has that id.');
    const schema = paramSchemas['evaluation.compare'];
    expect(schema.safeParse({ runIds: [cot] }).success).toBe(false);
    expect(schema.safeParse({ runIds: [cot, reasoner] }).success).toBe(true);
    expect(schema.safeParse({ runIds: Array(5).fill(cot) }).success).toBe(false);
  });
});
