import type { DialectQuery } from './ast';
import { isKeyword, isPunct, type Cursor } from './cursor';
import { fail } from './errors';
import { parseGroup } from './parse-group';
import { failAt } from './unexpected-token';

/** ASK or EXPLAIN [WHERE] { one statement of three quoted names } (the cursor is after the keyword). */
export function parseStatement(c: Cursor, form: 'ask' | 'explain'): DialectQuery {
  const label = form.toUpperCase();
  if (isKeyword(c.peek(), 'WHERE')) c.advance();
  const open = c.peek();
  if (!isPunct(open, '{')) {
    if (open.kind === 'string')
      fail(`${label} needs braces around its statement: ${label} { "subject" "relation" "object" }.`, form);
    failAt(open, `after ${label}; expected "{"`, form);
  }
  const triples = parseGroup(c, form);
  if (triples.length !== 1) {
    fail(
      triples.length === 0
        ? `${label} { } is empty; it needs one statement "subject" "relation" "object".`
        : `${label} checks exactly one statement but found ${triples.length}; send one ${label} per statement.`,
      form,
    );
  }
  const [subject, relation, filler] = triples[0];
  if (subject.kind === 'var' || relation.kind === 'var' || filler.kind === 'var') {
    fail(`${label} takes three quoted names; variables such as ?x belong in SELECT queries.`, form);
  }
  c.expectEnd(label, form);
  return { form, subject: subject.value, relation: relation.value, filler: filler.value };
}
