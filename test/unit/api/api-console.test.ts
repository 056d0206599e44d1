import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiResults, QueryHistoryEntry } from '../../../src-main/api/contract';
import { ApiService } from '../../../src-main/api/api-service';
import { Container } from '../../../src-main/container';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { clinicalDump, EX, handleFromDump } from '../../support/dump-fixture';
import { tempDir } from '../../support/temp-dir';
import { codeOf } from '../../support/error-code';

// The concept tree and the query console through the API, over a hand-written closure (no JVM).
const dir = tempDir('oarag-api-console-');
let c: Container;
let api: ApiService;
let clinical: { handle: OntologyHandle; cleanup: () => void };
const ID = 'fixture';

beforeAll(async () => {
  clinical = await handleFromDump(clinicalDump());
  c = new Container({ cacheDir: `${dir.path}/cache`, dataDir: `${dir.path}/data`, env: {} });
  await c.start();
  vi.spyOn(c.ontologies, 'open').mockImplementation(async () => clinical.handle);
  api = new ApiService(c, 'web');
  const { taskId } = (await api.handle('ontology.open', { path: ID })) as { taskId: string };
  while (c.tasks.get(taskId)?.state === 'running') await new Promise((r) => setTimeout(r, 10));
  expect(c.tasks.get(taskId)?.state).toBe('ok');
});

afterAll(async () => {
  await c.stop();
  clinical.cleanup();
  dir.cleanup();
});

const call = <M extends keyof ApiResults>(method: M, params: unknown) =>
  api.handle(method, params) as Promise<ApiResults[M]>;

describe('API: concept tree', () => {
  it('lists roots and children, is-a or under a relation, and reveals a path', async () => {
    const roots = await call('ontology.children', { ontologyId: ID, iri: null });
    expect(roots.nodes.map((n) => n.name)).toEqual(['anatomical structure', 'disorder', 'organism']);
    expect(roots.hiddenObsolete).toBe(1); // "old heart thing"
    const kids = await call('ontology.children', { ontologyId: ID, iri: EX + 'HeartDisease' });
    expect(kids.nodes.map((n) => [n.name, n.childCount])).toEqual([
      ['endocarditis', 0],
      ['myocarditis', 1],
    ]);
    const parts = await call('ontology.children', { ontologyId: ID, iri: EX + 'Heart', relation: EX + 'partOf' });
    expect(parts.nodes.map((n) => n.name)).toEqual(['heart valve', 'myocardium']);
    const path = await call('ontology.path', { ontologyId: ID, iri: EX + 'ViralMyocarditis' });
    expect(path.path.map((n) => n.name)).toEqual(['disorder', 'heart disease', 'myocarditis', 'viral myocarditis']);
    const rels = await call('ontology.relations', { ontologyId: ID });
    expect(rels.map((r) => r.name)).toEqual(['has finding site', 'part of', 'causative agent']);
  });

  it('refuses unknown classes and bad parameters with stable codes', async () => {
    expect(await codeOf(call('ontology.children', { ontologyId: ID, iri: EX + 'Nope' }))).toBe('unknown-name');
    expect(await codeOf(call('ontology.path', { ontologyId: ID, iri: EX + 'Heart', relation: EX + 'Heart' }))).toBe(
      'unknown-name',
    );
    expect(await codeOf(call('ontology.children', { ontologyId: ID }))).toBe('bad-params');
    expect(await codeOf(call('ontology.relations', { ontologyId: 'never-opened' }))).toBe('not-open');
  });
});

describe('API: query console', () => {
  it('gives examples built from the ontology', async () => {
    const ex = await call('query.examples', { ontologyId: ID });
    expect(ex.dialect[0]).toBe('ASK { "heart disease" "is a" "disorder" }');
    expect(ex.prefixes.some((p) => p.prefix === 'rdfs')).toBe(true);
  });

  it('logs every query, failed or not, with why it failed', async () => {
    await call('query.run', { ontologyId: ID, query: 'ASK { "myocarditis" "is a" "disorder" }' });
    await call('query.run', { ontologyId: ID, query: 'ASK { "myocarditis" "is a" }' });
    expect(await codeOf(call('query.sparql', { ontologyId: ID, query: 'SELECT ?x WHERE { ?x foo:bar ?y }' }))).toBe(
      'sparql-syntax',
    );
    expect(await codeOf(call('query.sparql', { ontologyId: ID, query: 'DELETE WHERE { ?s ?p ?o }' }))).toBe(
      'sparql-update',
    );
    const r = await call('query.sparql', { ontologyId: ID, query: 'SELECT ?c WHERE { ?c rdfs:subClassOf ?p }' });
    expect(r.rows.length).toBeGreaterThan(0);
    const hist: QueryHistoryEntry[] = await call('query.history', { ontologyId: ID });
    expect(hist.map((h) => [h.form, h.error === null])).toEqual([
      ['sparql-select', true],
      ['sparql-error', false],
      ['sparql-error', false],
      ['error', false],
      ['ask', true],
    ]);
    expect(hist[2].error).toMatch(/^The SPARQL query uses the prefix “foo:” without declaring it/);
    expect(hist[1].error).toMatch(/updates are refused/);
  });
});
