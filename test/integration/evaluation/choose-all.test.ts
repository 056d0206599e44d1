/**
 * Issue #35: a score no answer can game. Each dataset is generated from a real ontology; a scripted
 * model then chooses every option of every MCQ, through `eval`. No MCQ that has a non-gold option may
 * be correct; one whose other options no reasoner settled is undetermined, never correct.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DatasetItem, McqItem } from '../../../src-main/datasets/dataset-types';
import { cliHarness } from '../../support/cli-harness';
import { CHOOSE_ALL_FILES, sharedOntology } from '../../support/shared-ontologies';

const h = cliHarness('oarag-choose-all-');

interface Report {
  correct: number;
  undetermined: number;
  items: { id: string; correct: boolean; undetermined?: boolean; predicted: string[] | null }[];
}

/**
 * The MCQs generated from the file and the report of choosing every option; null when the file yields
 * no MCQ (no existential to mask, no nameable relation, or no wrong option the reasoner could prove):
 * then nothing can be gamed, and the CLI says why.
 */
async function chooseAll(file: string): Promise<{ mcqs: McqItem[]; report: Report } | null> {
  const onto = sharedOntology(file)!;
  const dataset = join(h.dir, `${file}.jsonl`);
  // Few items, and a short DL deadline per option statement, so every shared ontology fits in minutes.
  const gen = await h.cli([
    'generate',
    '--ontology',
    onto,
    '--out',
    dataset,
    '--mcq',
    '5',
    '--oq',
    '0',
    '--seed',
    '5',
    '--dl-deadline',
    '1000',
  ]);
  if (gen.code !== 0) {
    expect(gen.err).toMatch(/no multiple-choice question could be built|states no existential restriction/);
    return null;
  }
  const mcqs = readFileSync(dataset, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as DatasetItem)
    .filter((i): i is McqItem => i.kind === 'mcq');
  if (!mcqs.length) {
    expect(gen.err).toMatch(/not generated: the reasoner proved none of their wrong options wrong/);
    return null;
  }
  // One reply per item, in dataset order (one item at a time): every option key.
  const script = join(h.dir, `${file}-all.json`);
  writeFileSync(script, JSON.stringify(mcqs.map((m) => JSON.stringify({ answer: m.options.map((o) => o.key) }))));
  const out = join(h.dir, `${file}-report.json`);
  const run = await h.cli([
    'eval',
    '--ontology',
    onto,
    '--dataset',
    dataset,
    '--method',
    'cot',
    '--model',
    `scripted:${script}`,
    '--concurrency',
    '1',
    '--out',
    out,
    '--fresh',
  ]);
  expect(run.code, run.err).toBe(0);
  return { mcqs, report: JSON.parse(readFileSync(out, 'utf8')) as Report };
}

describe('choosing every option', () => {
  for (const file of CHOOSE_ALL_FILES) {
    it.skipIf(!sharedOntology(file))(
      `scores 0 on every MCQ with a non-gold option (${file})`,
      async () => {
        const run = await chooseAll(file);
        if (!run) return;
        const { mcqs, report } = run;
        const byId = new Map(report.items.map((i) => [i.id, i]));
        for (const m of mcqs) {
          const r = byId.get(m.id)!;
          expect(r.predicted, m.id).toEqual(m.options.map((o) => o.key));
          const hasNonGold = m.options.length > m.gold.length;
          expect(r.correct, `${m.id}: every option chosen`).toBe(!hasNonGold);
          // Undetermined only where every non-gold option is unsure.
          expect(Boolean(r.undetermined), m.id).toBe(
            hasNonGold && (m.unsure?.length ?? 0) === m.options.length - m.gold.length,
          );
        }
        expect(report.correct).toBe(mcqs.filter((m) => m.options.length === m.gold.length).length);
      },
      240_000,
    );
  }
});
