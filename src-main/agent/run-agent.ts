import type { LlmBackend } from '../llm/types';
import type { OntologyHandle } from '../ontology/ontology-handle';
import type { QueryService } from '../query/exec/query-service';
import { OaRagAgent, type AgentBudget, type RunOptions } from './agent';
import type { AgentRecord } from './agent-types';
import type { AgentQuestion } from './agent-types';
import { chooseDriver } from './driver';
import { frameContext } from './frame/frame-deps';
import type { FrameReading } from './frame/frame-types';
import type { NameScopeMode } from './loop-context';
import { PolicyAgent } from './policy/policy-agent';
import { choiceEvidence, freeEvidence, openEvidence } from './policy/policy-evidence';
import type { AgentProtocol } from './protocol';
import type { AgentVocabulary } from './structured/vocabulary';
import type { Observed } from './loop-context';

export interface AgentSetup {
  handle: OntologyHandle;
  queryService: QueryService;
  llm: LlmBackend;
  persona: string;
  /** Who drives the queries (settings.agentDriver); default 'auto'. */
  driver?: 'auto' | 'policy' | 'react';
  protocol?: AgentProtocol | 'auto';
  nameScope?: NameScopeMode;
  vocabulary?: AgentVocabulary | null;
  allowExplain?: boolean;
  budget?: Partial<AgentBudget>;
  /** Score choice options even when the reasoner settles them (calibration runs only). */
  scoreSettled?: boolean;
}

/**
 * One question through the agent the backend suits: the fixed evidence policy with likelihood
 * decisions for small local models, else the model's own ReAct loop started from the policy's
 * evidence. Either way the evidence comes from the question frame.
 */
export async function runAgent(
  s: AgentSetup,
  q: AgentQuestion,
  reading: FrameReading,
  o: RunOptions = {},
): Promise<AgentRecord> {
  const driver = await chooseDriver(s.driver ?? 'auto', s.llm);
  const { facts } = frameContext(s.handle, s.queryService.names);
  if (driver === 'policy')
    return new PolicyAgent({
      llm: s.llm,
      queryService: s.queryService,
      facts,
      persona: s.persona,
      vocabulary: s.vocabulary,
      scoreSettled: s.scoreSettled,
    }).run(q, reading, o);
  const agent = new OaRagAgent({
    llm: s.llm,
    // One justification per EXPLAIN: ten sets of axioms would crowd the model's context.
    query: (t) => s.queryService.run(t, { justifications: 1 }),
    persona: s.persona,
    budget: s.budget,
    protocol: s.protocol,
    nameScope: s.nameScope,
    vocabulary: s.vocabulary,
    allowExplain: s.allowExplain,
  });
  return agent.run(q, { ...o, seed: seedEvidence(reading, q, s.queryService, facts) });
}

/** The policy's evidence for a model that drives its own loop: what it would have gathered first. */
function seedEvidence(
  reading: FrameReading,
  q: AgentQuestion,
  qs: QueryService,
  facts: ReturnType<typeof frameContext>['facts'],
): Observed[] {
  const f = reading.frame;
  if (!f) return [];
  if (f.kind === 'choice' && (q.kind === 'mcq' || q.kind === 'single')) return choiceEvidence(f, qs).observed;
  if (f.kind === 'open' && q.kind === 'oq') return openEvidence(f, qs, facts).observed;
  if (f.kind === 'free' && q.kind === 'free') return freeEvidence(f, qs);
  return [];
}
