import type { LlmBackend } from '../llm/types';
import type { AgentDriver } from './policy/decision-types';

/**
 * Local models below this many weights get the fixed evidence policy: measured with SmolLM2-135M
 * (README, "Small local models"), whose own ReAct loop issues valid queries but gathers the wrong evidence.
 * No model between 135M and this size could be measured here (none can be downloaded), so the line
 * is a guess until one is: set agentDriver to choose either way.
 */
export const POLICY_BELOW_PARAMETERS = 1.5e9;

/** Who drives the queries for this backend: the setting, or for 'auto' the model's kind and size. */
export async function chooseDriver(setting: 'auto' | AgentDriver, llm: LlmBackend): Promise<AgentDriver> {
  if (setting !== 'auto') return setting;
  if (!llm.describe) return 'react';
  const d = await llm.describe().catch(() => null);
  return d?.local && d.parameters !== null && d.parameters < POLICY_BELOW_PARAMETERS ? 'policy' : 'react';
}
