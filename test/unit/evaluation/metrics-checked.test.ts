import { describe, expect, it } from 'vitest';
import type { CheckedLevel } from '../../../src-main/agent/agent-types';
import type { Grounding } from '../../../src-main/agent/agent-types';
import { computeMetrics } from '../../../src-main/evaluation/metrics';
import type { ItemResult } from '../../../src-main/evaluation/evaluation-types';

const item = (id: string, correct: boolean, grounding: Grounding | null, checked: CheckedLevel | null): ItemResult => ({
  id,
  kind: 'mcq',
  correct,
  predicted: ['A'],
  slot: 'filler',
  goldCount: 1,
  grounding,
  evidence: null,
  usage: { calls: 1, inputTokens: 1, outputTokens: 1 },
  seconds: 0,
  ...(checked ? { checked: { level: checked, reason: '' } } : {}),
});

describe('metrics: claimed and checked grounding', () => {
  it('counts each checked level with its accuracy, and the claimed level against the checked one', () => {
    const m = computeMetrics([
      item('1', true, 'entailed', 'entailed'),
      item('2', false, 'entailed', 'not-entailed'),
      item('3', false, 'entailed', 'unchecked'),
      item('4', true, 'supported', 'entailed'),
      item('5', false, null, 'not-entailed'),
      item('6', true, 'related', null),
    ]);
    expect(m.checked.distribution).toEqual({
      entailed: { count: 2, fraction: 0.3333 },
      'not-entailed': { count: 2, fraction: 0.3333 },
      unchecked: { count: 1, fraction: 0.1667 },
      none: { count: 1, fraction: 0.1667 },
    });
    expect(m.checked.accuracy.entailed).toEqual({ accuracy: 1, n: 2, correct: 2 });
    expect(m.checked.accuracy['not-entailed'].accuracy).toBe(0);
    expect(m.checked.confusion.entailed).toEqual({ entailed: 1, 'not-entailed': 1, unchecked: 1, none: 0 });
    expect(m.checked.confusion.supported).toEqual({ entailed: 1, 'not-entailed': 0, unchecked: 0, none: 0 });
    expect(m.checked.confusion.none).toEqual({ entailed: 0, 'not-entailed': 1, unchecked: 0, none: 0 });
    expect(m.checked.confusion.related.none).toBe(1);
    // The claimed levels (paper Figure 3) are unchanged by the check.
    expect(m.grounding.distribution.entailed.count).toBe(3);
  });
});
