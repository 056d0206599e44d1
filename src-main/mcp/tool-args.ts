import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { DEFAULT_DIALECT_LIMITS, type DialectQuery } from '../query/dialect';
import type { ServedOntologies, ServedOntology } from './served-ontologies';

export const NAME_MAX = DEFAULT_DIALECT_LIMITS.maxNameLength;
export const name = (what: string) =>
  z
    .string()
    .min(1)
    .max(NAME_MAX)
    .describe(`${what}: the ontology's name for it (label or synonym, any case) or a CURIE such as GO:0005634`);
export const relation = (what: string) =>
  z
    .string()
    .min(1)
    .max(NAME_MAX)
    .describe(`${what}: a relation (object property) name such as "part of", or "is a" for classification`);

export function ontologyArg(set: ServedOntologies) {
  return z
    .string()
    .max(500)
    .optional()
    .describe(
      set.list.length > 1
        ? `Which loaded ontology to use (required): one of ${set.ids.map((i) => `"${i}"`).join(', ')}`
        : `The loaded ontology ("${set.ids[0]}"); may be left out`,
    );
}

export const readOnly = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

/** What every tool group registers with: the server, the open ontologies and the arguments all tools share. */
export interface ToolKit {
  server: McpServer;
  set: ServedOntologies;
  /** The `ontology` argument of every tool. */
  ontology: ReturnType<typeof ontologyArg>;
  /** Runs a dialect query on one ontology and words its answer as a tool result. */
  run: (o: ServedOntology, q: DialectQuery) => Promise<CallToolResult>;
}

/**
 * A tool's arguments as a strict object: the advertised JSON schema says `additionalProperties: false`, and a
 * raw shape would only strip unknown keys, so a misspelt argument would be ignored instead of refused.
 */
export const strictArgs = <S extends z.ZodRawShape>(shape: S) => z.object(shape).strict();
