/**
 * The grammar: turns tokens into a DialectQuery, or fails with a one-sentence
 * error and a hint. Recursive descent over the token array, one token of
 * lookahead over a lazy token stream, so linear in the input length.
 *
 *   query    := DESCRIBE name
 *             | (ASK | EXPLAIN) [WHERE] group            -- one ground triple
 *             | SELECT [DISTINCT|REDUCED] var [values] [WHERE] group [values]
 *   group    := "{" ( triple | values )* "}"
 *   triple   := term term term ( "," term | ";" term term )* ["." | ";"]
 *   values   := VALUES var "{" ( name [","] )+ "}"
 *   term     := name | var
 *
 * Deliberate tolerances (documented in index.ts): lower-case keywords,
 * DISTINCT/REDUCED, a missing WHERE, a missing "." between or after
 * conditions, ";" used instead of "." when the same subject is repeated,
 * SPARQL's ";" and "," shorthands, commas between VALUES names, and VALUES
 * before, inside or after the WHERE braces.
 */
import type { Condition, DialectQuery } from './ast';
import { fail, snippet } from './errors';
import type { HintTopic } from './help';
import type { DialectLimits } from './limits';
import type { Token, TokenStream } from './tokenize';

type Term = { kind: 'name'; value: string } | { kind: 'var'; value: string };
type Triple = [Term, Term, Term];

const UPDATE_KEYWORDS = new Set([
  'INSERT',
  'DELETE',
  'DROP',
  'LOAD',
  'CLEAR',
  'CREATE',
  'COPY',
  'MOVE',
  'ADD',
  'WITH',
  'USING',
]);
const PATTERN_KEYWORDS = new Set(['FILTER', 'OPTIONAL', 'UNION', 'MINUS', 'BIND', 'SERVICE', 'GRAPH', 'NOT', 'EXISTS']);
const MODIFIER_KEYWORDS = new Set(['LIMIT', 'OFFSET', 'ORDER', 'GROUP', 'HAVING', 'FROM', 'NAMED', 'BY']);
const FORM_KEYWORDS = new Set(['DESCRIBE', 'ASK', 'SELECT', 'EXPLAIN', 'CONSTRUCT']);

/** How a token reads in an error message. */
export function describeToken(token: Token): string {
  switch (token.kind) {
    case 'string':
      return `name ${snippet(token.value)}`;
    case 'variable':
      return `variable ?${token.value}`;
    case 'punct':
      return `"${token.value}"`;
    case 'end':
      return 'end of the query';
    case 'word':
      return `word ${snippet(token.value)}`;
    default:
      return snippet(token.value);
  }
}

/**
 * The error for a token that has no place where it stands. Keywords of full
 * SPARQL get their own explanation; `where` completes "Unexpected X …".
 */
export function unexpectedToken(token: Token, where: string): string {
  if (token.kind === 'word') {
    const upper = token.value.toUpperCase();
    if (UPDATE_KEYWORDS.has(upper)) return `${upper} is a SPARQL Update keyword; the ontology tool is read-only.`;
    if (PATTERN_KEYWORDS.has(upper)) {
      return `${upper} is not supported; write plain conditions separated by "." (all of them must hold).`;
    }
    if (MODIFIER_KEYWORDS.has(upper)) return `${upper} is not supported; the query returns all matching concepts.`;
    if (upper === 'PREFIX' || upper === 'BASE')
      return `${upper} declarations are not used; write names in double quotes.`;
    if (upper === 'VALUES') return `VALUES is only allowed in SELECT ?x queries whose conditions all start with ?x.`;
    if (upper === 'UNDEF') return 'UNDEF is not supported; list quoted names only.';
    if (upper === 'WHERE') return `Unexpected WHERE ${where}.`;
    if (token.value === 'a') return 'The shorthand a is not supported; write the relation "is a" in double quotes.';
    if (FORM_KEYWORDS.has(upper)) return `Unexpected ${upper} ${where}; send one query per call, without subqueries.`;
    return `Unquoted word ${snippet(token.value)} ${where}; write every name in double quotes, like "coffee drink".`;
  }
  if (token.kind === 'iri')
    return `IRIs such as ${snippet(token.value)} are not supported; write the concept's name in double quotes.`;
  if (token.kind === 'prefixed') {
    return `Prefixed names such as ${snippet(token.value)} are not supported; write the name in double quotes.`;
  }
  if (token.kind === 'number') return `Unexpected number ${snippet(token.value)} ${where}.`;
  if (token.kind === 'end') return `The query ends unexpectedly ${where}.`;
  return `Unexpected ${describeToken(token)} ${where}.`;
}

