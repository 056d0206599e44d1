import type { TrajectoryStep } from '../../src-main/api/contract';

/**
 * Queries the tool actually answered. Malformed or repeated steps count against the agent's action
 * budget but ran nothing: their observation is our correction, not the tool's answer.
 */
export function queriesRun(steps: readonly TrajectoryStep[] | undefined): number {
  return (steps ?? []).filter((s) => s.type === 'observation' && s.kind !== 'correction').length;
}
