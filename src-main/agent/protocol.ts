import type { AgentProtocol } from './agent-types';
export type { AgentProtocol } from './agent-types';

export const AGENT_PROTOCOLS: readonly AgentProtocol[] = ['structured', 'text'];
export const DEFAULT_PROTOCOL: AgentProtocol = 'structured';

/**
 * Bumped whenever a prompt or the step format changes in a way that can change answers, so that
 * stored evaluation results from older prompts are never reused as if they were current.
 */
export const PROMPT_VERSION = 3;

export function isAgentProtocol(x: unknown): x is AgentProtocol {
  return typeof x === 'string' && (AGENT_PROTOCOLS as readonly string[]).includes(x);
}
