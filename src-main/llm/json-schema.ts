/**
 * The small JSON-schema subset every backend can enforce: a llama.cpp grammar locally, OpenAI's strict
 * `json_schema` response format over HTTP. Every object property is required and no other property is
 * allowed (what both enforce). Numbers are left out on purpose: a grammar allows exponents and does not
 * enforce bounds, so a random or weak model produces values no caller wants.
 */
export type JsonSchema =
  | {
      readonly type: 'string';
      readonly enum?: readonly string[];
      readonly minLength?: number;
      readonly maxLength?: number;
      readonly description?: string;
    }
  | { readonly enum: readonly string[]; readonly description?: string }
  | { readonly type: 'boolean'; readonly description?: string }
  | {
      readonly type: 'array';
      readonly items: JsonSchema;
      readonly minItems?: number;
      readonly maxItems?: number;
      readonly description?: string;
    }
  | {
      readonly type: 'object';
      readonly properties: Readonly<Record<string, JsonSchema>>;
      readonly description?: string;
    };

export type JsonValue = string | number | boolean | null | JsonValue[] | { [k: string]: JsonValue };

function enumOf(s: JsonSchema): readonly string[] | undefined {
  return 'enum' in s ? s.enum : undefined;
}

/** Problems of `value` against `schema`, as readable paths (`$.answer[1]: expected one of "A", "C"`); empty when it conforms. */
export function validateJson(value: unknown, schema: JsonSchema, path = '$'): string[] {
  const en = enumOf(schema);
  if (en) {
    return typeof value === 'string' && en.includes(value)
      ? []
      : [`${path}: expected one of ${en.map((e) => JSON.stringify(e)).join(', ')}`];
  }
  if (!('type' in schema)) return [`${path}: schema has neither type nor enum`];
  switch (schema.type) {
    case 'string': {
      if (typeof value !== 'string') return [`${path}: expected a string`];
      if (schema.minLength !== undefined && value.length < schema.minLength)
        return [`${path}: shorter than ${schema.minLength}`];
      if (schema.maxLength !== undefined && value.length > schema.maxLength)
        return [`${path}: longer than ${schema.maxLength}`];
      return [];
    }
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${path}: expected a boolean`];
    case 'array': {
      if (!Array.isArray(value)) return [`${path}: expected an array`];
      const out: string[] = [];
      if (schema.minItems !== undefined && value.length < schema.minItems)
        out.push(`${path}: fewer than ${schema.minItems} items`);
      if (schema.maxItems !== undefined && value.length > schema.maxItems)
        out.push(`${path}: more than ${schema.maxItems} items`);
      value.forEach((v, i) => out.push(...validateJson(v, schema.items, `${path}[${i}]`)));
      return out;
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${path}: expected an object`];
      const out: string[] = [];
      const obj = value as Record<string, unknown>;
      for (const [k, sub] of Object.entries(schema.properties)) {
        if (!(k in obj)) out.push(`${path}.${k}: missing`);
        else out.push(...validateJson(obj[k], sub, `${path}.${k}`));
      }
      for (const k of Object.keys(obj)) if (!(k in schema.properties)) out.push(`${path}.${k}: not allowed`);
      return out;
    }
  }
}

/** Parses a model reply as JSON and checks it against the schema; throws an Error naming the first problem. */
export function parseJsonReply<T = JsonValue>(text: string, schema: JsonSchema): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`The reply is not valid JSON: ${JSON.stringify(text.slice(0, 120))}`);
  }
  const problems = validateJson(value, schema);
  if (problems.length) throw new Error(`The reply does not match the schema: ${problems[0]}`);
  return value as T;
}

/** The schema in the form OpenAI's strict structured outputs require (`additionalProperties: false`, every key required). */
export function toStrictJsonSchema(schema: JsonSchema): Record<string, unknown> {
  if ('type' in schema && schema.type === 'object') {
    const properties: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(schema.properties)) properties[k] = toStrictJsonSchema(v);
    return { ...schema, properties, required: Object.keys(schema.properties), additionalProperties: false };
  }
  if ('type' in schema && schema.type === 'array') return { ...schema, items: toStrictJsonSchema(schema.items) };
  if (!('type' in schema)) return { type: 'string', ...schema };
  return { ...schema };
}
