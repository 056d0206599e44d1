import type { ChatMessage, JsonSchema } from '../llm/types';
import { GROUNDINGS, type Evidence, type Grounding, type TrajectoryStep } from './agent-types';
import { jsonObjectsFromEnd } from './answer-parser';
import { ATTRIBUTION_RETRY, attributionPrompt } from './prompts';
import type { StageCaller } from './stage-caller';

/** The schema for one digest: only its evidence ids, each at most once (a weak model otherwise lists E1…E30). */
export function attributionSchema(digest: Evidence[]): JsonSchema {
  const ids = digest.map((d) => d.id);
  return {
    type: 'object',
    properties: {
      evidence: {
        type: 'array',
        items: ids.length ? { type: 'string', enum: ids } : { type: 'string' },
        maxItems: Math.max(1, ids.length),
      },
      grounding: { type: 'string', enum: [...GROUNDINGS] },
    },
  };
}

/** The paper's attribution step: which evidence the answer rests on, and the model's own grounding level. */
export async function attribute(
  caller: StageCaller,
  convo: ChatMessage[],
  digest: Evidence[],
  step: (s: TrajectoryStep) => void,
  maxTokens: number,
): Promise<{ grounding: Grounding | null; cited: Evidence[] }> {
  const ask = attributionPrompt(digest.map((d) => d.text));
  convo.push({ role: 'user', content: ask });
  step({ type: 'message', stage: 'attribution', role: 'user', content: ask });
  for (let attempt = 0; attempt < 2; attempt++) {
    if (attempt === 1) {
      convo.push({ role: 'user', content: ATTRIBUTION_RETRY });
      step({ type: 'message', stage: 'attribution', role: 'user', content: ATTRIBUTION_RETRY });
    }
    const res = await caller.call('attribution', convo, { maxTokens, jsonSchema: attributionSchema(digest) });
    convo.push({ role: 'assistant', content: res.text });
    const att = parseAttribution(res.text, digest);
    if (att) return att;
  }
  step({ type: 'note', stage: 'attribution', text: 'No valid attribution after one re-ask: no grounding recorded.' });
  return { grounding: null, cited: [] };
}

export function parseAttribution(
  reply: string,
  digest: Evidence[],
): { grounding: Grounding; cited: Evidence[] } | null {
  for (const obj of jsonObjectsFromEnd(reply)) {
    const o = obj as { evidence?: unknown; grounding?: unknown };
    const g = typeof o.grounding === 'string' ? o.grounding.trim().toLowerCase() : '';
    if (!(GROUNDINGS as readonly string[]).includes(g) || !Array.isArray(o.evidence)) continue;
    const ids = new Set(
      o.evidence.filter((x): x is string => typeof x === 'string').map((x) => x.trim().toUpperCase()),
    );
    return { grounding: g as Grounding, cited: digest.filter((d) => ids.has(d.id)) };
  }
  return null;
}
