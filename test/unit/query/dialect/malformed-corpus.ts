/**
 * Inputs the dialect parser must reject (with an error and a hint, never an
 * exception), plus adversarial-looking inputs that are in fact valid because
 * the dangerous text sits inside a quoted name.
 *
 * Each case says what it probes; `error`, when given, is a pattern the error
 * message must match, so the case checks that the right problem is named.
 */
import type { DialectQuery } from '../../../../src-main/query/dialect/ast';
import type { DialectLimits } from '../../../../src-main/query/dialect/limits';

export interface MalformedCase {
  label: string;
  input: string;
  limits?: Partial<DialectLimits>;
  error?: RegExp;
}

export interface ValidTrickyCase {
  label: string;
  input: string;
  expected: DialectQuery;
}

const cases: MalformedCase[] = [];
const add = (label: string, input: string, error?: RegExp, limits?: Partial<DialectLimits>): void => {
  cases.push({ label, input, error, limits });
};

// --- Empty input and empty wrappers ------------------------------------------
add('empty string', '', /empty/i);
add('single space', ' ', /empty/i);
add('whitespace and newlines only', ' \n\t\r\n ', /empty/i);
add('only a semicolon', ';', /empty/i);
add('only semicolons', ';;;', /empty/i);
add('empty backticks', '``', /empty/i);
add('empty code fence', '```\n```', /empty/i);
add('empty sparql fence', '```sparql\n```', /empty/i);
add('empty query() call', 'query()', /empty/i);
add('query() holding an empty string', 'query("")', /empty name/i);
add('Action label with nothing after it', 'Action:', /empty/i);
add('Action label with an empty call', 'Action: query()', /empty/i);
add('a bare pair of quotes', '""', /empty name/i);

// --- Random words and prose ----------------------------------------------------
add('one random word', 'hello', /unknown query form/i);
add('a natural-language question', 'What is a cappuccino?', /unknown query form/i);
add('a bare concept name', 'cappuccino', /unknown query form/i);
add('a quoted concept name alone', '"cappuccino"', /starts with DESCRIBE/i);
add('an unquoted triple', 'cappuccino has_ingredient milk', /unknown query form/i);
add('a ReAct thought instead of an action', 'Thought: I should look up the concept', /label "Thought:"/);
add('an answer instead of an action', 'Answer: {"answer": "A"}', /label "Answer:"/);
add('a number', '42', /number/i);
add('the word SPARQL', 'SPARQL', /unknown query form/i);
add('the word query alone', 'query', /wrapper/i);
add('a keyword that is not a form', 'WHERE { ?x "r" "B" }', /unexpected WHERE/i);
add('DESCRIBE with an unquoted name', 'DESCRIBE cappuccino', /unquoted word/i);
add('DESCRIBE with an unquoted multi-word name', 'DESCRIBE flat white', /unquoted word/i);
add('lowercase describe with an unquoted name', 'describe cappuccino', /unquoted word/i);
add('ASK with unquoted names', 'ASK { cappuccino has_ingredient milk }', /unquoted word/i);
add('SELECT with an unquoted relation', 'SELECT ?x WHERE { ?x has_ingredient "milk" }', /unquoted word/i);
add('a JSON tool call', '{"tool": "query", "input": "DESCRIBE \\"x\\""}', /unexpected/i);
add(
  'a Python-style call with a keyword argument',
  'query(sparql="DESCRIBE \\"x\\"")',
  /unknown query form|unexpected/i,
);
add('an unknown function wrapper', 'sparql(DESCRIBE "cappuccino")', /unknown query form/i);
add('two queries on two lines', 'DESCRIBE "latte"\nDESCRIBE "espresso"', /DESCRIBE/);
add('two queries separated by a semicolon', 'DESCRIBE "latte"; DESCRIBE "espresso"', /unexpected ";"/i);
add(
  'an action followed by an observation',
  'query(DESCRIBE "latte")\nObservation: latte is a coffee drink',
  /wrapper/i,
);

