import { jsonObjectsFromEnd } from '../answer-parser';

/** One structured step as the model wrote it. */
export type StructuredStep =
  | { kind: 'action'; thought: string; query: string }
  | { kind: 'answer'; thought: string; answer: unknown }
  | { kind: 'invalid'; reason: string };

/**
 * Reads a step object. Under a grammar it is always well formed; servers that only follow a JSON
 * schema, or none, can wrap it in prose, so the last object in the reply is taken.
 */
export function parseStructuredStep(text: string): StructuredStep {
  const trimmed = text.trim();
  if (!trimmed) return { kind: 'invalid', reason: 'the reply was empty' };
  let obj: unknown;
  try {
    obj = JSON.parse(trimmed);
  } catch {
    obj = jsonObjectsFromEnd(trimmed).next().value;
  }
  return readStep(obj);
}

export function readStep(obj: unknown): StructuredStep {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj))
    return { kind: 'invalid', reason: 'the reply held no JSON object' };
  const o = obj as Record<string, unknown>;
  const thought = typeof o.thought === 'string' ? o.thought : '';
  const action = o.action as Record<string, unknown> | undefined;
  const next = typeof o.next === 'string' ? o.next : undefined;
  // The JSON-schema form carries both fields and says which one counts in "next".
  if (next === 'answer' && 'answer' in o) return { kind: 'answer', thought, answer: o.answer };
  const query =
    typeof action === 'object' && action && typeof action.query === 'string'
      ? action.query
      : typeof o.query === 'string'
        ? o.query
        : undefined;
  if (next !== 'answer' && query !== undefined) {
    if (!query.trim()) return { kind: 'invalid', reason: 'the action held an empty query' };
    return { kind: 'action', thought, query: query.trim() };
  }
  if ('answer' in o) return { kind: 'answer', thought, answer: o.answer };
  return { kind: 'invalid', reason: 'the object had neither an action nor an answer' };
}
