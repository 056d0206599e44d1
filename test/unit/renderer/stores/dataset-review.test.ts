import { describe, expect, it } from 'vitest';
import type { DatasetItem, ReviewedDataset } from '../../../../src-main/api/contract';
import { reviewOf, reviewedItem, useDatasetReviewStore } from '../../../../src-renderer/stores/dataset-review';
import { useDatasetsStore } from '../../../../src-renderer/stores/datasets';
import { useEvaluationStore } from '../../../../src-renderer/stores/evaluation';
import { storeHarness } from './harness';

const counts = (accepted: number, rejected = 0) => ({ total: accepted + rejected, accepted, rejected, edited: 0 });
const dataset: ReviewedDataset = {
  path: '/d/set.jsonl',
  reviewPath: '/d/set.review.json',
  acceptedPath: '/d/set.accepted.jsonl',
  items: [],
  names: {},
  review: { version: 1, dataset: 'set.jsonl', datasetHash: 'h', items: {} },
  counts: counts(2),
  warnings: [],
};

describe('dataset-review store: open a dataset, decide items, export the accepted ones', () => {
  const h = storeHarness();

  it('opens a dataset; a refusal keeps its code for the view', async () => {
    const s = useDatasetReviewStore();
    h.api.fail('datasets.open', 'bad-dataset', 'Line 2 is not JSON.');
    await s.open(' /d/bad.jsonl ', '/o/a.ofn');
    expect(s.error).toEqual({ message: 'Line 2 is not JSON.', code: 'bad-dataset' });
    expect(h.api.callsOf('datasets.open')).toEqual([{ path: '/d/bad.jsonl', ontologyId: '/o/a.ofn' }]);
    h.api.reply('datasets.open', dataset);
    await s.open('/d/set.jsonl');
    expect([s.error, s.openPath, s.counts.accepted, s.loading]).toEqual([null, '/d/set.jsonl', 2, false]);
  });

  it('a saved decision takes the counts the server returns; a refused one is said for that item', async () => {
    const s = useDatasetReviewStore();
    h.api.reply('datasets.open', dataset);
    await s.open('/d/set.jsonl');
    expect(s.decisionOf('q1')).toBe('accepted');
    h.api.reply('datasets.review.set', (p) => ({
      review: { ...dataset.review, items: { [p.item]: { decision: p.decision, at: 'now' } } },
      counts: counts(1, 1),
    }));
    await expect(s.decide('q1', 'rejected')).resolves.toBe(true);
    expect(s.decisionOf('q1')).toBe('rejected');
    expect(s.counts).toEqual(counts(1, 1));
    h.api.fail('datasets.review.set', 'unknown-item', 'No item q9.');
    await expect(s.decide('q9', 'rejected')).resolves.toBe(false);
    expect([s.itemError, s.busyItem]).toEqual([{ id: 'q9', message: 'No item q9.' }, null]);
  });

  it('export downloads the accepted items and points evaluation and the revision at them', async () => {
    const s = useDatasetReviewStore();
    h.api.reply('datasets.open', dataset);
    await s.open('/d/set.jsonl');
    h.api.reply('datasets.export', {
      ...counts(1),
      path: '/d/set.accepted.jsonl',
      fileName: 'set.accepted.jsonl',
      mime: 'application/jsonl',
      content: '{"id":"q2"}\n',
    });
    await s.exportAccepted();
    expect(h.dom.downloads.map((d) => d.fileName)).toEqual(['set.accepted.jsonl']);
    await expect(h.dom.downloads[0].text()).resolves.toBe('{"id":"q2"}\n');
    expect(useEvaluationStore().form.datasetPath).toBe('/d/set.accepted.jsonl');
    expect(useDatasetsStore().reviseForm.datasetPath).toBe('/d/set.accepted.jsonl');
    h.api.fail('datasets.export', 'write-failed', 'Disk full.');
    await s.exportAccepted();
    expect(s.exportError).toEqual({ message: 'Disk full.', code: 'write-failed' });
  });

  it("reads a review entry only as the item's own, and applies wording edits", () => {
    expect(reviewOf({}, 'constructor')).toBeUndefined();
    const item = {
      kind: 'mcq',
      question: 'Q?',
      options: [
        { key: 'A', name: 'a' },
        { key: 'B', name: 'b' },
      ],
    } as unknown as DatasetItem;
    const edited = reviewedItem(item, { question: 'Q2?', options: { B: 'bee' } });
    expect(edited).toMatchObject({ question: 'Q2?', options: [{ name: 'a' }, { name: 'bee' }] });
  });
});
