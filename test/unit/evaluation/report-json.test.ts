import { describe, expect, it } from 'vitest';
import type { ReviewMark } from '../../../src-main/evaluation/evaluation-types';
import { reportJson, reportJsonChunks } from '../../../src-main/evaluation/report';
import type { EvalReport } from '../../../src-main/evaluation/runner';

describe('reportJsonChunks', () => {
  it('writes exactly the text reportJson writes, items and marks included', async () => {
    const items = Array.from({ length: 1203 }, (_, i) => ({
      id: `q${i}`,
      kind: 'mcq',
      predicted: i % 2 ? ['A', 'b'] : null,
      correct: i % 3 === 0,
      evidence: { retrieved: 'none', cited: null, nested: { list: [1, [2, { x: 'multi\nline "q"' }]] } },
      usage: {},
    }));
    const report = {
      method: 'reasoner-only',
      n: 50,
      items,
      warnings: [],
      run: { seconds: 1 },
    } as unknown as EvalReport;
    const marks = new Map<string, ReviewMark>([
      ['q1', { item: 'q1', verdict: 'agree', note: 'ok', updatedAt: 't' } as ReviewMark],
    ]);
    expect((await reportJsonChunks(report, marks)).join('')).toBe(reportJson(report, marks));
    expect((await reportJsonChunks(report)).join('')).toBe(reportJson(report));
    const empty = { ...report, items: [] } as EvalReport;
    expect((await reportJsonChunks(empty)).join('')).toBe(reportJson(empty));
  });
});
