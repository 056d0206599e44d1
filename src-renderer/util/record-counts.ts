import type { TrajectoryStep } from '../../src-main/api/contract';

/**
 * Queries the tool actually answered. Malformed or repeated steps count against the agent's action
 * budget but ran nothing: their observation is our correction, not the tool's answer.
 */
export function queriesRun(steps: readonly TrajectoryStep[] | undefined): number {
  return (steps ?? []).filter((s) => s.type === 'observation' && s.kind !== 'correction').length;
}

/** Replies the model gave (one per call): what "steps" would wrongly count with the prompts sent to it. */
export function modelCalls(steps: readonly TrajectoryStep[] | undefined): number {
  return (steps ?? []).filter((s) => s.type === 'message' && s.role === 'assistant').length;
}
