import { schemaGbnf } from '../schema-gbnf';
import { toStrictJsonSchema } from '../json-schema';
import type { JsonSchema } from '../types';

/**
 * How a JSON schema reaches a server, best first: OpenAI's strict `json_schema` response format; the
 * `json_object` format with a `schema` beside it (llama-cpp-python, vLLM); llama.cpp's own `grammar`
 * field with the schema compiled to GBNF; or only the prompt, the reply then read leniently.
 */
export type SchemaMode = 'json_schema' | 'json_object' | 'grammar' | 'prompt';

export const SCHEMA_MODES: readonly SchemaMode[] = ['json_schema', 'json_object', 'grammar', 'prompt'];

/** The mode to try after `mode` was refused. */
export function nextSchemaMode(mode: SchemaMode): SchemaMode {
  return SCHEMA_MODES[Math.min(SCHEMA_MODES.indexOf(mode) + 1, SCHEMA_MODES.length - 1)];
}

/** The request fields that carry a schema in a mode (none for 'prompt': it goes into the messages). */
export function schemaFields(mode: SchemaMode, schema: JsonSchema): Record<string, unknown> {
  switch (mode) {
    case 'json_schema':
      return {
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'reply', schema: toStrictJsonSchema(schema), strict: true },
        },
      };
    case 'json_object':
      return { response_format: { type: 'json_object', schema: toStrictJsonSchema(schema) } };
    case 'grammar':
      return { grammar: schemaGbnf(schema) };
    case 'prompt':
      return {};
  }
}

// Pydantic (llama-cpp-python, vLLM), FastAPI and the usual "unsupported parameter" wordings.
const VALIDATION =
  /validation error|input should be|literal_error|extra_forbidden|extra inputs|not supported|unsupported|unrecognized|unknown (field|parameter|argument)|invalid (value|type|request)/i;
const FIELDS = /response_format|json_schema|json_object|grammar|tool/i;

/**
 * Whether an error answer refuses a request field (a schema, a grammar, tools) rather than failing for a
 * while: any 4xx but the "busy" ones, or a 5xx whose body is a validation error naming such a field
 * (llama-cpp-python answers 500 to `json_schema`). Retrying such an answer cannot change it.
 */
export function isFieldRefusal(status: number, detail: string): boolean {
  if (status >= 400 && status < 500) return status !== 408 && status !== 409 && status !== 425 && status !== 429;
  return status >= 500 && VALIDATION.test(detail) && FIELDS.test(detail);
}

/** A 5xx that is a validation error of the request: permanent, whatever field it names. */
export function isValidationError(status: number, detail: string): boolean {
  return status >= 500 && VALIDATION.test(detail) && /validation|input should be|literal_error/i.test(detail);
}
