import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Card } from '../ontology/cards/card-types';
import { UserError, errorMessage } from '../core/errors';
import { OPEN_WORLD_NOTE } from '../query/exec/observation-text';
import type { QueryResult } from '../query/query-types';

/**
 * The machine part of a query answer, for clients that read structured content: IRIs, verdicts and
 * counts. The text part is the observation the agent in the workbench reads, word for word.
 */
export function queryStructured(ontology: string, r: QueryResult): Record<string, unknown> {
  return {
    ontology,
    query: r.query,
    form: r.form,
    verdict: r.verdict,
    ...(r.reasoner ? { reasoner: r.reasoner } : {}),
    ...(r.unknownReason ? { unknownReason: r.unknownReason } : {}),
    ...(r.verdict === 'NOT ENTAILED' ? { note: OPEN_WORLD_NOTE } : {}),
    results: r.results,
    relations: r.relations,
    verdicts: r.verdicts,
    candidates: r.candidates,
    total: r.total,
    truncated: r.truncated,
    fallback: r.fallback,
    kind: r.kind,
    entities: r.entities,
    ...(r.justification ? { justification: r.justification } : {}),
    ...(r.card ? { card: cardFields(r.card) } : {}),
  };
}

/** A card without its text (the text is the tool's text content already). */
export function cardFields(card: Card): Omit<Card, 'text'> {
  const { text: _text, ...rest } = card;
  return rest;
}

/** A query answer as an MCP tool result; an unparsable query or an unknown name is a tool error the model can correct. */
export function queryToolResult(ontology: string, r: QueryResult): CallToolResult {
  return {
    content: [{ type: 'text', text: r.observation }],
    structuredContent: queryStructured(ontology, r),
    ...(r.kind === 'error' ? { isError: true } : {}),
  };
}

export function textResult(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/** Any failure inside a tool becomes a tool error with a readable message; the server keeps serving. */
export function errorResult(e: unknown): CallToolResult {
  const code = e instanceof UserError ? e.code : 'internal';
  const text = e instanceof UserError ? e.message : `Internal error: ${errorMessage(e)}`;
  return { content: [{ type: 'text', text }], structuredContent: { error: { code, message: text } }, isError: true };
}

export async function guarded(run: () => Promise<CallToolResult> | CallToolResult): Promise<CallToolResult> {
  try {
    return await run();
  } catch (e) {
    return errorResult(e);
  }
}
