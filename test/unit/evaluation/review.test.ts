import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EvalReview } from '../../../src-main/evaluation/review';
import { ResultStore } from '../../../src-main/evaluation/result-store';
import { runEvaluation } from '../../../src-main/evaluation/runner';
import { datasetHash, toJsonl, type DatasetItem } from '../../../src-main/datasets/generate/dataset';
import { generateDataset } from '../../../src-main/datasets/generate/generate-dataset';
import { paramSchemas } from '../../../src-main/api/contract';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { handleFromDump } from '../../support/dump-fixture';
import { tempDir } from '../../support/temp-dir';
import { benchDump } from '../datasets/generate/dataset-fixture';

let h: OntologyHandle;
let cleanup: () => void;
let items: DatasetItem[];
let runId: string;
const dir = tempDir('oarag-review-');
const storePath = join(dir.path, 'eval-results.sqlite');
const datasetPath = join(dir.path, 'test1.jsonl');

beforeAll(async () => {
  ({ handle: h, cleanup } = await handleFromDump(benchDump()));
  items = (await generateDataset(h, { mcq: 8, oq: 4, seed: 2 })).items;
  const text = toJsonl(items);
  writeFileSync(datasetPath, text);
  const store = new ResultStore(storePath);
  runId = (
    await runEvaluation({
      handle: h,
      items,
      datasetHash: datasetHash(text),
      datasetPath,
      method: 'reasoner-only',
      store,
    })
  ).runId;
  store.close();
});
afterAll(() => {
  cleanup();
  dir.cleanup();
});

describe('evaluation review', () => {
  it("lists a run's items in dataset order with what the filters need", () => {
    const r = new EvalReview(storePath);
    expect(r.runs().map((x) => x.id)).toEqual([runId]);
    const { rows } = r.items(runId);
    expect(rows.map((x) => x.id)).toEqual(items.map((i) => i.id));
    expect(rows[0]).toMatchObject({
      kind: 'mcq',
      correct: true,
      claimed: null,
      checked: 'entailed',
      mark: null,
      note: false,
    });
    expect(rows.filter((x) => x.kind === 'oq').every((x) => x.n !== null && x.slot === null)).toBe(true);
  });

  it('opens one item with its dataset question, result, trace and mark', () => {
    const r = new EvalReview(storePath);
    const oq = items.find((i) => i.kind === 'oq')!;
    const it = r.item(runId, oq.id);
    expect(it.item).toEqual(oq);
    expect(it.itemNote).toBeNull();
    expect(it.result.goldEvidence!.length).toBe(oq.evidence.length);
    expect(it.record).toMatchObject({ query: expect.stringMatching(/^SELECT \?x WHERE/) });
    expect(it.mark).toBeNull();
  });

  it('keeps marks, refuses unknown runs and items with a clear error, and exports the marks', () => {
    const r = new EvalReview(storePath);
    const id = items[3].id;
    expect(r.mark(runId, id, 'disagree', 'odd distractor')).toMatchObject({
      verdict: 'disagree',
      note: 'odd distractor',
    });
    expect(r.items(runId).rows.find((x) => x.id === id)).toMatchObject({ mark: 'disagree', note: true });
    expect(() => r.item(runId, 'nope')).toThrow(/not in this run/);
    expect(() => r.mark(runId, 'nope', 'agree', '')).toThrow(/not in this run/);
    expect(() => r.items('0'.repeat(20))).toThrow(/No evaluation run has that id/);
    const md = r.export(runId, 'markdown');
    expect(md.fileName).toMatch(/\.md$/);
    expect(md.content).toContain(`| ${id} | correct | disagree | odd distractor |`);
    expect(md.content).toContain('### Grounding checked by the reasoner');
    const json = JSON.parse(r.export(runId, 'json').content) as { marks: { item: string }[]; items: unknown[] };
    expect(json.marks.map((m) => m.item)).toEqual([id]);
    expect(json.items).toHaveLength(items.length);
  });

  it('says so when the dataset file changed since the run, and still shows the result', () => {
    writeFileSync(datasetPath, toJsonl(items.slice(0, 3)));
    const it = new EvalReview(storePath).item(runId, items[0].id);
    expect(it.item).toBeNull();
    expect(it.itemNote).toMatch(/changed since the run/);
    expect(it.result.id).toBe(items[0].id);
  });

  it('validates review calls at the API boundary', () => {
    expect(paramSchemas['evaluation.item'].safeParse({ runId: 'x', item: 'a' }).success).toBe(false);
    expect(paramSchemas['evaluation.mark'].safeParse({ runId, item: 'a', verdict: 'maybe', note: '' }).success).toBe(
      false,
    );
    expect(
      paramSchemas['evaluation.mark'].safeParse({ runId, item: 'a', verdict: null, note: 'x'.repeat(5001) }).success,
    ).toBe(false);
    expect(paramSchemas['evaluation.mark'].safeParse({ runId, item: 'a', verdict: 'agree', note: '' }).success).toBe(
      true,
    );
  });
});
