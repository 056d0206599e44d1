import type { DialectQuery } from './ast';
import { classifySelect } from './classify-select';
import { isKeyword, isPunct, type Cursor } from './cursor';
import { fail } from './errors';
import { parseGroup } from './parse-group';
import { failAt } from './unexpected-token';

/** SELECT [DISTINCT|REDUCED] ?x [VALUES] [WHERE] { ... } [VALUES] (the cursor is after SELECT). */
export function parseSelect(c: Cursor): DialectQuery {
  if (isKeyword(c.peek(), 'DISTINCT') || isKeyword(c.peek(), 'REDUCED')) c.advance();
  const head = c.peek();
  if (isPunct(head, '*')) fail('SELECT * is not supported; select one variable, like SELECT ?x.', 'select');
  if (isPunct(head, '('))
    fail('Expressions such as (COUNT(?x) AS ?n) are not supported; select one variable.', 'select');
  if (head.kind !== 'variable') {
    if (head.kind === 'end' || isPunct(head, '{') || isKeyword(head, 'WHERE')) {
      fail('SELECT needs one variable, like SELECT ?x WHERE { ... }.', 'select');
    }
    failAt(head, 'after SELECT; expected a variable such as ?x', 'select');
  }
  c.advance();
  const selected = head.value;
  const extra = c.peek();
  if (extra.kind === 'variable') {
    fail(`Select exactly one variable; found ?${selected} and ?${extra.value}.`, 'select');
  }
  let values: string[] | undefined;
  const takeValues = (): void => {
    values = parseValues(c, selected, values !== undefined);
  };
  if (isKeyword(c.peek(), 'VALUES')) takeValues();
  if (isKeyword(c.peek(), 'WHERE')) c.advance();
  const open = c.peek();
  if (!isPunct(open, '{')) {
    if (open.kind === 'end') fail(`SELECT ?${selected} needs its conditions in WHERE { ... }.`, 'select');
    failAt(open, `after SELECT ?${selected}; expected WHERE {`, 'select');
  }
  const triples = parseGroup(c, 'select', takeValues);
  if (isKeyword(c.peek(), 'VALUES')) takeValues();
  c.expectEnd('SELECT', 'select');
  return classifySelect(selected, triples, values);
}

/** VALUES ?x { "a" "b" } (the cursor is on VALUES): the candidate names, without repeats. */
function parseValues(c: Cursor, selected: string, alreadySeen: boolean): string[] {
  c.advance(); // VALUES
  if (alreadySeen) fail('Only one VALUES list is allowed per query.', 'values');
  const variable = c.peek();
  if (isPunct(variable, '(')) {
    fail('Write VALUES with one variable and no parentheses, like VALUES ?x { "latte" "espresso" }.', 'values');
  }
  if (variable.kind !== 'variable') failAt(variable, 'after VALUES; expected the variable ?' + selected, 'values');
  if (variable.value !== selected) {
    fail(`VALUES must list candidates for the selected variable ?${selected}, not ?${variable.value}.`, 'values');
  }
  c.advance();
  if (!isPunct(c.peek(), '{')) failAt(c.peek(), `after VALUES ?${selected}; expected "{"`, 'values');
  c.advance();
  const values: string[] = [];
  for (;;) {
    const token = c.peek();
    if (isPunct(token, '}')) {
      c.advance();
      break;
    }
    if (token.kind === 'end') fail('Missing "}" at the end of the VALUES list.', 'values');
    if (token.kind !== 'string') failAt(token, 'in the VALUES list, which holds only quoted names', 'values');
    c.advance();
    values.push(token.value);
    if (values.length > c.limits.maxValues)
      fail(`Too many VALUES: at most ${c.limits.maxValues} names are allowed.`, 'values');
    if (isPunct(c.peek(), ',')) c.advance();
  }
  if (values.length === 0) fail('The VALUES list is empty; list at least one quoted name.', 'values');
  return [...new Set(values)];
}
