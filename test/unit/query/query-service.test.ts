import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { QueryService } from '../../../src-main/query/exec/query-service';
import { clinicalDump, EX, handleFromDump } from '../../support/dump-fixture';

let h: OntologyHandle;
let cleanup: () => void;
let qs: QueryService;

beforeAll(async () => {
  ({ handle: h, cleanup } = await handleFromDump(clinicalDump()));
  qs = new QueryService(h, { maxResults: 3 });
});
afterAll(() => cleanup());

describe('ASK', () => {
  it('is ENTAILED through inheritance and a super-property', async () => {
    const r = await qs.run('ASK { "viral myocarditis" "located in" "myocardium" }');
    expect(r.verdict).toBe('ENTAILED');
    expect(r.observation).toBe('every viral myocarditis is related by located in to some myocardium: ENTAILED');
    expect(r.kind).toBe('closure');
    expect(r.entities).toEqual([EX + 'ViralMyocarditis', EX + 'locatedIn', EX + 'Myocardium']);
  });
  it('is ENTAILED through a more general filler', async () => {
    expect((await qs.run('ASK { "myocarditis" "has finding site" "anatomical structure" }')).verdict).toBe('ENTAILED');
  });
  it('says NOT ENTAILED with the open-world note, and never inverts sub-properties', async () => {
    const r = await qs.run('ASK { "heart disease" "has finding site" "myocardium" }');
    expect(r.verdict).toBe('NOT ENTAILED');
    expect(r.observation).toContain('not that it is false');
    expect((await qs.run('ASK { "endocarditis" "has finding site" "heart" }')).verdict).toBe('ENTAILED');
    expect((await qs.run('ASK { "myocarditis" "part of" "heart" }')).verdict).toBe('NOT ENTAILED');
  });
  it('answers "is a" from the hierarchy', async () => {
    expect((await qs.run('ASK { "viral myocarditis" "is a" "disorder" }')).verdict).toBe('ENTAILED');
    expect((await qs.run("ask {'disorder' 'subclass of' 'viral myocarditis'}")).verdict).toBe('NOT ENTAILED');
  });
  it('reports unknown names with the closest suggestions', async () => {
    const r = await qs.run('ASK { "myocarditus" "has finding site" "heart" }');
    expect(r.verdict).toBe('UNKNOWN NAME');
    expect(r.kind).toBe('error');
    expect(r.candidates[0].name).toBe('myocarditis');
    expect(r.observation).toMatch(
      /^UNKNOWN NAME: no concept is named "myocarditus"\. Closest concept names: myocarditis/,
    );
    const rel = await qs.run('ASK { "myocarditis" "finding site" "heart" }');
    expect(rel.candidates[0].name).toBe('has finding site');
  });
  it('reports an ambiguous label with its candidates', async () => {
    const r = await qs.run('DESCRIBE "cold"');
    expect(r.verdict).toBe('UNKNOWN NAME');
    expect(r.candidates.map((c) => c.iri).sort()).toEqual([EX + 'Cold', EX + 'Cold2']);
    expect(r.observation).toContain('under disorder');
  });
});

describe('names', () => {
  it('links case, underscore and hyphen variants, synonyms and IRIs', async () => {
    for (const n of ['Viral_Myocarditis', 'VIRAL-myocarditis', '  viral   myocarditis ']) {
      expect((await qs.run(`DESCRIBE "${n}"`)).results[0]?.iri).toBe(EX + 'ViralMyocarditis');
    }
    expect((await qs.run('DESCRIBE "cardiac disease"')).results[0]?.iri).toBe(EX + 'HeartDisease');
    // The dialect takes names only; IRIs resolve through the same name table for the CLI and UI.
    expect((await qs.run(`DESCRIBE "${EX}Heart"`)).form).toBe('error');
    expect(h.lookup(`${EX}Heart`)[0]?.iri).toBe(EX + 'Heart');
  });
});

