import type { OntologyHandle } from '../../ontology/ontology-handle';
import { agentVocabulary, type AgentVocabulary } from './vocabulary';

/**
 * Above this many concept names a step grammar offers free names instead (linking then suggests
 * close ones): chosen from `npm run perf:grammar`, where the cost of a name-constrained step grows
 * with the vocabulary (figures in the README). OARAG_GRAMMAR_MAX_NAMES overrides it.
 */
export const DEFAULT_GRAMMAR_MAX_NAMES = 50_000;

const cache = new WeakMap<OntologyHandle, AgentVocabulary>();

export function grammarMaxNames(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.OARAG_GRAMMAR_MAX_NAMES);
  return Number.isFinite(n) && n >= 0 ? n : DEFAULT_GRAMMAR_MAX_NAMES;
}

/** The ontology's names for a step grammar, or null when there are too many to constrain to. */
export function grammarVocabulary(h: OntologyHandle, maxNames = grammarMaxNames()): AgentVocabulary | null {
  let v = cache.get(h);
  if (!v) cache.set(h, (v = agentVocabulary(h)));
  return v.concepts.length <= maxNames ? v : null;
}
