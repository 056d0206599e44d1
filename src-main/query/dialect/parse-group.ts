/** The conditions of a `{ ... }` group: triples of quoted names and variables, with SPARQL's shorthands. */
import { isKeyword, isPunct, type Cursor } from './cursor';
import { fail } from './errors';
import type { HintTopic } from './help';
import type { Token } from './tokenize';
import { describeToken, failAt } from './unexpected-token';

export type Term = { kind: 'name'; value: string } | { kind: 'var'; value: string };
export type Triple = [Term, Term, Term];

/**
 * One subject/relation/object slot; `found` is how many parts the condition
 * already has, `joined` whether it followed the previous condition without a
 * separator (so an incomplete one means the previous had too many parts).
 */
function parseTerm(c: Cursor, found: number, topic: HintTopic, joined = false): Term {
  const token = c.peek();
  if (token.kind === 'string') {
    c.advance();
    return { kind: 'name', value: token.value };
  }
  if (token.kind === 'variable') {
    c.advance();
    return { kind: 'var', value: token.value };
  }
  if (token.kind === 'end' || (token.kind === 'punct' && '}.;,'.includes(token.value))) {
    if (joined) {
      fail(
        'A condition has more than three parts; each is exactly "subject" "relation" "object", separated by ".".',
        topic,
      );
    }
    fail(
      `Incomplete condition: it needs three parts ("subject" "relation" "object") but has ${found}` +
        (token.kind === 'end' ? ' and the query ends.' : ` before the ${describeToken(token)}.`),
      topic,
    );
  }
  if (isPunct(token, '{'))
    fail('Nested { ... } groups are not supported; list all conditions in one pair of braces.', topic);
  if (isPunct(token, '('))
    fail('Parentheses are not supported inside a condition; write "subject" "relation" "object".', topic);
  return failAt(token, 'where a quoted name or a variable should be', topic);
}

/**
 * The triples of a `{ ... }` group (the cursor is on "{"). `onValues` is
 * called with the cursor on a VALUES keyword inside the group, or is absent
 * when the form has no VALUES.
 */
export function parseGroup(c: Cursor, topic: HintTopic, onValues?: () => void): Triple[] {
  c.advance(); // {
  const triples: Triple[] = [];
  let joined = false;
  const push = (triple: Triple): void => {
    if (triples.length >= c.limits.maxConditions) {
      fail(`Too many conditions: at most ${c.limits.maxConditions} are allowed in one query.`, topic);
    }
    triples.push(triple);
  };
  for (;;) {
    const token = c.peek();
    if (isPunct(token, '}')) {
      c.advance();
      return triples;
    }
    if (token.kind === 'end') fail('Unbalanced braces: the closing "}" is missing.', topic);
    if (isKeyword(token, 'VALUES')) {
      if (!onValues) failAt(token, 'here', topic);
      onValues();
      if (isPunct(c.peek(), '.')) c.advance();
      joined = false;
      continue;
    }
    if (token.kind === 'punct' && '.;,'.includes(token.value)) {
      fail(`Unexpected "${token.value}" where a condition should start.`, topic);
    }
    const subject = parseTerm(c, 0, topic, joined);
    const relation = parseTerm(c, 1, topic, joined);
    push([subject, relation, parseTerm(c, 2, topic, joined)]);
    joined = parseShorthands(c, topic, subject, relation, push);
  }
}

/**
 * What follows a condition: SPARQL's "," (same subject and relation) and ";" (same subject) shorthands,
 * and the "." that ends it. True when the next condition follows without a separator.
 */
function parseShorthands(
  c: Cursor,
  topic: HintTopic,
  subject: Term,
  relation: Term,
  push: (triple: Triple) => void,
): boolean {
  for (;;) {
    const next = c.peek();
    if (isPunct(next, ',')) {
      c.advance();
      push([subject, relation, parseTerm(c, 2, topic)]);
      continue;
    }
    if (isPunct(next, ';')) {
      c.advance();
      const after = c.peek();
      if (isPunct(after, '}') || isPunct(after, '.') || isPunct(after, ';')) continue;
      if (startsSameSubject(after, subject)) return false;
      relation = parseTerm(c, 1, topic);
      push([subject, relation, parseTerm(c, 2, topic)]);
      continue;
    }
    if (isPunct(next, '.')) {
      c.advance();
      return false;
    }
    return true;
  }
}

function startsSameSubject(token: Token, subject: Term): boolean {
  if (subject.kind === 'var') return token.kind === 'variable' && token.value === subject.value;
  return token.kind === 'string' && token.value === subject.value;
}