describe('DESCRIBE', () => {
  it('returns the card', async () => {
    const r = await qs.run('DESCRIBE "heart disease"');
    expect(r.kind).toBe('card');
    expect(r.observation.split('\n').slice(0, 4)).toEqual([
      'name: heart disease',
      'definition: A disorder of the heart muscle or valves.',
      'parents: disorder',
      'children: endocarditis; myocarditis',
    ]);
    expect(r.observation).toContain('stated relations: has finding site -> heart');
  });
  it('describes a relation', async () => {
    const r = await qs.run('DESCRIBE "has finding site"');
    expect(r.observation).toContain('sub-relation of: located in');
  });
});

describe('SELECT', () => {
  it('finds every subject of a conjunction, most specific first', async () => {
    const r = await qs.run('SELECT ?x WHERE { ?x "has finding site" "heart" . ?x "is a" "disorder" }');
    expect(r.results.map((x) => x.name)).toEqual(['viral myocarditis', 'endocarditis', 'myocarditis']);
    expect(r.total).toBe(4);
    expect(r.truncated).toBe(true);
    expect(r.observation).toContain('(1 more, 4 in all)');
  });
  it('intersects conditions exactly', async () => {
    const r = await qs.run('SELECT ?x WHERE { ?x "located in" "myocardium" . ?x "causative agent" "organism" }');
    expect(r.results.map((x) => x.iri)).toEqual([EX + 'ViralMyocarditis']);
  });
  it('gives one verdict per VALUES candidate', async () => {
    const r = await qs.run(
      'SELECT ?x WHERE { VALUES ?x { "myocarditis" "endocarditis" "nonexistent thing" } ?x "has finding site" "myocardium" }',
    );
    expect(r.verdicts.map((v) => v.verdict)).toEqual(['ENTAILED', 'NOT ENTAILED', 'UNKNOWN NAME']);
  });
  it('lists fillers and relations', async () => {
    const f = await qs.run('SELECT ?o WHERE { "myocardium" "part of" ?o }');
    expect(f.results.map((x) => x.name)).toEqual(['heart', 'anatomical structure']);
    const rel = await qs.run('SELECT ?r WHERE { "myocarditis" ?r "heart" }');
    expect(rel.relations.map((x) => x.name)).toEqual(['has finding site', 'located in']);
  });
  it('falls back to BM25 over cards when nothing is entailed, marked unverified', async () => {
    const r = await qs.run('SELECT ?x WHERE { ?x "causative agent" "heart" }');
    expect(r.fallback).toBe(true);
    expect(r.kind).toBe('fallback');
    expect(r.results.length).toBeGreaterThan(0);
    expect(r.observation).toContain('NOT verified');
  });
});

describe('errors', () => {
  it('turns a malformed query into an error observation with the right form', async () => {
    const r = await qs.run('SELECT everything');
    expect(r.form).toBe('error');
    expect(r.observation).toMatch(/^ERROR: /);
  });
});

describe('ambiguous-name details', () => {
  it('name the parent that comes first by name, whatever order the parents were listed in', async () => {
    const details: string[] = [];
    for (const order of [
      ['Virus', 'Anatomy'],
      ['Anatomy', 'Virus'],
    ]) {
      // Cold2 under two parents, listed in either order, as two bridge runs may do.
      const dump = clinicalDump().map((r) =>
        r.t === 'hier' && r.c === EX + 'Cold2' ? { ...r, parents: order.map((p) => EX + p) } : r,
      );
      const { handle, cleanup: done } = await handleFromDump(dump);
      try {
        const r = await new QueryService(handle).run('DESCRIBE "cold"');
        details.push(r.candidates.find((c) => c.iri === EX + 'Cold2')?.detail ?? '');
      } finally {
        done();
      }
    }
    expect(details[0]).toContain('under anatomical structure');
    expect(details[1]).toBe(details[0]);
  });
});