/** The hint topic for an unexpected keyword, or `fallback`. */
function topicFor(token: Token, fallback: HintTopic): HintTopic {
  if (token.kind === 'word') {
    const upper = token.value.toUpperCase();
    if (UPDATE_KEYWORDS.has(upper) || PATTERN_KEYWORDS.has(upper) || MODIFIER_KEYWORDS.has(upper)) return 'general';
    if (token.value === 'a') return 'names';
  }
  if (token.kind === 'iri' || token.kind === 'prefixed') return 'names';
  return fallback;
}

/** Parses the tokens of one query into a DialectQuery. */
export function parseTokens(tokens: TokenStream, limits: DialectLimits): DialectQuery {
  const peek = (): Token => tokens.peek();
  const advance = (): Token => tokens.advance();
  const isPunct = (token: Token, value: string): boolean => token.kind === 'punct' && token.value === value;
  const isKeyword = (token: Token, upper: string): boolean =>
    token.kind === 'word' && token.value.toUpperCase() === upper;
  function failAt(token: Token, where: string, topic: HintTopic): never {
    return fail(unexpectedToken(token, where), topicFor(token, topic));
  }

  function expectEnd(form: string, topic: HintTopic): void {
    const token = peek();
    if (token.kind === 'end') return;
    if (isPunct(token, '}')) fail(`Unbalanced braces: an extra "}" follows the ${form} query.`, topic);
    failAt(token, `after the end of the ${form} query`, topic);
  }

  function parseDescribe(): DialectQuery {
    const token = peek();
    if (token.kind === 'end') fail('DESCRIBE needs the name of a concept in double quotes.', 'describe');
    if (isPunct(token, '{')) fail('DESCRIBE takes one quoted name, not a { ... } pattern.', 'describe');
    if (token.kind === 'variable') {
      fail('DESCRIBE takes one quoted name, not a variable; use SELECT to search for concepts.', 'describe');
    }
    if (token.kind !== 'string') failAt(token, 'after DESCRIBE', 'describe');
    advance();
    if (peek().kind === 'string') fail('DESCRIBE takes exactly one name; send one query per concept.', 'describe');
    expectEnd('DESCRIBE', 'describe');
    return { form: 'describe', name: token.value };
  }

  /**
   * One subject/relation/object slot; `found` is how many parts the condition
   * already has, `joined` whether it followed the previous condition without a
   * separator (so an incomplete one means the previous had too many parts).
   */
  function parseTerm(found: number, topic: HintTopic, joined = false): Term {
    const token = peek();
    if (token.kind === 'string') {
      advance();
      return { kind: 'name', value: token.value };
    }
    if (token.kind === 'variable') {
      advance();
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

  function parseValues(selected: string, alreadySeen: boolean): string[] {
    advance(); // VALUES
    if (alreadySeen) fail('Only one VALUES list is allowed per query.', 'values');
    const variable = peek();
    if (isPunct(variable, '(')) {
      fail('Write VALUES with one variable and no parentheses, like VALUES ?x { "latte" "espresso" }.', 'values');
    }
    if (variable.kind !== 'variable') failAt(variable, 'after VALUES; expected the variable ?' + selected, 'values');
    if (variable.value !== selected) {
      fail(`VALUES must list candidates for the selected variable ?${selected}, not ?${variable.value}.`, 'values');
    }
    advance();
    if (!isPunct(peek(), '{')) failAt(peek(), `after VALUES ?${selected}; expected "{"`, 'values');
    advance();
    const values: string[] = [];
    for (;;) {
      const token = peek();
      if (isPunct(token, '}')) {
        advance();
        break;
      }
      if (token.kind === 'end') fail('Missing "}" at the end of the VALUES list.', 'values');
      if (token.kind !== 'string') failAt(token, 'in the VALUES list, which holds only quoted names', 'values');
      advance();
      values.push(token.value);
      if (values.length > limits.maxValues)
        fail(`Too many VALUES: at most ${limits.maxValues} names are allowed.`, 'values');
      if (isPunct(peek(), ',')) advance();
    }
    if (values.length === 0) fail('The VALUES list is empty; list at least one quoted name.', 'values');
    return [...new Set(values)];
  }

  /**
   * The triples of a `{ ... }` group (the cursor is on "{"). `onValues` is
   * called with the cursor on a VALUES keyword inside the group, or is absent
   * when the form has no VALUES.
   */
  function parseGroup(topic: HintTopic, onValues?: () => void): Triple[] {
    advance(); // {
    const triples: Triple[] = [];
    let joined = false;
    const push = (triple: Triple): void => {
      if (triples.length >= limits.maxConditions) {
        fail(`Too many conditions: at most ${limits.maxConditions} are allowed in one query.`, topic);
      }
      triples.push(triple);
    };
    for (;;) {
      const token = peek();
      if (isPunct(token, '}')) {
        advance();
        return triples;
      }
      if (token.kind === 'end') fail('Unbalanced braces: the closing "}" is missing.', topic);
      if (isKeyword(token, 'VALUES')) {
        if (!onValues) failAt(token, 'here', topic);
        onValues();
        if (isPunct(peek(), '.')) advance();
        joined = false;
        continue;
      }
      if (token.kind === 'punct' && '.;,'.includes(token.value)) {
        fail(`Unexpected "${token.value}" where a condition should start.`, topic);
      }
      const subject = parseTerm(0, topic, joined);
      let relation = parseTerm(1, topic, joined);
      push([subject, relation, parseTerm(2, topic, joined)]);
      joined = true;
      for (;;) {
        const next = peek();
        if (isPunct(next, ',')) {
          advance();
          push([subject, relation, parseTerm(2, topic)]);
          continue;
        }
        if (isPunct(next, ';')) {
          advance();
          const after = peek();
          if (isPunct(after, '}') || isPunct(after, '.') || isPunct(after, ';')) continue;
          if (startsSameSubject(after, subject)) {
            joined = false;
            break;
          }
          relation = parseTerm(1, topic);
          push([subject, relation, parseTerm(2, topic)]);
          continue;
        }
        if (isPunct(next, '.')) {
          advance();
          joined = false;
        }
        break;
      }
    }
  }

  function parseStatement(form: 'ask' | 'explain'): DialectQuery {
    const label = form.toUpperCase();
    if (isKeyword(peek(), 'WHERE')) advance();
    const open = peek();
    if (!isPunct(open, '{')) {
      if (open.kind === 'string')
        fail(`${label} needs braces around its statement: ${label} { "subject" "relation" "object" }.`, form);
      failAt(open, `after ${label}; expected "{"`, form);
    }
    const triples = parseGroup(form);
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
    expectEnd(label, form);
    return { form, subject: subject.value, relation: relation.value, filler: filler.value };
  }

  function parseSelect(): DialectQuery {
    if (isKeyword(peek(), 'DISTINCT') || isKeyword(peek(), 'REDUCED')) advance();
    const head = peek();
    if (isPunct(head, '*')) fail('SELECT * is not supported; select one variable, like SELECT ?x.', 'select');
    if (isPunct(head, '('))
      fail('Expressions such as (COUNT(?x) AS ?n) are not supported; select one variable.', 'select');
    if (head.kind !== 'variable') {
      if (head.kind === 'end' || isPunct(head, '{') || isKeyword(head, 'WHERE')) {
        fail('SELECT needs one variable, like SELECT ?x WHERE { ... }.', 'select');
      }
      failAt(head, 'after SELECT; expected a variable such as ?x', 'select');
    }
    advance();
    const selected = head.value;
    const extra = peek();
    if (extra.kind === 'variable') {
      fail(`Select exactly one variable; found ?${selected} and ?${extra.value}.`, 'select');
    }
    let values: string[] | undefined;
    const takeValues = (): void => {
      values = parseValues(selected, values !== undefined);
    };
    if (isKeyword(peek(), 'VALUES')) takeValues();
    if (isKeyword(peek(), 'WHERE')) advance();
    const open = peek();
    if (!isPunct(open, '{')) {
      if (open.kind === 'end') fail(`SELECT ?${selected} needs its conditions in WHERE { ... }.`, 'select');
      failAt(open, `after SELECT ?${selected}; expected WHERE {`, 'select');
    }
    const triples = parseGroup('select', takeValues);
    if (isKeyword(peek(), 'VALUES')) takeValues();
    expectEnd('SELECT', 'select');
    return classifySelect(selected, triples, values);
  }

  const first = peek();
  if (first.kind === 'end') fail('The query is empty.', 'general');
  if (first.kind === 'string') {
    fail(`A query starts with DESCRIBE, ASK, SELECT or EXPLAIN, not with the name ${snippet(first.value)}.`, 'general');
  }
  if (first.kind === 'prefixed' && first.value.endsWith(':')) {
    fail(
      `The text starts with the label ${snippet(first.value)}; send only the query (an "Action:" label is fine).`,
      'general',
    );
  }
  if (first.kind !== 'word') failAt(first, 'at the start of the query', 'general');
  advance();
  switch (first.value.toUpperCase()) {
    case 'DESCRIBE':
      return parseDescribe();
    case 'ASK':
      return parseStatement('ask');
    case 'EXPLAIN':
      return parseStatement('explain');
    case 'SELECT':
      return parseSelect();
    case 'QUERY':
      return fail(
        'The query(...) wrapper is unbalanced; write query(<query>) with one closing parenthesis.',
        'general',
      );
    case 'CONSTRUCT':
      return fail('CONSTRUCT is not supported; use DESCRIBE, ASK, SELECT or EXPLAIN.', 'general');
    default: {
      const upper = first.value.toUpperCase();
      if (
        UPDATE_KEYWORDS.has(upper) ||
        PATTERN_KEYWORDS.has(upper) ||
        MODIFIER_KEYWORDS.has(upper) ||
        upper === 'PREFIX' ||
        upper === 'BASE' ||
        upper === 'VALUES' ||
        upper === 'WHERE' ||
        upper === 'UNDEF'
      ) {
        return failAt(first, 'at the start of the query', 'general');
      }
      return fail(
        `Unknown query form ${snippet(first.value)}; a query starts with DESCRIBE, ASK, SELECT or EXPLAIN.`,
        'general',
      );
    }
  }
}

function startsSameSubject(token: Token, subject: Term): boolean {
  if (subject.kind === 'var') return token.kind === 'variable' && token.value === subject.value;
  return token.kind === 'string' && token.value === subject.value;
}

function termText(term: Term): string {
  return term.kind === 'var' ? `?${term.value}` : snippet(term.value);
}

/** Decides which SELECT form the conditions make, or fails. */
export function classifySelect(
  selected: string,
  triples: readonly Triple[],
  values: string[] | undefined,
): DialectQuery {
  if (triples.length === 0) fail(`SELECT ?${selected} has no conditions; add at least one inside WHERE { }.`, 'select');
  const positions: number[] = [];
  for (const triple of triples) {
    let position = -1;
    for (let k = 0; k < 3; k++) {
      const term = triple[k];
      if (term.kind !== 'var') continue;
      if (term.value !== selected) {
        fail(`The variable ?${term.value} is not the selected ?${selected}; use only ?${selected}.`, 'select');
      }
      if (position >= 0) {
        fail(
          `The condition ${triple.map(termText).join(' ')} uses ?${selected} twice; it may appear once per condition.`,
          'select',
        );
      }
      position = k;
    }
    if (position < 0) {
      fail(
        `The condition ${triple.map(termText).join(' ')} does not mention ?${selected}; check fixed statements with ASK.`,
        'select',
      );
    }
    positions.push(position);
  }
  const kind = positions[0];
  if (positions.some((p) => p !== kind)) {
    fail(
      `All conditions must have ?${selected} in the same place; a search for fillers or relations takes one condition.`,
      'select',
    );
  }
  if (kind === 0) {
    const conditions: Condition[] = triples.map(([, relation, filler]) => ({
      relation: relation.value,
      filler: filler.value,
    }));
    return values === undefined
      ? { form: 'select-subjects', variable: selected, conditions }
      : { form: 'select-subjects', variable: selected, conditions, values };
  }
  const topic: HintTopic = kind === 1 ? 'select-relations' : 'select-fillers';
  if (values !== undefined) {
    fail(
      `VALUES is only allowed when every condition starts with ?${selected}, like ?${selected} "relation" "object".`,
      topic,
    );
  }
  if (triples.length > 1) {
    fail(
      `This SELECT form takes exactly one condition but found ${triples.length}; send one query per condition.`,
      topic,
    );
  }
  const [subject, relation, filler] = triples[0];
  return kind === 1
    ? { form: 'select-relations', subject: subject.value, filler: filler.value }
    : { form: 'select-fillers', subject: subject.value, relation: relation.value };
}
