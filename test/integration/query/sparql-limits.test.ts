import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src-main/core/errors';
import { TaskCancelledError } from '../../../src-main/core/task';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { useOntologyWorkspace } from '../../support/ontology-service';

/**
 * Issue #12 defect 2: one read-only cross join froze the server (it ran on the event loop, materialised
 * every row before the cap, and had no deadline). Now the cap is applied by the engine, the query runs
 * in a worker thread, and a deadline stops it with a clear error.
 */
const SAMPLE = join(__dirname, '..', '..', '..', 'resources', 'samples', 'cardio.ofn');
const CROSS2 = 'SELECT * WHERE { ?a ?b ?c . ?d ?e ?f }';
const CROSS4_COUNT = 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }';

/** The longest gap between 10 ms ticks of this thread's event loop while `p` runs. */
async function maxLoopGap<T>(p: Promise<T>): Promise<{ gap: number; value?: T; error?: unknown }> {
  let last = performance.now();
  let gap = 0;
  const t = setInterval(() => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
  }, 10);
  try {
    return { gap, value: await p };
  } catch (error) {
    return { gap, error };
  } finally {
    clearInterval(t);
    gap = Math.max(gap, performance.now() - last);
  }
}

describe('raw SPARQL limits', () => {
  const { service } = useOntologyWorkspace('oarag-sparql-');
  let h: OntologyHandle;

  it('stops a two-way cross join at the row cap instead of materialising it', async () => {
    h = await service.open(SAMPLE);
    const t0 = performance.now();
    const r = await h.sparql(CROSS2);
    expect(r.rows).toHaveLength(1000);
    expect(r.truncated).toBe(true);
    expect(r.total).toBe(1000);
    expect(r.variables).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(performance.now() - t0).toBeLessThan(10_000);
  });

  it('ends an expensive query at the deadline with sparql-too-expensive, without blocking the event loop', async () => {
    const t0 = performance.now();
    const { gap, error } = await maxLoopGap(h.sparql(CROSS4_COUNT, { timeoutMs: 1500 }));
    const ms = performance.now() - t0;
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).code).toBe('sparql-too-expensive');
    expect((error as UserError).message).toMatch(/too expensive.*longer than 1\.5 s/);
    expect(ms).toBeLessThan(1500 + 3000);
    // On this thread the query blocked the loop for its whole run; a loaded machine still adds some jitter.
    expect(gap).toBeLessThan(500);
  });

  it('answers the next query from a fresh worker, keeps ordinary results exact and refuses updates', async () => {
    const r = await h.sparql(
      'SELECT ?s WHERE { ?s <http://www.w3.org/2000/01/rdf-schema#subClassOf> ?o } ORDER BY ?s LIMIT 3',
    );
    expect(r.rows).toHaveLength(3);
    expect(r.truncated).toBe(false);
    const ask = await h.sparql('ASK { ?s ?p ?o }');
    expect(ask.boolean).toBe(true);
    await expect(h.sparql('INSERT DATA { <a:x> <a:y> <a:z> }')).rejects.toMatchObject({ code: 'sparql-update' });
    await expect(h.sparql('SELECT ?x WHERE { ?x ')).rejects.toMatchObject({ code: 'sparql-syntax' });
    // A query with its own VALUES block after the pattern still runs (the cap rewrite falls back).
    const v = await h.sparql('SELECT ?x WHERE { } VALUES ?x { 1 2 }');
    expect(v.rows).toHaveLength(2);
  });

  it('can be cancelled', async () => {
    const ac = new AbortController();
    const p = h.sparql(CROSS4_COUNT, { signal: ac.signal, timeoutMs: 60_000 });
    setTimeout(() => ac.abort(), 300);
    const t0 = performance.now();
    await expect(p).rejects.toBeInstanceOf(TaskCancelledError);
    expect(performance.now() - t0).toBeLessThan(3000);
  });
});
