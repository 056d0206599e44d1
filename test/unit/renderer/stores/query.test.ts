import { describe, expect, it } from 'vitest';
import type { QueryExamples, QueryHistoryEntry, QueryResult, SparqlResult } from '../../../../src-main/api/contract';
import { useOntologyStore } from '../../../../src-renderer/stores/ontology';
import { useQueryStore } from '../../../../src-renderer/stores/query';
import { storeHarness } from './harness';

const examples = (tag: string) =>
  ({
    dialect: [`CHILDREN "${tag}"`],
    sparql: [{ title: 't', query: `SELECT * { ?${tag} ?p ?o }` }],
  }) as unknown as QueryExamples;
const sparql: SparqlResult = {
  kind: 'select',
  variables: ['x'],
  rows: [{ x: '<http://x/A>' }],
  truncated: false,
  total: 1,
} as SparqlResult;

describe('query store: examples per ontology, runs in both modes, the logged history', () => {
  const h = storeHarness();
  const ready = () => {
    useOntologyStore().select('/o/a.ofn');
    h.api.reply('query.history', []);
    return useQueryStore();
  };

  it("prefills the editors with the ontology's examples unless the user changed them", async () => {
    const s = ready();
    h.api.reply('query.examples', (p) => examples(p.ontologyId.includes('a') ? 'a' : 'b'));
    await s.loadExamples();
    await s.loadExamples();
    expect(h.api.callsOf('query.examples')).toHaveLength(1);
    expect([s.dialectText, s.examplesOntology]).toEqual(['CHILDREN "a"', '/o/a.ofn']);
    s.sparqlText = 'SELECT mine';
    useOntologyStore().select('/o/b.ofn');
    await s.loadExamples();
    expect([s.dialectText, s.sparqlText]).toEqual(['CHILDREN "b"', 'SELECT mine']);
  });

  it('examples that fail say why, and are asked again next time', async () => {
    const s = ready();
    h.api.fail('query.examples', 'not-open', 'Closed.');
    await s.loadExamples();
    expect(s.examplesError).toBe('Closed.');
    h.api.reply('query.examples', examples('a'));
    await s.loadExamples();
    expect([s.examplesError, h.api.callsOf('query.examples').length]).toEqual([null, 2]);
  });

  it('runs dialect and SPARQL queries, counts runs, and reloads the history after each', async () => {
    const s = ready();
    s.dialectText = '  CHILDREN "heart" ';
    h.api.reply('query.run', { kind: 'children' } as unknown as QueryResult).reply('query.sparql', sparql);
    await s.run();
    expect(h.api.callsOf('query.run')).toEqual([{ ontologyId: '/o/a.ofn', query: 'CHILDREN "heart"' }]);
    expect(s.result?.mode).toBe('dialect');
    s.mode = 'sparql';
    s.sparqlText = 'SELECT ?x { ?x ?p ?o }';
    await s.run();
    expect(s.result).toMatchObject({ mode: 'sparql', r: sparql, query: 'SELECT ?x { ?x ?p ?o }' });
    expect(s.runs).toBe(2);
    expect(h.api.callsOf('query.history')).toHaveLength(2);
  });

  it('keeps the code of a refused query (the console marks its error with it)', async () => {
    const s = ready();
    s.mode = 'sparql';
    s.sparqlText = 'SELEC';
    h.api.fail('query.sparql', 'sparql-syntax', 'Line 1: expected SELECT.');
    await s.run();
    expect(s.error).toEqual({ code: 'sparql-syntax', message: 'Line 1: expected SELECT.' });
    expect([s.result, s.running, s.runs]).toEqual([null, false, 1]);
    h.api.fail('query.sparql', 'busy', 'Try again shortly.');
    await s.run();
    expect(s.error?.code).toBe('busy');
  });

  it('saves the SPARQL result shown as CSV', async () => {
    const s = ready();
    s.mode = 'sparql';
    s.sparqlText = 'SELECT ?x {}';
    h.api.reply('query.sparql', sparql);
    await s.run();
    s.exportResult('csv');
    expect(h.dom.downloads[0].fileName).toMatch(/^sparql-\d{8}-\d{6}\.csv$/);
    await expect(h.dom.downloads[0].text()).resolves.toBe('x\r\n<http://x/A>\r\n');
  });

  it('reuses a history entry in its own mode', () => {
    const s = ready();
    s.reuse({ form: 'sparql-select', query: 'SELECT 1' } as QueryHistoryEntry);
    expect([s.mode, s.sparqlText]).toEqual(['sparql', 'SELECT 1']);
    s.reuse({ form: 'children', query: 'CHILDREN "x"' } as QueryHistoryEntry);
    expect([s.mode, s.dialectText]).toEqual(['dialect', 'CHILDREN "x"']);
  });

  it('each tab shows only its own last result and error; another ontology starts with none', async () => {
    const s = ready();
    h.api.reply('query.examples', examples('a'));
    await s.loadExamples();
    s.dialectText = 'CHILDREN "heart"';
    h.api.reply('query.run', { kind: 'children' } as unknown as QueryResult);
    await s.run();
    s.mode = 'sparql';
    expect([s.result, s.error]).toEqual([null, null]);
    s.sparqlText = 'SELEC';
    h.api.fail('query.sparql', 'sparql-syntax', 'Line 1: expected SELECT.');
    await s.run();
    s.mode = 'dialect';
    expect([s.result?.mode, s.error]).toEqual(['dialect', null]);
    s.mode = 'sparql';
    expect(s.error?.code).toBe('sparql-syntax');
    useOntologyStore().select('/o/b.ofn');
    await s.loadExamples();
    expect([s.result, s.error]).toEqual([null, null]);
    s.mode = 'dialect';
    expect(s.result).toBeNull();
  });
});
