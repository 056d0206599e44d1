import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { consoleExamples } from '../../../src-main/query/console-examples';
import { QueryService } from '../../../src-main/query/exec/query-service';
import { clinicalDump, EX, handleFromDump } from '../../support/dump-fixture';
import { d } from '../diff/dump-records';

let clinical: { handle: OntologyHandle; cleanup: () => void };
let noLinks: { handle: OntologyHandle; cleanup: () => void };
beforeAll(async () => {
  clinical = await handleFromDump(clinicalDump());
  noLinks = await handleFromDump([
    d.cls('Top', 'top'),
    d.cls('Mid', 'middle'),
    d.cls('Low', 'low'),
    d.hier('Top', []),
    d.hier('Mid', ['Top']),
    d.hier('Low', ['Mid']),
  ]);
});
afterAll(() => {
  clinical?.cleanup();
  noLinks?.cleanup();
});

describe('consoleExamples', () => {
  it('builds the examples on a link of the most used relation, with unambiguous short names', () => {
    const ex = consoleExamples(clinical.handle);
    expect(ex.subject).toEqual({ iri: EX + 'HeartDisease', name: 'heart disease' });
    expect(ex.relation).toEqual({ iri: EX + 'hasSite', name: 'has finding site' });
    expect(ex.filler).toEqual({ iri: EX + 'Heart', name: 'heart' });
    expect(ex.dialect).toEqual([
      'ASK { "heart disease" "is a" "disorder" }',
      'SELECT ?x WHERE { ?x "has finding site" "heart" }',
      'SELECT ?o WHERE { "heart disease" "has finding site" ?o }',
      'DESCRIBE "heart disease"',
      'EXPLAIN { "heart disease" "is a" "disorder" }',
    ]);
    expect(ex.prefixes.map((p) => p.prefix)).toEqual(['rdf', 'rdfs', 'owl', 'xsd', 'obo', 'oarag']);
  });

  it('gives dialect examples that run as written and hold in the closure', async () => {
    const qs = new QueryService(clinical.handle);
    const [ask, select, objects, describe] = await Promise.all(
      consoleExamples(clinical.handle)
        .dialect.slice(0, 4)
        .map((q) => qs.run(q)),
    );
    expect(ask.verdict).toBe('ENTAILED');
    expect(select.results.map((r) => r.name)).toContain('heart disease');
    expect(objects.results.map((r) => r.name)).toContain('heart');
    expect(describe.form).toBe('describe');
    expect(describe.kind).toBe('card');
  });

  it('gives SPARQL examples that parse with the predeclared prefixes and find the link', async () => {
    const ex = consoleExamples(clinical.handle);
    const results = [];
    for (const s of ex.sparql) results.push(await clinical.handle.sparql(s.query));
    expect(results[0].rows.map((r) => r.label)).toEqual(['heart disease']);
    expect(results[1].boolean).toBe(true);
    expect(results[2].rows.some((r) => r.relation === 'has finding site' && r.fillerLabel === 'heart')).toBe(true);
    expect(ex.sparql.map((s) => s.title)).toContain('Links per relation');
  });

  it('falls back to is-a examples when the closure has no links', () => {
    const ex = consoleExamples(noLinks.handle);
    expect(ex.relation).toBeNull();
    expect(ex.dialect).toEqual(['ASK { "low" "is a" "top" }', 'DESCRIBE "low"', 'EXPLAIN { "low" "is a" "top" }']);
  });
});
