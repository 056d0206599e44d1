import * as oxigraph from 'oxigraph';
import { describe, expect, it } from 'vitest';
import { fillerNote, runSparql } from '../../../src-main/ontology/store/sparql/raw-sparql';

const O = 'http://purl.obolibrary.org/obo/';
const store = new oxigraph.Store();
store.load(
  `<${O}GO_1> <http://www.w3.org/2000/01/rdf-schema#label> "nucleus" .
<${O}GO_2> <http://www.w3.org/2000/01/rdf-schema#label> "nucleolus" .
<${O}GO_2> <http://www.w3.org/2000/01/rdf-schema#subClassOf> <${O}GO_1> .
<urn:oarag:filler:1> <http://www.w3.org/2000/01/rdf-schema#subClassOf> <${O}GO_1> .
<urn:oarag:filler:1> <http://www.w3.org/2000/01/rdf-schema#label> "part of some nucleus" .`,
  { format: 'application/n-triples' },
);

describe('SPARQL result columns', () => {
  it('come in the order the SELECT names them, not alphabetically', () => {
    const r = runSparql(store, 'SELECT ?sub ?label ?super WHERE { ?sub rdfs:subClassOf ?super ; rdfs:label ?label }');
    expect(r.variables).toEqual(['sub', 'label', 'super']);
  });

  it('take an aggregate or expression by its AS name only, in place, even beside COUNT(*)', () => {
    const r = runSparql(
      store,
      'SELECT ?super (COUNT(*) AS ?subs) (STR(?super) AS ?iri) WHERE { ?sub rdfs:subClassOf ?super } GROUP BY ?super',
    );
    expect(r.variables).toEqual(['super', 'subs', 'iri']);
    expect(r.rows[0]).toMatchObject({ super: `${O}GO_1`, subs: '2' });
  });

  it('follow the pattern for SELECT *', () => {
    expect(runSparql(store, 'SELECT * WHERE { ?z rdfs:subClassOf ?a . ?z rdfs:label ?b }').variables).toEqual([
      'z',
      'a',
      'b',
    ]);
    expect(runSparql(store, 'SELECT DISTINCT * { ?z rdfs:subClassOf ?a }').variables).toEqual(['z', 'a']);
  });
});

describe('internal filler nodes', () => {
  it('are counted in the rows that name them, with a note that says what they are', () => {
    const r = runSparql(store, 'SELECT ?sub ?super WHERE { ?sub rdfs:subClassOf ?super }');
    expect(r.rows).toHaveLength(2);
    expect(r.fillerRows).toBe(1);
    expect(
      runSparql(
        store,
        `SELECT ?c WHERE { ?c rdfs:subClassOf <${O}GO_1> . FILTER(isIRI(?c) && STRSTARTS(STR(?c), "http")) }`,
      ).fillerRows,
    ).toBeUndefined();
    expect(fillerNote(1)).toBe(
      "1 row names an internal node (urn:oarag:filler:<n>): the closure graph's stand-in for a complex class expression in an existential restriction, not a class of the ontology; its rdfs:label spells the expression.",
    );
  });
});
