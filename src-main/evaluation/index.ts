export {
  createMethod,
  METHODS,
  needsLlm,
  agentQuestion,
  type Method,
  type MethodName,
  type MethodOutcome,
  type MethodDeps,
} from './methods';
export { computeMetrics, type Metrics, type Acc, type EvidenceMetrics } from './metrics';
export { reportJson, reportMarkdown } from './report';
export { ResultStore, type RunKey } from './result-store';
export { runEvaluation, score, type EvalOptions, type EvalReport } from './runner';
export type { ItemResult } from './evaluation-types';
export {
  EvidenceMatcher,
  evidenceOutcome,
  scoreMcq,
  scoreOq,
  statusOf,
  type EvidenceOutcome,
  type EvidenceStatus,
} from './scoring';
