import { describe, expect, it } from 'vitest';
import type { RunInfo } from '../../../src-main/api/contract';
import { runHeadNames, runPickLabel } from '../../../src-renderer/util/run-label';

const run = (over: Partial<RunInfo>): RunInfo =>
  ({
    id: 'r',
    method: 'oa-rag',
    modelSpec: '/m/qwen.gguf',
    ontologyFile: '/o/cl.ofn',
    datasetPath: '/d/cl.jsonl',
    dataset: 'abcdef0123',
    updatedAt: '2026-01-02T03:04:05Z',
    items: 24,
    ...over,
  }) as RunInfo;

describe('runs side by side get column heads that tell them apart', () => {
  it('a Test 1 and a Test 2 run of one method and model differ by their ontology file', () => {
    const t1 = run({ id: '1' });
    const t2 = run({ id: '2', ontologyFile: '/o/cl.revised.ofn', datasetPath: '/d/cl.test2.jsonl' });
    expect(runHeadNames([t1, t2])).toEqual(['oa-rag · qwen.gguf · cl.ofn', 'oa-rag · qwen.gguf · cl.revised.ofn']);
  });

  it('different methods keep their short names; the same run twice over falls back to the time', () => {
    expect(runHeadNames([run({ method: 'cot' }), run({})])).toEqual(['cot · qwen.gguf', 'oa-rag · qwen.gguf']);
    const a = run({ updatedAt: '2026-01-02T03:04:05Z' });
    const b = run({ updatedAt: '2026-01-03T09:00:00Z' });
    expect(runHeadNames([a, b])).toEqual([
      'oa-rag · qwen.gguf · cl.ofn · cl.jsonl · 2026-01-02 03:04',
      'oa-rag · qwen.gguf · cl.ofn · cl.jsonl · 2026-01-03 09:00',
    ]);
  });

  it('the picker names the ontology and model first, the time last', () => {
    expect(runPickLabel(run({}))).toBe('cl.ofn · oa-rag · qwen.gguf · cl.jsonl (24 items) · 2026-01-02 03:04');
  });
});
