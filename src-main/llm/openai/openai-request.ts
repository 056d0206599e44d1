import { toStrictJsonSchema } from '../json-schema';
import type { ChatMessage, GenerateOptions } from '../types';
import { withSchemaInstruction } from './openai-wire';
import { schemaFields, type SchemaMode } from './schema-modes';

/**
 * The JSON body of one chat request. `mode` says how the caller's JSON schema travels (null: no schema,
 * or the caller's own grammar wins). A schema that travels as a grammar or only in the prompt is also
 * described in the prompt: a server that ignores the `grammar` field then still gets the request.
 */
export function chatBody(
  model: string,
  messages: ChatMessage[],
  opts: GenerateOptions,
  mode: SchemaMode | null,
  stream: boolean,
): string {
  let msgs: { role: string; content: string }[] = messages.map((m) => ({ role: m.role, content: m.content }));
  if (opts.jsonSchema && mode !== null && (mode === 'prompt' || mode === 'grammar'))
    msgs = withSchemaInstruction(msgs, opts.jsonSchema);
  const body: Record<string, unknown> = {
    model,
    messages: msgs,
    max_tokens: opts.maxTokens,
    temperature: opts.temperature ?? 0,
    stream,
  };
  if (opts.seed !== undefined) body.seed = opts.seed;
  if (opts.stop?.length) body.stop = opts.stop;
  if (stream) body.stream_options = { include_usage: true };
  if (opts.grammar !== undefined) {
    // llama.cpp server's own field; it wins over a schema, as in the local backend.
    body.grammar = opts.grammar;
  } else if (opts.jsonSchema && mode !== null) {
    Object.assign(body, schemaFields(mode, opts.jsonSchema));
  }
  if (opts.tools?.length) {
    body.tools = opts.tools.map((t) => ({
      type: 'function',
      function: { name: t.name, description: t.description, parameters: toStrictJsonSchema(t.parameters) },
    }));
    body.tool_choice = opts.toolChoice ?? 'auto';
  }
  return JSON.stringify(body);
}
