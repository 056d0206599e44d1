import { describe, expect, it } from 'vitest';
import type { ItemResult } from '../../../src-main/evaluation/evaluation-types';
import { computeMetrics } from '../../../src-main/evaluation/metrics';
import type { EvalReport } from '../../../src-main/evaluation/runner';
import { summariseEvaluation } from '../../../src-main/evaluation/summary';

const usage = { calls: 2, inputTokens: 100, outputTokens: 10, tokens: 110 };

function item(id: string, over: Partial<ItemResult>): ItemResult {
  return {
    id,
    kind: 'mcq',
    correct: true,
    predicted: ['A'],
    slot: 'filler',
    goldCount: 1,
    grounding: 'entailed',
    evidence: null,
    usage,
    seconds: 1,
    ...over,
  } as ItemResult;
}

function report(items: ItemResult[]): EvalReport {
  return {
    ...computeMetrics(items),
    method: 'oa-rag',
    model: 'm.gguf',
    key: {
      dataset: 'd',
      ontology: 'sha256:x',
      method: 'oa-rag',
      model: 'gguf:sha256:y',
      protocol: 'structured',
      promptVersion: 2,
    },
    runId: '0123456789abcdef0123',
    ontology: 'po.obo',
    dataset: { hash: 'd', items: items.length },
    run: { answered: 2, reused: 1, seconds: 3 },
    warnings: ['w'],
    items,
  };
}

describe('summariseEvaluation', () => {
  const items = [
    item('a', { checked: { level: 'entailed' } as ItemResult['checked'] }),
    item('b', {
      correct: false,
      slot: 'subject',
      grounding: 'unrelated',
      checked: { level: 'not-entailed' } as ItemResult['checked'],
    }),
    item('c', { kind: 'oq', slot: undefined, goldCount: undefined, n: 2, grounding: null }),
  ];
  const s = summariseEvaluation(report(items), { reportPath: '/r.json', markdown: '# r' });

  it('keeps the headline figures and the run key, not the per-item results', () => {
    expect(s).toMatchObject({ runId: '0123456789abcdef0123', n: 3, reportPath: '/r.json', markdown: '# r' });
    expect(s.accuracy).toBeCloseTo(2 / 3, 3);
    expect(s.key).toEqual({ ontology: 'sha256:x', model: 'gguf:sha256:y', protocol: 'structured', promptVersion: 2 });
    expect(s.run).toEqual({ answered: 2, reused: 1, seconds: 3 });
    expect('items' in s).toBe(false);
  });

  it('turns the breakdowns into rows', () => {
    expect(s.byKind.map((r) => [r.key, r.n])).toEqual([
      ['mcq', 2],
      ['oq', 1],
    ]);
    expect(s.bySlot.map((r) => [r.key, r.accuracy])).toEqual([
      ['filler', 1],
      ['subject', 0],
    ]);
    expect(s.byConditions).toEqual([{ key: '2', accuracy: 1, n: 1 }]);
  });

  it('lists every claimed level, zero counts included, and levels that occurred beyond them', () => {
    expect(s.grounding.map((g) => [g.level, g.count])).toEqual([
      ['entailed', 1],
      ['supported', 0],
      ['related', 0],
      ['unrelated', 1],
      ['none', 1],
    ]);
  });

  it('builds the claimed-against-checked table without empty rows', () => {
    expect(s.confusion.columns.slice(0, 3)).toEqual(['entailed', 'not-entailed', 'unchecked']);
    expect(s.confusion.rows.every((r) => r.counts.some((n) => n > 0))).toBe(true);
    const entailedRow = s.confusion.rows.find((r) => r.claimed === 'entailed');
    expect(entailedRow?.counts[0]).toBe(1);
  });
});
