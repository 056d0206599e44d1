import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src-main/core/errors';
import { pick, seededRandom } from '../../src-main/core/random';
import { useOntologyWorkspace } from '../support/ontology-service';
import { FuzzTally } from './fuzz-report';

/**
 * Standing fuzz suite, raw SPARQL family (issue #12): updates in many spellings, cross joins, huge and broken
 * queries. Clean: a result within the row cap, or a UserError with a stable code, always within the deadline
 * plus a margin, and the event loop never blocked for long.
 */
const SEED = Number(process.env.OARAG_FUZZ_SEED ?? 12);
const SAMPLE = join(__dirname, '..', '..', 'resources', 'samples', 'cardio.ofn');
const CODES = new Set(['sparql-update', 'sparql-form', 'sparql-syntax', 'sparql-too-long', 'sparql-too-expensive']);

const UPDATES = [
  'INSERT DATA { <a:x> <a:y> <a:z> }',
  'DELETE WHERE { ?s ?p ?o }',
  'insert data {<a:x> <a:y> <a:z>}',
  'CLEAR ALL',
  'DROP GRAPH <a:g>',
  'LOAD <http://example.org/x>',
  'CREATE GRAPH <a:g>',
  'COPY DEFAULT TO <a:g>',
  'MOVE DEFAULT TO <a:g>',
  'ADD DEFAULT TO <a:g>',
  'PREFIX a: <a:> INSERT { ?s a:p 1 } WHERE { ?s ?p ?o }',
  '# SELECT\nDELETE DATA { <a:x> <a:y> <a:z> }',
  'WITH <a:g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }',
];
const HEAVY = [
  'SELECT * WHERE { ?a ?b ?c . ?d ?e ?f }',
  'SELECT * WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i } ORDER BY ?a',
  'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }',
  'CONSTRUCT { ?a ?b ?f } WHERE { ?a ?b ?c . ?d ?e ?f }',
  'DESCRIBE ?a WHERE { ?a ?b ?c . ?d ?e ?f }',
  'SELECT DISTINCT ?a WHERE { ?a (<a:p>|!<a:q>)* ?b . ?c ?d ?b }',
  'SELECT * WHERE { ?a ?b ?c } VALUES ?a { <a:1> <a:2> }',
  'SELECT * FROM <a:g> WHERE { ?a ?b ?c . ?d ?e ?f }',
];
const BROKEN = [
  '',
  'SELECT',
  'SELECT * WHERE {',
  'ASK {',
  '}}}}',
  'SELECT * WHERE { ?s ?p ?o } LIMIT -1',
  'SELECT ?x WHERE { BIND(1/0 AS ?x) }',
  'SELECT * WHERE { ?s <' + 'x'.repeat(5000) + '> ?o }',
  'select * where { ?s ?p "\\u0000" }',
  'ASK { FILTER(REGEX("aaaaaaaaaaaaaaaaaaaaaaaaaaaa!", "(a+)+$")) }',
  'x'.repeat(100_001),
];

describe('fuzz: raw SPARQL', () => {
  const { service } = useOntologyWorkspace('oarag-fuzz-sparql-');
  const tally = new FuzzTally();

  it('every hostile query ends cleanly within its deadline', async () => {
    const h = await service.open(SAMPLE);
    const rand = seededRandom(SEED);
    const queries = [...UPDATES, ...HEAVY, ...BROKEN];
    for (let i = 0; i < 8; i++)
      queries.push(
        `${pick(rand, ['SELECT *', 'SELECT ?a', 'ASK', 'CONSTRUCT { ?a ?b ?c }'])} WHERE { ${Array.from({ length: 1 + Math.floor(rand() * 4) }, (_, k) => `?a${k} ?b${k} ?c${k} .`).join(' ')} }`,
      );
    for (const q of queries) {
      const t0 = performance.now();
      let outcome: string;
      let clean: boolean;
      try {
        const r = await h.sparql(q, { timeoutMs: 1500 });
        outcome = `${r.kind} ${r.rows.length} rows${r.truncated ? '+' : ''}`;
        clean = r.rows.length <= 1000;
      } catch (e) {
        outcome = e instanceof UserError ? e.code : `NOT A USER ERROR: ${String(e).slice(0, 80)}`;
        clean = e instanceof UserError && CODES.has(e.code);
      }
      const ms = performance.now() - t0;
      clean &&= ms < 1500 + 4000;
      tally.record('sparql', `${JSON.stringify(q.slice(0, 60))} -> ${outcome} (${ms.toFixed(0)} ms)`, clean);
    }
    tally.print();
    expect(tally.bad('sparql')).toEqual([]);
  });
});
