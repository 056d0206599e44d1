import * as oxigraph from 'oxigraph';
import { describe, expect, it } from 'vitest';
import type { UserError } from '../../../src-main/core/errors';
import { runSparql } from '../../../src-main/ontology/store/sparql/raw-sparql';
import { sparqlSyntaxError } from '../../../src-main/ontology/store/sparql/sparql-errors';
import { withClosurePrefixes } from '../../../src-main/ontology/store/sparql/sparql-prefixes';

const store = new oxigraph.Store();
store.load(
  `<http://purl.obolibrary.org/obo/GO_1> <http://www.w3.org/2000/01/rdf-schema#label> "nucleus" .
<http://purl.obolibrary.org/obo/GO_2> <http://www.w3.org/2000/01/rdf-schema#subClassOf> <http://purl.obolibrary.org/obo/GO_1> .`,
  { format: 'application/n-triples' },
);

function errorOf(q: string): UserError {
  try {
    runSparql(store, q);
  } catch (e) {
    return e as UserError;
  }
  throw new Error('no error');
}

describe('predeclared prefixes', () => {
  it('adds the closure prefixes a query does not declare, on one first line', () => {
    const q = 'PREFIX obo: <http://example.org/>\n# PREFIX rdfs: <x> is only a comment\nSELECT * WHERE { ?s ?p ?o }';
    const p = withClosurePrefixes(q, q.replace(/#[^\n]*/, ''));
    expect(p.addedLines).toBe(1);
    const [first, ...rest] = p.query.split('\n');
    expect(first).toContain('PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>');
    expect(first).not.toContain('PREFIX obo:');
    expect(rest.join('\n')).toBe(q);
    const all =
      'PREFIX rdf: <a> PREFIX rdfs: <b> PREFIX owl: <c> PREFIX xsd: <d> PREFIX obo: <e> PREFIX oarag: <f> ASK {}';
    expect(withClosurePrefixes(all, all)).toEqual({ query: all, addedLines: 0 });
  });

  it('lets a query use rdfs: and obo: without PREFIX lines', () => {
    const r = runSparql(store, 'SELECT ?c WHERE { ?c rdfs:subClassOf obo:GO_1 }');
    expect(r.rows).toEqual([{ c: 'http://purl.obolibrary.org/obo/GO_2' }]);
    const own = runSparql(store, 'PREFIX obo: <http://example.org/>\nASK { ?c rdfs:subClassOf obo:GO_1 }');
    expect(own.boolean).toBe(false); // the query's own obo: wins
  });
});

describe('SPARQL errors as sentences', () => {
  it('names an undeclared prefix and its line in the user’s text, not counting the added line', () => {
    const e = errorOf('SELECT ?x WHERE {\n  ?x foo:bar ?y }');
    expect(e.code).toBe('sparql-syntax');
    expect(e.message).toBe(
      'The SPARQL query uses the prefix “foo:” without declaring it at line 2, column 13. Add a line PREFIX foo: <…> at the top; rdf, rdfs, owl, xsd, obo, oarag are declared already.',
    );
  });

  it('says where the parser stopped and what came before, without the engine’s list of alternatives', () => {
    const e = errorOf('SELECT ?x WHERE { ?x ?p ?o } LIMT 5');
    expect(e.message).toBe(
      'The SPARQL query could not be parsed: the parser stopped at line 1, column 36 (after “SELECT ?x WHERE { ?x ?p ?o } LIMT 5”). Check the brackets, dots and keywords up to there.',
    );
    expect(e.message).not.toMatch(/expected one of|error at/);
  });

  it('keeps an explanation the engine gives in words', () => {
    const e = errorOf('SELECT (COUNT(?x) AS ?n) ?y WHERE { ?x ?p ?y }');
    expect(e.message).toMatch(
      /^The SPARQL query is not valid at line 1, column \d+ \(after “.*”\): the SELECT contains a variable that is unbound\.$/,
    );
  });

  it('keeps an unexpected message as a sentence', () => {
    expect(sparqlSyntaxError('something odd', 'ASK {}', 0).message).toBe(
      'The SPARQL query could not be run: something odd.',
    );
  });
});
