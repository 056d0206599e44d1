import type { Grounding } from './agent-types';
export type {
  StepEnforcement,
  Grounding,
  AgentStage,
  StageUsage,
  Usage,
  TrajectoryStep,
  Evidence,
  EndReason,
  AnswerFormat,
  StepStats,
  AgentRecord,
} from './agent-types';

export const GROUNDINGS: readonly Grounding[] = ['entailed', 'supported', 'related', 'unrelated'];
