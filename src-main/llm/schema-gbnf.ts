import type { JsonSchema } from './json-schema';

/** A GBNF string literal for `s` (llama.cpp's grammar format). */
function literal(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t')}"`;
}

/** A JSON string literal as its grammar: the quotes are part of what the model writes. */
function jsonLiteral(s: string): string {
  return literal(JSON.stringify(s));
}

const BASE = [
  'ws ::= [ \\t\\n]{0,8}',
  'string ::= "\\"" ( [^"\\\\\\x7F\\x00-\\x1F] | "\\\\" ["\\\\/bfnrt] )* "\\""',
  'boolean ::= "true" | "false"',
];

/**
 * A GBNF grammar for the JSON-schema subset of json-schema.ts, for servers that enforce llama.cpp's
 * `grammar` field but refuse schema response formats. Length bounds are left to the reply check
 * (parseJsonReply): a grammar that counts characters or items grows with the bound for little gain.
 */
export function schemaGbnf(schema: JsonSchema): string {
  const rules: string[] = [];
  let next = 0;
  const rule = (body: string): string => {
    const name = `r${next++}`;
    rules.push(`${name} ::= ${body}`);
    return name;
  };
  const expr = (s: JsonSchema): string => {
    if ('enum' in s && s.enum) return rule(s.enum.map(jsonLiteral).join(' | ') || '"\\"\\""');
    if (!('type' in s)) return 'string';
    switch (s.type) {
      case 'string':
        return 'string';
      case 'boolean':
        return 'boolean';
      case 'array': {
        const item = expr(s.items);
        return rule(`"[" ws ( ${item} ( ws "," ws ${item} )* )? ws "]"`);
      }
      case 'object': {
        const parts = Object.entries(s.properties).map(([k, v]) => `${jsonLiteral(k)} ws ":" ws ${expr(v)}`);
        return rule(parts.length ? `"{" ws ${parts.join(' ws "," ws ')} ws "}"` : '"{" ws "}"');
      }
    }
  };
  const top = expr(schema);
  return [`root ::= ws ${top} ws`, ...rules, ...BASE].join('\n');
}
