/**
 * Issue #25, cases 2 and 3 on go-mgi-subset through the CLI (real JVM): open questions of any answer-set
 * size are checked whole, and scores are made by concepts, so re-wording a dataset changes none of them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DatasetItem, OqItem } from '../../../src-main/datasets/dataset-types';
import { cliHarness } from '../../support/cli-harness';
import { sharedOntology } from '../../support/shared-ontologies';

const GO = sharedOntology('go-mgi-subset.obo');
const h = cliHarness('oarag-concept-scoring-');
const dataset = join(h.dir, 'test1.jsonl');

interface Report {
  accuracy: number;
  items: {
    id: string;
    correct: boolean;
    checked?: { level: string; precision?: number; recall?: number; answerSet?: number };
  }[];
}

async function evaluate(ds: string, method: string, extra: string[] = []): Promise<Report> {
  const out = join(h.dir, `r-${method}-${Math.random().toString(36).slice(2)}.json`);
  const r = await h.cli([
    'eval',
    '--ontology',
    GO!,
    '--dataset',
    ds,
    '--method',
    method,
    '--out',
    out,
    '--fresh',
    ...extra,
  ]);
  expect(r.code, r.err).toBe(0);
  return JSON.parse(readFileSync(out, 'utf8')) as Report;
}

const items = () =>
  readFileSync(dataset, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as DatasetItem);

describe.skipIf(!GO)('checks and scores by concept (go-mgi-subset)', () => {
  beforeAll(async () => {
    const r = await h.cli([
      'generate',
      '--ontology',
      GO!,
      '--out',
      dataset,
      '--mcq',
      '20',
      '--oq',
      '10',
      '--seed',
      '3',
      '--max-answers',
      '200',
    ]);
    expect(r.code, r.err).toBe(0);
  });

  it('reasoner-only checks its own answers as ENTAILED, open questions of more than 50 answers included', async () => {
    const big = items().filter((i): i is OqItem => i.kind === 'oq' && i.answers.length > 50);
    expect(big.length, 'the seed gives open questions with more than 50 answers').toBeGreaterThan(0);
    const rep = await evaluate(dataset, 'reasoner-only');
    expect(rep.accuracy).toBe(1);
    expect(rep.items.filter((i) => i.checked?.level !== 'entailed').map((i) => i.id)).toEqual([]);
    for (const b of big) {
      const row = rep.items.find((i) => i.id === b.id)!;
      expect(row.checked).toMatchObject({ precision: 1, recall: 1, answerSet: b.answers.length });
    }
  });

  it('re-wording every question and option through the review changes no score (reasoner-only and a scripted model)', async () => {
    const svc = h.container.datasets.review;
    for (const it of items()) {
      const edit =
        it.kind === 'mcq'
          ? {
              question: `Re-worded: ${it.question}`,
              options: Object.fromEntries(it.options.map((o) => [o.key, `the concept called ${o.name.toUpperCase()}`])),
            }
          : { question: `Re-worded: ${it.question}` };
      await svc.set(dataset, it.id, 'accepted', edit);
    }
    const exported = await svc.export(dataset);
    const reworded = exported.path;
    const again = readFileSync(reworded, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as DatasetItem);
    expect(
      again
        .filter((i) => i.kind === 'mcq')
        .every((i) => i.kind === 'mcq' && i.options.every((o) => o.name.startsWith('the concept called'))),
    ).toBe(true);

    const before = await evaluate(dataset, 'reasoner-only');
    const after = await evaluate(reworded, 'reasoner-only');
    expect(after.accuracy).toBe(1);
    expect(after.items.map((i) => [i.id, i.correct, i.checked?.level])).toEqual(
      before.items.map((i) => [i.id, i.correct, i.checked?.level]),
    );

    // A model that always answers the same: its per-item scores and checks must not move with the wording.
    const replies = join(h.dir, 'same.json');
    const ids = items();
    writeFileSync(
      replies,
      JSON.stringify(
        [...ids, ...ids].flatMap((i) => [
          i.kind === 'mcq' ? '{"answer": ["A", "C"]}' : '{"answer": ["nucleus", "cytoplasm"]}',
        ]),
      ),
    );
    const m1 = await evaluate(dataset, 'cot', ['--model', `scripted:${replies}`]);
    const m2 = await evaluate(reworded, 'cot', ['--model', `scripted:${replies}`]);
    expect(m2.items.map((i) => [i.id, i.correct, i.checked?.level])).toEqual(
      m1.items.map((i) => [i.id, i.correct, i.checked?.level]),
    );
  });
});
