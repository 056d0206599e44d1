/**
 * What is wrong with some JSON, without any of its text: V8's messages quote the start of the input
 * ("Unexpected token 'r', "root:*:202"... is not valid JSON"), which would echo any file a caller
 * points us at (/etc/shadow as a dataset). Only the kind of problem and the column are kept.
 */
export function describeJsonError(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  const pos = /at position (\d+)/.exec(msg);
  const at = pos ? ` at column ${Number(pos[1]) + 1}` : '';
  if (/Unexpected end of JSON input/i.test(msg)) return 'the JSON ends too early';
  if (/Unterminated string/i.test(msg)) return `an unterminated string${at}`;
  if (/Bad (control|escaped) character/i.test(msg)) return `a bad character in a string${at}`;
  if (/Expected property name/i.test(msg)) return `a property name was expected${at}`;
  if (/after property value|after array element|Expected ':'/i.test(msg)) return `a separator was expected${at}`;
  if (/non-whitespace character after JSON/i.test(msg)) return `extra text after the JSON value${at}`;
  if (/Unexpected token|Unexpected character|is not valid JSON/i.test(msg))
    return `an unexpected character${at || ' (the text is not JSON)'}`;
  return `invalid JSON${at}`;
}
