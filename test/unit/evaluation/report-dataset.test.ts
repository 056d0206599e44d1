import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetHash, toJsonl, type DatasetItem } from '../../../src-main/datasets/generate/dataset';
import { generateDataset } from '../../../src-main/datasets/generate/generate-dataset';
import { selectItems } from '../../../src-main/evaluation/item-selection';
import { datasetItems, reportJson } from '../../../src-main/evaluation/report';
import { ResultStore } from '../../../src-main/evaluation/result-store';
import { EvalReview } from '../../../src-main/evaluation/review';
import { runEvaluation } from '../../../src-main/evaluation/runner';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { handleFromDump } from '../../support/dump-fixture';
import { tempDir } from '../../support/temp-dir';
import { benchDump } from '../datasets/generate/dataset-fixture';

describe("the report's dataset line says which items, as the run did", () => {
  it('names a selection, a part of the dataset, or the whole', () => {
    const hash = 'x';
    expect(datasetItems({ dataset: { hash, items: 5 }, selection: { mode: 'first', n: 5, of: 24 } })).toBe(
      'the first 5 of 24 items',
    );
    expect(datasetItems({ dataset: { hash, items: 5, of: 24 } })).toBe('5 of 24 items');
    expect(datasetItems({ dataset: { hash, items: 24, of: 24 } })).toBe('24 items');
    expect(datasetItems({ dataset: { hash, items: 1 } })).toBe('1 item');
  });

  let h: OntologyHandle;
  let cleanup: () => void;
  let items: DatasetItem[];
  const dir = tempDir('oarag-report-dataset-');
  const storePath = join(dir.path, 'eval-results.sqlite');
  const datasetPath = join(dir.path, 'test1.jsonl');
  beforeAll(async () => {
    ({ handle: h, cleanup } = await handleFromDump(benchDump()));
    items = (await generateDataset(h, { mcq: 8, oq: 4, seed: 2 })).items;
    writeFileSync(datasetPath, toJsonl(items));
  });
  afterAll(() => {
    cleanup();
    dir.cleanup();
  });

  it('an exported report of a run over the first 5 items says "the first 5 of 12", not "5 items"', async () => {
    const text = toJsonl(items);
    const { items: first, selection } = selectItems(items, { first: 5 });
    const store = new ResultStore(storePath);
    const report = await runEvaluation({
      handle: h,
      items: first,
      datasetHash: datasetHash(text),
      datasetPath,
      method: 'reasoner-only',
      store,
    });
    store.close();
    const review = new EvalReview(storePath);
    // Without a saved report, the store still knows the dataset: 5 of its 12 items.
    expect(review.export(report.runId, 'markdown').content).toMatch(/^- dataset: 5 of 12 items, sha256/m);
    report.selection = selection;
    const reportPath = join(dir.path, 'report.json');
    writeFileSync(reportPath, reportJson(report, new Map()));
    const s2 = new ResultStore(storePath);
    s2.setReportPath(report.runId, reportPath);
    s2.close();
    const md = new EvalReview(storePath).export(report.runId, 'markdown').content;
    expect(md).toMatch(/^- dataset: the first 5 of 12 items, sha256/m);
    expect(md).not.toMatch(/dataset: 5 items/);
  });
});
