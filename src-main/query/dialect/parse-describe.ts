import type { DialectQuery } from './ast';
import { isPunct, type Cursor } from './cursor';
import { fail } from './errors';
import { failAt } from './unexpected-token';

/** DESCRIBE "name" (the cursor is after DESCRIBE). */
export function parseDescribe(c: Cursor): DialectQuery {
  const token = c.peek();
  if (token.kind === 'end') fail('DESCRIBE needs the name of a concept in double quotes.', 'describe');
  if (isPunct(token, '{')) fail('DESCRIBE takes one quoted name, not a { ... } pattern.', 'describe');
  if (token.kind === 'variable') {
    fail('DESCRIBE takes one quoted name, not a variable; use SELECT to search for concepts.', 'describe');
  }
  if (token.kind !== 'string') failAt(token, 'after DESCRIBE', 'describe');
  c.advance();
  if (c.peek().kind === 'string') fail('DESCRIBE takes exactly one name; send one query per concept.', 'describe');
  c.expectEnd('DESCRIBE', 'describe');
  return { form: 'describe', name: token.value };
}
