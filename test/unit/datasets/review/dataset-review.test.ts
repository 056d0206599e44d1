import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatasetItem, McqItem, OqItem } from '../../../../src-main/datasets/dataset-types';
import { loadDataset, toJsonl } from '../../../../src-main/datasets/generate/dataset';
import { DatasetReviewService } from '../../../../src-main/datasets/review/dataset-review-service';
import { tempDir } from '../../../support/temp-dir';

const C = 'http://example.org/cardio#';
const dirs: { cleanup: () => void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

function mcq(id: string, gold: string[]): McqItem {
  return {
    id,
    ontology: 'cardio.ofn',
    kind: 'mcq',
    question: `Viral myocarditis has location some ____ (${id}).`,
    options: [
      { key: 'A', iri: `${C}Heart`, name: 'heart' },
      { key: 'B', iri: `${C}Aorta`, name: 'aorta' },
      { key: 'C', iri: `${C}Lung`, name: 'lung' },
    ],
    gold,
    slot: 'filler',
    axiom: { subject: `${C}ViralMyocarditis`, relation: `${C}hasLocation`, filler: `${C}Heart` },
    evidence: [],
  };
}

const oq: OqItem = {
  id: 'oq-1',
  ontology: 'cardio.ofn',
  kind: 'oq',
  question: 'Which disorders have location some heart?',
  root: `${C}Disorder`,
  conditions: [{ relation: `${C}hasLocation`, filler: `${C}Heart` }],
  n: 1,
  answers: [{ iri: `${C}ViralMyocarditis`, name: 'viral myocarditis' }],
  evidence: [],
};

function dataset(items: DatasetItem[] = [mcq('m1', ['A']), mcq('m2', ['A']), oq]) {
  const d = tempDir('oarag-review-');
  dirs.push(d);
  const path = join(d.path, 'cardio-seed1.jsonl');
  writeFileSync(path, toJsonl(items));
  return { dir: d.path, path };
}

describe('dataset review', () => {
  it('opens a dataset with every item accepted and writes nothing until a decision', async () => {
    const { dir, path } = dataset();
    const r = await new DatasetReviewService().open(path);
    expect(r.counts).toEqual({ total: 3, accepted: 3, rejected: 0, edited: 0 });
    expect(r.reviewPath).toBe(join(dir, 'cardio-seed1.review.json'));
    expect(r.acceptedPath).toBe(join(dir, 'cardio-seed1.accepted.jsonl'));
    expect(r.names[`${C}hasLocation`]).toBe('hasLocation');
    expect(r.names[`${C}Heart`]).toBe('heart');
    expect(readdirSync(dir)).toEqual(['cardio-seed1.jsonl']);
  });

  it('remembers rejections and edits with the dataset, and exports only accepted items with the edited wording', async () => {
    const { path } = dataset();
    const svc = new DatasetReviewService(() => new Date('2026-01-02T03:04:05Z'));
    await svc.set(path, 'm2', 'rejected');
    const s = await svc.set(path, 'm1', 'accepted', {
      question: '  Where is  viral myocarditis located? ',
      options: { B: 'the aorta' },
    });
    expect(s.counts).toEqual({ total: 3, accepted: 2, rejected: 1, edited: 1 });
    expect(s.review.items.m1).toEqual({
      decision: 'accepted',
      edit: { question: 'Where is viral myocarditis located?', options: { B: 'the aorta' } },
      at: '2026-01-02T03:04:05.000Z',
    });

    // Reopening the same path (another process, another day) restores the review.
    const again = await new DatasetReviewService().open(path);
    expect(again.review.items.m2.decision).toBe('rejected');
    expect(again.counts.rejected).toBe(1);
    expect(again.warnings).toEqual([]);

    const ex = await new DatasetReviewService().export(path);
    expect(ex).toMatchObject({ fileName: 'cardio-seed1.accepted.jsonl', accepted: 2, rejected: 1, edited: 1 });
    expect(readFileSync(ex.path, 'utf8')).toBe(ex.content);
    const kept = loadDataset(ex.path).items;
    expect(kept.map((it) => it.id)).toEqual(['m1', 'oq-1']);
    const m1 = kept[0] as McqItem;
    expect(m1.question).toBe('Where is viral myocarditis located?');
    expect(m1.options.map((o) => o.name)).toEqual(['heart', 'the aorta', 'lung']);
    // Gold keys, option concepts and the source axiom are never touched by an edit.
    expect(m1.gold).toEqual(['A']);
    expect(m1.options.map((o) => o.iri)).toEqual(mcq('m1', ['A']).options.map((o) => o.iri));
    expect(m1.axiom).toEqual(mcq('m1', ['A']).axiom);
    // The dataset file itself is unchanged.
    expect(loadDataset(path).items[0].question).toMatch(/____/);
  });

  it('accepting an unedited item, or clearing its edit, leaves no entry', async () => {
    const { path } = dataset();
    const svc = new DatasetReviewService();
    await svc.set(path, 'm1', 'rejected');
    expect((await svc.set(path, 'm1', 'accepted')).review.items).toEqual({});
    await svc.set(path, 'oq-1', 'accepted', { question: 'Which disorders are located in the heart?' });
    expect((await svc.set(path, 'oq-1', 'rejected')).review.items['oq-1'].edit).toBeDefined();
    expect((await svc.set(path, 'oq-1', 'accepted', null)).review.items).toEqual({});
    // An edit equal to the item is no edit.
    expect((await svc.set(path, 'm1', 'accepted', { options: { A: ' heart ' } })).review.items).toEqual({});
  });

  it('refuses edits that would change meaning or lose the wording, and unknown items', async () => {
    const { path } = dataset();
    const svc = new DatasetReviewService();
    const refused = (id: string, edit: object) =>
      expect(svc.set(path, id, 'accepted', edit)).rejects.toThrow(expect.objectContaining({ code: 'bad-edit' }));
    await refused('m1', { question: '   ' });
    await refused('m1', { options: { D: 'kidney' } });
    await refused('m1', { options: { A: '' } });
    await refused('m1', { options: { B: 'Heart' } });
    await refused('oq-1', { options: { A: 'heart' } });
    await expect(svc.set(path, 'nope', 'rejected')).rejects.toThrow(expect.objectContaining({ code: 'unknown-item' }));
    expect((await new DatasetReviewService().get(path)).review.items).toEqual({});
  });

  it('keeps what still applies when the dataset changed, and sets a damaged review file aside', async () => {
    const { dir, path } = dataset();
    const svc = new DatasetReviewService();
    await svc.set(path, 'm1', 'rejected');
    await svc.set(path, 'm2', 'rejected');
    writeFileSync(path, toJsonl([mcq('m1', ['A']), oq]));
    const r = await svc.open(path);
    expect(Object.keys(r.review.items)).toEqual(['m1']);
    expect(r.warnings.join(' ')).toMatch(/changed since it was reviewed/);
    expect(r.warnings.join(' ')).toMatch(/1 reviewed item is no longer in the dataset \(m2\)/);

    writeFileSync(join(dir, 'cardio-seed1.review.json'), '{"version": 1, "items": 7}');
    const fresh = await svc.open(path);
    expect(fresh.review.items).toEqual({});
    expect(fresh.warnings[0]).toMatch(/was damaged; it was kept as cardio-seed1\.review\.json\.damaged-/);
    expect(readdirSync(dir).some((f) => f.startsWith('cardio-seed1.review.json.damaged-'))).toBe(true);
  });

  it('exports nothing when every item was rejected', async () => {
    const { dir, path } = dataset([mcq('m1', ['A'])]);
    const svc = new DatasetReviewService();
    await svc.set(path, 'm1', 'rejected');
    await expect(svc.export(path)).rejects.toThrow(/nothing to export/);
    expect(existsSync(join(dir, 'cardio-seed1.accepted.jsonl'))).toBe(false);
  });
});