// --- Keyword forms with missing parts ------------------------------------------
add('DESCRIBE alone', 'DESCRIBE', /needs the name/i);
add('ASK alone', 'ASK', /ends unexpectedly/i);
add('SELECT alone', 'SELECT', /needs one variable/i);
add('EXPLAIN alone', 'EXPLAIN', /ends unexpectedly/i);
add('DESCRIBE with an empty single-quoted name', "DESCRIBE ''", /empty name/i);
add('DESCRIBE with a blank name', 'DESCRIBE "   "', /empty name/i);
add('DESCRIBE with two names', 'DESCRIBE "latte" "espresso"', /exactly one name/i);
add('DESCRIBE with a pattern', 'DESCRIBE { "latte" }', /not a \{/i);
add('DESCRIBE with a variable', 'DESCRIBE ?x', /not a variable/i);
add('DESCRIBE ?x WHERE pattern', 'DESCRIBE ?x WHERE { ?x "is a" "coffee drink" }', /not a variable/i);
add('ASK without braces', 'ASK "cappuccino" "has ingredient" "milk"', /needs braces/i);
add('EXPLAIN without braces', 'EXPLAIN "cappuccino" "has ingredient" "milk"', /needs braces/i);
add('ASK with empty braces', 'ASK { }', /empty/i);
add('EXPLAIN with empty braces', 'EXPLAIN {}', /empty/i);
add('SELECT without a variable', 'SELECT WHERE { ?x "r" "B" }', /needs one variable/i);
add('SELECT * ', 'SELECT * WHERE { ?x "r" "B" }', /SELECT \*/);
add('SELECT with two variables', 'SELECT ?x ?y WHERE { ?x "r" ?y }', /exactly one variable/i);
add('SELECT without a WHERE block', 'SELECT ?x', /WHERE/);
add('SELECT WHERE without braces', 'SELECT ?x WHERE ?x "r" "B"', /expected WHERE|unexpected/i);
add('SELECT with empty braces', 'SELECT ?x WHERE { }', /no conditions/i);
add('SELECT with only VALUES', 'SELECT ?x WHERE { VALUES ?x { "latte" } }', /no conditions/i);
add('SELECT with a COUNT expression', 'SELECT (COUNT(?x) AS ?n) WHERE { ?x "r" "B" }', /not supported/i);
add('lone question mark as variable', 'SELECT ? WHERE { ? "r" "B" }', /variable needs a name/i);
add('an overlong variable name', `SELECT ?${'v'.repeat(65)} WHERE { ?x "r" "B" }`, /variable name is longer/);
add('lone dollar as variable', 'SELECT $ WHERE { $ "r" "B" }', /variable needs a name/i);

// --- Wrong arity ------------------------------------------------------------------
add('ASK with one part', 'ASK { "cappuccino" }', /three parts/i);
add('ASK with two parts', 'ASK { "cappuccino" "milk" }', /three parts/i);
add('ASK with four parts', 'ASK { "cappuccino" "has ingredient" "milk" "sugar" }', /three parts/i);
add(
  'ASK with two statements',
  'ASK { "cappuccino" "has ingredient" "milk" . "latte" "has ingredient" "milk" }',
  /exactly one statement/i,
);
add(
  'ASK with the ";" shorthand (two statements)',
  'ASK { "cappuccino" "has ingredient" "milk" ; "is a" "coffee drink" }',
  /exactly one statement/i,
);
add(
  'ASK with the "," shorthand (two statements)',
  'ASK { "cappuccino" "has ingredient" "milk" , "sugar" }',
  /exactly one statement/i,
);
add('EXPLAIN with two parts', 'EXPLAIN { "cappuccino" "milk" }', /three parts/i);
add('EXPLAIN with two statements', 'EXPLAIN { "a" "r" "b" . "c" "r" "d" }', /exactly one statement/i);
add('SELECT condition with two parts', 'SELECT ?x WHERE { ?x "milk" }', /three parts/i);
add('SELECT condition with one part', 'SELECT ?x WHERE { ?x }', /three parts/i);
add('SELECT with a five-part condition', 'SELECT ?x WHERE { ?x "r1" "B1" "r2" "B2" }', /three parts/i);
add('SELECT with a dangling dot-separated part', 'SELECT ?x WHERE { ?x "r" "B" . "C" }', /three parts/i);
add('SELECT ?o with two conditions', 'SELECT ?o WHERE { "a" "r" ?o . "b" "r" ?o }', /exactly one condition/i);
add('SELECT ?r with two conditions', 'SELECT ?r WHERE { "a" ?r "b" . "c" ?r "d" }', /exactly one condition/i);
add('incomplete condition after a comma', 'SELECT ?x WHERE { ?x "r" "B" , }', /three parts/i);
add('incomplete condition after a semicolon', 'SELECT ?x WHERE { ?x "r" "B" ; "r2" }', /three parts/i);
add('leading dot in a group', 'SELECT ?x WHERE { . ?x "r" "B" }', /where a condition should start/i);
add(
  'double dot between conditions',
  'SELECT ?x WHERE { ?x "r" "B" . . ?x "s" "C" }',
  /where a condition should start/i,
);
add('leading comma in a group', 'ASK { , "a" "r" "b" }', /where a condition should start/i);

// --- Variables in the wrong places ------------------------------------------------
add('ASK with a variable', 'ASK { ?x "has ingredient" "milk" }', /variables/i);
add('EXPLAIN with a variable', 'EXPLAIN { "cappuccino" ?r "milk" }', /variables/i);
add('SELECT with an undeclared variable', 'SELECT ?x WHERE { ?y "r" "B" }', /not the selected/i);
add('SELECT variable case mismatch', 'SELECT ?X WHERE { ?x "r" "B" }', /not the selected/i);
add('SELECT with a second variable as filler', 'SELECT ?x WHERE { ?x "r" ?y }', /not the selected/i);
add('SELECT with the variable twice in a condition', 'SELECT ?x WHERE { ?x "r" ?x }', /twice/i);
add('SELECT with the variable as subject and relation', 'SELECT ?x WHERE { ?x ?x "B" }', /twice/i);
add('SELECT with a condition lacking the variable', 'SELECT ?x WHERE { "a" "r" "B" }', /does not mention/i);
add(
  'SELECT with a ground condition next to a real one',
  'SELECT ?x WHERE { ?x "r" "B" . "a" "r" "B" }',
  /does not mention/i,
);
add('SELECT mixing subject and filler positions', 'SELECT ?x WHERE { ?x "r" "B" . "A" "r" ?x }', /same place/i);
add('SELECT mixing relation and filler positions', 'SELECT ?x WHERE { "A" ?x "B" . "A" "r" ?x }', /same place/i);
add('SELECT with only variables', 'SELECT ?s WHERE { ?s ?p ?o }', /not the selected/i);

// --- VALUES misuse -----------------------------------------------------------------
add('VALUES for another variable', 'SELECT ?x WHERE { VALUES ?y { "latte" } ?x "r" "B" }', /VALUES must list/i);
add('VALUES with parentheses', 'SELECT ?x WHERE { VALUES (?x) { ("latte") } ?x "r" "B" }', /parentheses/i);
add('VALUES without a variable', 'SELECT ?x WHERE { VALUES { "latte" } ?x "r" "B" }', /after VALUES/i);
add('VALUES without braces', 'SELECT ?x WHERE { VALUES ?x "latte" ?x "r" "B" }', /expected "\{"/i);
add('empty VALUES', 'SELECT ?x WHERE { VALUES ?x { } ?x "r" "B" }', /empty/i);
add('VALUES with UNDEF', 'SELECT ?x WHERE { VALUES ?x { UNDEF } ?x "r" "B" }', /UNDEF/);
add('VALUES with an unquoted name', 'SELECT ?x WHERE { VALUES ?x { latte } ?x "r" "B" }', /unquoted word/i);
add('VALUES with a variable inside', 'SELECT ?x WHERE { VALUES ?x { ?y } ?x "r" "B" }', /VALUES list/i);
add('VALUES never closed', 'SELECT ?x WHERE { VALUES ?x { "latte" ', /missing "\}"/i);
add('two VALUES lists', 'SELECT ?x WHERE { VALUES ?x { "a" } VALUES ?x { "b" } ?x "r" "B" }', /only one VALUES/i);
add(
  'VALUES before and after WHERE',
  'SELECT ?x VALUES ?x { "a" } WHERE { ?x "r" "B" } VALUES ?x { "b" }',
  /only one VALUES/i,
);
add(
  'VALUES with select-fillers',
  'SELECT ?o WHERE { VALUES ?o { "milk" } "cappuccino" "has ingredient" ?o }',
  /VALUES is only allowed/i,
);
add(
  'VALUES with select-relations',
  'SELECT ?r WHERE { "cappuccino" ?r "milk" } VALUES ?r { "has ingredient" }',
  /VALUES is only allowed/i,
);
add('VALUES inside ASK', 'ASK { VALUES ?x { "a" } "a" "r" "b" }', /VALUES is only allowed/i);
add('VALUES as the whole query', 'VALUES ?x { "latte" }', /VALUES/);
add('VALUES with numbers', 'SELECT ?x WHERE { VALUES ?x { 1 2 } ?x "r" "B" }', /number/i);

// --- IRIs and prefixed names ----------------------------------------------------------
add('DESCRIBE an IRI', 'DESCRIBE <http://purl.obolibrary.org/obo/GO_0007076>', /IRI/);
add('ASK with IRIs', 'ASK { <http://ex.org/a> <http://ex.org/r> <http://ex.org/b> }', /IRI/);
add(
  'SELECT with an IRI relation',
  'SELECT ?x WHERE { ?x <http://www.w3.org/2000/01/rdf-schema#subClassOf> "B" }',
  /IRI/,
);
add('SELECT with an IRI filler', 'SELECT ?x WHERE { ?x "part of" <http://ex.org/b> }', /IRI/);
add('quoted IRI in angle brackets', 'DESCRIBE "<http://ex.org/a>"', /IRI/);
add('quoted http IRI', 'DESCRIBE "http://purl.obolibrary.org/obo/GO_0007076"', /IRI/);
add('quoted https IRI', 'ASK { "https://ex.org/a" "r" "b" }', /IRI/);
add('quoted URN', 'DESCRIBE "urn:uuid:1234"', /IRI/);
add('broken IRI without a closing bracket', 'DESCRIBE <http://ex.org/a', /"<"/);
add('a less-than comparison', 'SELECT ?x WHERE { ?x "r" "B" } < 3', /"<"/);
add('empty IRI', 'DESCRIBE <>', /"<"/);
add('prefixed relation', 'SELECT ?x WHERE { ?x rdfs:subClassOf "coffee drink" }', /prefixed/i);
add('prefixed concept', 'DESCRIBE obo:GO_0007076', /prefixed/i);
add('prefixed name in ASK', 'ASK { ex:latte ex:hasIngredient ex:milk }', /prefixed/i);
add('default-prefix name', 'DESCRIBE :latte', /prefixed/i);
add('a bare colon', 'DESCRIBE : "latte"', /":"/);
add('PREFIX declaration', 'PREFIX ex: <http://ex.org/> DESCRIBE ex:latte', /PREFIX/);
add('BASE declaration', 'BASE <http://ex.org/> DESCRIBE <latte>', /BASE/);
add('the "a" shorthand for rdf:type', 'SELECT ?x WHERE { ?x a "coffee drink" }', /"is a"/);
add('rdf:type as a prefixed name', 'SELECT ?x WHERE { ?x rdf:type "coffee drink" }', /prefixed/i);
add('language-tagged name', 'DESCRIBE "latte"@en', /language tags/i);
add('typed literal', 'DESCRIBE "latte"^^xsd:string', /datatypes/i);

// --- SPARQL Update and unsupported query forms ---------------------------------------------
for (const [label, input] of [
  ['DELETE WHERE', 'DELETE WHERE { ?s ?p ?o }'],
  ['DELETE DATA', 'DELETE DATA { <http://ex.org/a> <http://ex.org/r> <http://ex.org/b> }'],
  ['INSERT DATA', 'INSERT DATA { "latte" "is a" "tea" }'],
  ['INSERT with WHERE', 'INSERT { ?x "is a" "tea" } WHERE { ?x "is a" "coffee drink" }'],
  ['DROP ALL', 'DROP ALL'],
  ['DROP GRAPH', 'DROP GRAPH <http://ex.org/g>'],
  ['LOAD', 'LOAD <http://evil.example/data.ttl>'],
  ['CLEAR DEFAULT', 'CLEAR DEFAULT'],
  ['CREATE GRAPH', 'CREATE GRAPH <http://ex.org/g>'],
  ['COPY', 'COPY DEFAULT TO <http://ex.org/g>'],
  ['MOVE', 'MOVE DEFAULT TO <http://ex.org/g>'],
  ['ADD', 'ADD DEFAULT TO <http://ex.org/g>'],
  ['WITH ... DELETE', 'WITH <http://ex.org/g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }'],
  ['lowercase delete', 'delete where { ?s ?p ?o }'],
  ['DELETE wrapped in query()', 'Action: query(DELETE WHERE { ?s ?p ?o })'],
] as const) {
  add(`SPARQL Update: ${label}`, input, /read-only/);
}
add('DESCRIBE followed by DELETE', 'DESCRIBE "latte" DELETE WHERE { ?s ?p ?o }', /read-only/);
add('ASK followed by DROP', 'ASK { "a" "r" "b" } DROP ALL', /read-only/);
add('SELECT followed by INSERT', 'SELECT ?x WHERE { ?x "r" "B" } INSERT DATA { "a" "r" "b" }', /read-only/);
add('DELETE inside a SELECT group', 'SELECT ?x WHERE { ?x "r" "B" . DELETE { ?x "r" "B" } }', /read-only/);
add('CONSTRUCT query', 'CONSTRUCT { ?x "r" "B" } WHERE { ?x "r" "B" }', /CONSTRUCT/);

// --- Unsupported SPARQL pattern features ----------------------------------------------------
add('FILTER with a comparison', 'SELECT ?x WHERE { ?x "r" "B" FILTER(?x != "latte") }', /FILTER/);
add('FILTER regex', 'SELECT ?x WHERE { ?x "r" "B" . FILTER regex(?x, "lat") }', /FILTER/);
add('FILTER NOT EXISTS', 'SELECT ?x WHERE { ?x "r" "B" FILTER NOT EXISTS { ?x "s" "C" } }', /FILTER/);
add('OPTIONAL', 'SELECT ?x WHERE { ?x "r" "B" OPTIONAL { ?x "s" "C" } }', /OPTIONAL/);
add('UNION', 'SELECT ?x WHERE { { ?x "r" "B" } UNION { ?x "s" "C" } }', /nested/i);
add('UNION between conditions', 'SELECT ?x WHERE { ?x "r" "B" UNION ?x "s" "C" }', /UNION/);
add('MINUS', 'SELECT ?x WHERE { ?x "r" "B" MINUS { ?x "s" "C" } }', /MINUS/);
add('BIND', 'SELECT ?x WHERE { BIND("latte" AS ?x) ?x "r" "B" }', /BIND/);
add('SERVICE', 'SELECT ?x WHERE { SERVICE <http://ex.org/sparql> { ?x "r" "B" } }', /SERVICE/);
add('GRAPH', 'SELECT ?x WHERE { GRAPH ?g { ?x "r" "B" } }', /GRAPH/);
add('LIMIT', 'SELECT ?x WHERE { ?x "r" "B" } LIMIT 10', /LIMIT/);
add('OFFSET', 'SELECT ?x WHERE { ?x "r" "B" } OFFSET 5', /OFFSET/);
add('ORDER BY', 'SELECT ?x WHERE { ?x "r" "B" } ORDER BY ?x', /ORDER/);
add('GROUP BY', 'SELECT ?x WHERE { ?x "r" "B" } GROUP BY ?x', /GROUP/);
add('FROM clause', 'SELECT ?x FROM <http://ex.org/g> WHERE { ?x "r" "B" }', /FROM/);
add('property path', 'SELECT ?x WHERE { ?x "part of"/"part of" "B" }', /"\/"/);
add('property path with a star', 'SELECT ?x WHERE { ?x "part of"* "B" }', /"\*"/);
add('blank node brackets', 'SELECT ?x WHERE { ?x "r" [ "s" "C" ] }', /"\["/);
add('a SPARQL comment', 'DESCRIBE "latte" # the milky one', /comments/i);
add('a subquery', 'SELECT ?x WHERE { SELECT ?x WHERE { ?x "r" "B" } }', /SELECT/);

// --- Unbalanced braces and quotes ---------------------------------------------------------------
add('ASK missing its closing brace', 'ASK { "a" "r" "b"', /closing "\}" is missing/);
add('ASK missing its opening brace', 'ASK "a" "r" "b" }', /needs braces/i);
add('SELECT missing its closing brace', 'SELECT ?x WHERE { ?x "r" "B" .', /closing "\}" is missing/);
add('SELECT missing its opening brace', 'SELECT ?x WHERE ?x "r" "B" }', /expected WHERE/i);
add('an extra closing brace', 'ASK { "a" "r" "b" } }', /extra "\}"/);
add('an extra closing brace after SELECT', 'SELECT ?x WHERE { ?x "r" "B" } }', /extra "\}"/);
add('nested braces in ASK', 'ASK { { "a" "r" "b" } }', /nested/i);
add('nested braces in SELECT', 'SELECT ?x WHERE { ?x "r" "B" . { ?x "s" "C" } }', /nested/i);
add('braces around a single name', 'SELECT ?x WHERE { ?x "r" { "B" } }', /nested/i);
add('unclosed double quote', 'DESCRIBE "latte', /unclosed quote/i);
add('unclosed quote in ASK', 'ASK { "a" "r" "b }', /unclosed quote/i);
add('unclosed single quote', "DESCRIBE 'latte", /unclosed quote/i);
add('unclosed curly quote', 'DESCRIBE “latte', /unclosed quote/i);
add('a stray quote after a name', 'DESCRIBE "latte""', /unclosed quote/i);
add('a single-quoted name with an apostrophe', "DESCRIBE 'Crohn's disease'", /unquoted word|unclosed/i);
add('an unescaped quote inside a name', 'DESCRIBE "the "best" latte"', /unquoted word/i);
add('an unbalanced backtick', '`DESCRIBE "latte"', /backtick/i);
add('an unclosed code fence', '```sparql\nDESCRIBE "latte"', /backtick/i);
add('a fence that closes twice', '```DESCRIBE "latte"``` ```', /backtick/i);
add('unbalanced query( wrapper', 'query(DESCRIBE "latte"', /wrapper/i);
add('an extra closing parenthesis', 'DESCRIBE "latte")', /"\)"/);
add('unbalanced string wrapper in query()', 'query("DESCRIBE "latte")', /unclosed quote/i);
add('parentheses inside a condition', 'ASK { ("a" "r" "b") }', /parentheses/i);

// --- Escapes ------------------------------------------------------------------------------------
add('unknown escape \\n inside a name', 'DESCRIBE "latte\\nart"', /escape/i);
add('unknown escape \\u inside a name', 'DESCRIBE "latte\\u0041"', /escape/i);
add('backslash at the very end', 'DESCRIBE "latte\\', /escape/i);
add('backslash outside a name', 'DESCRIBE \\"latte\\"', /backslash/i);

// --- Control characters, NUL bytes and invisible characters ---------------------------------------
add('NUL byte inside a name', 'DESCRIBE "lat\u0000te"', /U\+0000/);
add('NUL byte outside a name', 'DESCRIBE\u0000"latte"', /NUL/);
add('NUL byte at the end', 'DESCRIBE "latte"\u0000', /NUL/);
add('bell character inside a name', 'DESCRIBE "lat\u0007te"', /U\+0007/);
add('escape character (ANSI) inside a name', 'DESCRIBE "\u001b[31mlatte"', /U\+001B/);
add('escape character outside a name', '\u001b[2JDESCRIBE "latte"', /control character/i);
add('DEL character outside a name', 'DESCRIBE \u007f"latte"', /control character/i);
add('C1 control inside a name', 'DESCRIBE "lat\u0085te"', /U\+0085/);
add('tab inside a name', 'DESCRIBE "flat\twhite"', /U\+0009/);
add('newline inside a VALUES name', 'SELECT ?x WHERE { VALUES ?x { "flat\nwhite" } ?x "r" "B" }', /line break/i);
add('carriage return inside a name', 'DESCRIBE "flat\rwhite"', /line break/i);
add('line separator inside a name', 'DESCRIBE "flat\u2028white"', /line break/i);
add('right-to-left override inside a name', 'DESCRIBE "latte\u202eetal"', /U\+202E/);
add('bidi isolate inside a name', 'DESCRIBE "\u2066latte\u2069"', /U\+2066/);
add('zero-width space inside a name', 'DESCRIBE "lat\u200bte"', /U\+200B/);
add('byte-order mark inside a name', 'DESCRIBE "lat\ufeffte"', /U\+FEFF/);
add('non-character inside a name', 'DESCRIBE "lat\uffffte"', /U\+FFFF/);
add('lone high surrogate inside a name', 'DESCRIBE "lat\ud83dte"', /surrogate/i);
add('lone low surrogate inside a name', 'DESCRIBE "lat\ude00te"', /surrogate/i);
add('emoji outside a name', 'DESCRIBE ☕', /unexpected character/i);
add('emoji instead of braces', 'ASK 👉 "a" "r" "b"', /unexpected character/i);
add('accented word outside quotes', 'DESCRIBE café', /unquoted word|unexpected character/i);

// --- Injection attempts that break out of a name -----------------------------------------------------
add('name closed early, then DELETE', 'DESCRIBE "latte" } DELETE WHERE { ?s ?p ?o }', /extra "\}"|unexpected/i);
add('name closed early, then a second query', 'DESCRIBE "latte"; DROP ALL', /unexpected ";"/i);
add('quote injection into ASK', 'ASK { "a" "r" "b" } ; DELETE WHERE { ?s ?p ?o }', /unexpected ";"/i);
add(
  'closing brace injected after a relation',
  'SELECT ?x WHERE { ?x "r" "B" } } DELETE WHERE { ?s ?p ?o } {',
  /extra "\}"/,
);
add('unescaped quote injection in a name', 'DESCRIBE "latte" DELETE "x"', /read-only/);
add('newline injection inside a name', 'DESCRIBE "latte\nDELETE WHERE { ?s ?p ?o }"', /line break/i);
add('query() wrapper injection', 'query(DESCRIBE "latte") query(DROP ALL)', /wrapper|unexpected/i);
add(
  'Action injection with a second action',
  'Action: query(DESCRIBE "latte")\nAction: query(DROP ALL)',
  /wrapper|unexpected/i,
);
add('fence injection', '```sparql\nDESCRIBE "latte"\n```\n```sparql\nDROP ALL\n```', /backtick/i);
add('escaped quote then raw text', 'DESCRIBE "latte\\" DELETE', /unclosed quote/i);

// --- Limits -----------------------------------------------------------------------------------
add('query longer than the default limit', `DESCRIBE "${'a'.repeat(2100)}"`, /too long/);
add('a 100 kB name', `DESCRIBE "${'x'.repeat(100_000)}"`, /too long/);
add('a 100 kB name with raised query limit', `DESCRIBE "${'x'.repeat(100_000)}"`, /longer than the limit/, {
  maxQueryLength: 200_000,
});
add('a name just over the name limit', `DESCRIBE "${'n'.repeat(301)}"`, /longer than the limit of 300/);
add('a name over a custom name limit', 'DESCRIBE "espresso"', /longer than the limit of 5/, { maxNameLength: 5 });
add('query over a custom length limit', 'DESCRIBE "espresso"', /too long/, { maxQueryLength: 10 });
add(
  'nine conditions (limit 8)',
  `SELECT ?x WHERE { ${Array.from({ length: 9 }, (_, i) => `?x "r${i}" "B${i}"`).join(' . ')} }`,
  /at most 8/,
);
add(
  'nine conditions through the "," shorthand',
  `SELECT ?x WHERE { ?x "r" ${Array.from({ length: 9 }, (_, i) => `"B${i}"`).join(', ')} }`,
  /at most 8/,
);
add('conditions over a custom limit', 'SELECT ?x WHERE { ?x "r" "B" . ?x "s" "C" }', /at most 1/, { maxConditions: 1 });
add(
  'fifty-one VALUES (limit 50)',
  `SELECT ?x WHERE { VALUES ?x { ${Array.from({ length: 51 }, (_, i) => `"v${i}"`).join(' ')} } ?x "r" "B" }`,
  /at most 50/,
);
add('VALUES over a custom limit', 'SELECT ?x WHERE { VALUES ?x { "a" "b" "c" } ?x "r" "B" }', /at most 2/, {
  maxValues: 2,
});
add('too many VALUES even with duplicates', 'SELECT ?x WHERE { VALUES ?x { "a" "a" "a" } ?x "r" "B" }', /at most 2/, {
  maxValues: 2,
});
add('a 100 kB run of braces', '{'.repeat(100_000), /too long/);
add('a 100 kB run of quotes', '"'.repeat(100_000), /too long/);

// --- Wrapper edge cases ---------------------------------------------------------------------------
add('deeply nested query() wrappers', `${'query('.repeat(20)}DESCRIBE "latte"${')'.repeat(20)}`, /wrapper/i);
add('a wrapper string holding prose', 'query("look up latte")', /unknown query form|starts with DESCRIBE|empty/i);
add('a wrapper string holding just a name', 'query("latte")', /starts with DESCRIBE/i);
add('Action label without a query', 'Action: think some more', /unknown query form/i);

// --- Generated: systematic mutations of each valid form -----------------------------------------------
/** One valid example per form; each mutation below makes it invalid in a specific way. */
const SEEDS: readonly { form: string; text: string }[] = [
  { form: 'DESCRIBE', text: 'DESCRIBE "flat white"' },
  { form: 'ASK', text: 'ASK { "flat white" "has ingredient" "steamed milk" }' },
  { form: 'ASK is-a', text: 'ASK { "flat white" "is a" "coffee drink" }' },
  { form: 'SELECT ?x', text: 'SELECT ?x WHERE { ?x "has ingredient" "steamed milk" . ?x "is a" "coffee drink" }' },
  {
    form: 'SELECT ?x VALUES',
    text: 'SELECT ?x WHERE { VALUES ?x { "flat white" "cortado" } ?x "has ingredient" "steamed milk" }',
  },
  { form: 'SELECT ?o', text: 'SELECT ?o WHERE { "flat white" "has ingredient" ?o }' },
  { form: 'SELECT ?r', text: 'SELECT ?r WHERE { "flat white" ?r "steamed milk" }' },
  { form: 'EXPLAIN', text: 'EXPLAIN { "flat white" "has ingredient" "steamed milk" }' },
];

/** Replaces the last occurrence of `find` in `text`. */
function replaceLast(text: string, find: string, by: string): string {
  const at = text.lastIndexOf(find);
  return at < 0 ? text : text.slice(0, at) + by + text.slice(at + find.length);
}

const MUTATIONS: readonly { name: string; apply: (text: string) => string; error?: RegExp }[] = [
  {
    name: 'drops the closing quote of its last name',
    apply: (t) => replaceLast(t, '"', ''),
    error: /unclosed quote|unquoted|three parts|closing/i,
  },
  {
    name: 'replaces "flat white" by an IRI',
    apply: (t) => t.split('"flat white"').join('<http://ex.org/flat_white>'),
    error: /IRI|variables|needs/i,
  },
  {
    name: 'replaces "flat white" by a prefixed name',
    apply: (t) => t.split('"flat white"').join('ex:flat_white'),
    error: /prefixed/i,
  },
  {
    name: 'replaces "flat white" by an unquoted word',
    apply: (t) => t.split('"flat white"').join('flat_white'),
    error: /unquoted word/i,
  },
  { name: 'appends a DELETE', apply: (t) => `${t} DELETE WHERE { ?s ?p ?o }`, error: /read-only/ },
  { name: 'appends a LIMIT', apply: (t) => `${t} LIMIT 5`, error: /LIMIT/ },
  { name: 'appends a second query', apply: (t) => `${t}\n${t}`, error: /unexpected|one query|exactly one|VALUES/i },
  { name: 'puts a NUL byte into a name', apply: (t) => t.replace('flat white', 'flat\u0000white'), error: /U\+0000/ },
  { name: 'puts a line break into a name', apply: (t) => t.replace('flat white', 'flat\nwhite'), error: /line break/i },
  { name: 'empties the first name', apply: (t) => t.replace('"flat white"', '""'), error: /empty name/i },
  { name: 'adds an unknown escape to a name', apply: (t) => t.replace('flat white', 'flat\\qwhite'), error: /escape/i },
  { name: 'adds a comment', apply: (t) => `${t} # check this`, error: /comments/i },
  { name: 'prefixes a PREFIX declaration', apply: (t) => `PREFIX ex: <http://ex.org/> ${t}`, error: /PREFIX/ },
  { name: 'misspells the keyword', apply: (t) => t.replace(/^[A-Z]+/, (k) => `${k}Z`), error: /unknown query form/i },
  { name: 'is wrapped in an unclosed fence', apply: (t) => `\`\`\`sparql\n${t}`, error: /backtick/i },
  { name: 'has a trailing dot after the query', apply: (t) => `${t} .`, error: /unexpected "\."/i },
];

for (const seed of SEEDS) {
  for (const mutation of MUTATIONS) {
    const input = mutation.apply(seed.text);
    if (input === seed.text) continue;
    cases.push({ label: `${seed.form} ${mutation.name}`, input, error: mutation.error });
  }
}

// --- Generated: every unsupported keyword at the start of a query --------------------------------------
for (const keyword of ['FILTER', 'OPTIONAL', 'UNION', 'MINUS', 'BIND', 'LIMIT', 'ORDER', 'GRAPH', 'SERVICE', 'UNDEF']) {
  cases.push({
    label: `query starting with ${keyword}`,
    input: `${keyword} { ?x "r" "B" }`,
    error: /not supported|unknown query form/i,
  });
}

export const MALFORMED_CASES: readonly MalformedCase[] = cases;

/** Inputs that look dangerous but are valid: the dangerous text is a name and must be kept verbatim. */
export const VALID_TRICKY_CASES: readonly ValidTrickyCase[] = [
  {
    label: 'a name holding a SELECT query',
    input: 'DESCRIBE "SELECT ?x WHERE { ?x ?p ?o }"',
    expected: { form: 'describe', name: 'SELECT ?x WHERE { ?x ?p ?o }' },
  },
  {
    label: 'a name holding a DELETE query',
    input: 'DESCRIBE "DELETE WHERE { ?s ?p ?o }"',
    expected: { form: 'describe', name: 'DELETE WHERE { ?s ?p ?o }' },
  },
  {
    label: 'a name holding braces and an escaped quote',
    input: 'DESCRIBE "a \\"} DROP ALL; {\\" b"',
    expected: { form: 'describe', name: 'a "} DROP ALL; {" b' },
  },
  {
    label: 'relation and filler named like update keywords',
    input: 'SELECT ?x WHERE { ?x "DROP ALL" "INSERT DATA" }',
    expected: { form: 'select-subjects', variable: 'x', conditions: [{ relation: 'DROP ALL', filler: 'INSERT DATA' }] },
  },
  {
    label: 'VALUES candidates named like keywords',
    input: 'SELECT ?x WHERE { VALUES ?x { "SELECT" "DELETE" "}" } ?x "is a" "keyword" }',
    expected: {
      form: 'select-subjects',
      variable: 'x',
      conditions: [{ relation: 'is a', filler: 'keyword' }],
      values: ['SELECT', 'DELETE', '}'],
    },
  },
  {
    label: 'ASK whose names contain closing braces and dots',
    input: 'ASK { "x } ." "r ; y" "{ z ." }',
    expected: { form: 'ask', subject: 'x } .', relation: 'r ; y', filler: '{ z .' },
  },
  {
    label: 'a name that looks like a wrapper',
    input: 'DESCRIBE "query(DROP ALL)"',
    expected: { form: 'describe', name: 'query(DROP ALL)' },
  },
  {
    label: 'a name with a FILTER expression',
    input: 'SELECT ?o WHERE { "FILTER(?x != 1)" "OPTIONAL" ?o }',
    expected: { form: 'select-fillers', subject: 'FILTER(?x != 1)', relation: 'OPTIONAL' },
  },
  {
    label: 'a name with an IRI-like fragment inside text',
    input: 'DESCRIBE "see <http://ex.org/a> for details"',
    expected: { form: 'describe', name: 'see <http://ex.org/a> for details' },
  },
  {
    label: 'a name with a hash sign',
    input: 'DESCRIBE "C# programming"',
    expected: { form: 'describe', name: 'C# programming' },
  },
  {
    label: 'a name with backticks',
    input: 'DESCRIBE "`latte`"',
    expected: { form: 'describe', name: '`latte`' },
  },
  {
    label: 'a name with emoji and a zero-width joiner',
    input: 'DESCRIBE "barista 👩‍🍳"',
    expected: { form: 'describe', name: 'barista 👩‍🍳' },
  },
  {
    label: 'a name containing a double quote, single-quoted',
    input: `DESCRIBE 'the "best" latte'`,
    expected: { form: 'describe', name: 'the "best" latte' },
  },
  {
    label: 'a name of exactly the maximum length',
    input: `DESCRIBE "${'n'.repeat(300)}"`,
    expected: { form: 'describe', name: 'n'.repeat(300) },
  },
  {
    label: 'exactly eight conditions',
    input: `SELECT ?x WHERE { ${Array.from({ length: 8 }, (_, i) => `?x "r${i}" "B${i}"`).join(' . ')} }`,
    expected: {
      form: 'select-subjects',
      variable: 'x',
      conditions: Array.from({ length: 8 }, (_, i) => ({ relation: `r${i}`, filler: `B${i}` })),
    },
  },
  {
    label: 'exactly fifty VALUES',
    input: `SELECT ?x WHERE { VALUES ?x { ${Array.from({ length: 50 }, (_, i) => `"v${i}"`).join(' ')} } ?x "r" "B" }`,
    expected: {
      form: 'select-subjects',
      variable: 'x',
      conditions: [{ relation: 'r', filler: 'B' }],
      values: Array.from({ length: 50 }, (_, i) => `v${i}`),
    },
  },
];
