import { describe, expect, it } from 'vitest';
import type { TrajectoryStep } from '../../../src-main/agent/agent-types';
import { queriesRun } from '../../../src-renderer/util/record-counts';

describe('queriesRun', () => {
  it("counts the tool's answers, not the steps that ran nothing", () => {
    const correction: TrajectoryStep = {
      type: 'observation',
      stage: 'react',
      text: 'Your reply was not a step.',
      kind: 'correction',
      verdict: null,
      entities: [],
      ms: 0,
    };
    // A weak model that never issued a query: four malformed steps, four corrections, zero queries.
    expect(queriesRun([correction, correction, correction, correction])).toBe(0);
    const steps: TrajectoryStep[] = [
      { type: 'action', stage: 'react', query: 'ASK { "a" "r" "b" }', thought: '', valid: true },
      {
        type: 'observation',
        stage: 'react',
        text: 'NOT ENTAILED',
        kind: 'closure',
        verdict: 'NOT ENTAILED',
        entities: [],
        ms: 1,
      },
      { type: 'action', stage: 'react', query: 'ASK { "a" "r" "b" }', thought: '', valid: true },
      correction,
      { type: 'action', stage: 'react', query: 'ASK {', thought: '', valid: false },
      { type: 'observation', stage: 'react', text: 'ERROR: …', kind: 'error', verdict: null, entities: [], ms: 0 },
    ];
    expect(queriesRun(steps)).toBe(2);
    expect(queriesRun(undefined)).toBe(0);
  });
});
