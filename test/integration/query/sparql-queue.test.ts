import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { QueryService } from '../../../src-main/query/exec/query-service';
import { useOntologyWorkspace } from '../../support/ontology-service';

/**
 * Issue #27 item 7 on a real worker: twelve costly cross joins sent at once by one client. Most are
 * refused at once with 'busy'; another client's cheap ASK runs after at most the one query in flight
 * (it waited 131–134 s before); a dialect query never waits for SPARQL at all.
 */
process.env.OARAG_SPARQL_TIMEOUT_MS = '1500';
const SAMPLE = join(__dirname, '..', '..', '..', 'resources', 'samples', 'cardio.ofn');
const CROSS4 = 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }';

describe('the SPARQL queue', () => {
  const { service } = useOntologyWorkspace('oarag-sparql-queue-');

  it('bounds the wait, shares turns between clients, and never queues dialect queries', async () => {
    const h = await service.open(SAMPLE);
    expect(await h.sparql('ASK { ?s ?p ?o }')).toMatchObject({ boolean: true }); // the worker's store is loaded
    const qs = new QueryService(h);
    const ask = 'ASK { "viral myocarditis" "has finding site" "heart" }';
    expect((await qs.run(ask)).form).toBe('ask'); // its name indexes are built
    const t0 = performance.now();
    const costly = Array.from({ length: 12 }, () =>
      h.sparql(CROSS4, { client: 'a' }).then(
        () => ({ code: 'ok', at: performance.now() - t0 }),
        (e: { code: string }) => ({ code: e.code, at: performance.now() - t0 }),
      ),
    );
    await new Promise((r) => setTimeout(r, 50));
    const cheapStart = performance.now();
    const cheap = h.sparql('ASK { ?s ?p ?o }', { client: 'b' });
    // A dialect query while SPARQL is busy: answered on this thread, not queued.
    const d0 = performance.now();
    const dialect = await qs.run(ask);
    const dialectMs = performance.now() - d0;
    expect(dialect.form).toBe('ask');
    expect(await cheap).toMatchObject({ boolean: true });
    const cheapMs = performance.now() - cheapStart;
    const outcomes = await Promise.all(costly);
    const busy = outcomes.filter((o) => o.code === 'busy');
    console.log(
      `[sparql-queue] cheap ASK of a second client answered after ${cheapMs.toFixed(0)} ms; dialect ASK ${dialectMs.toFixed(1)} ms; ` +
        `costly: ${outcomes.map((o) => `${o.code}@${(o.at / 1000).toFixed(1)}s`).join(' ')}`,
    );
    expect(busy.length).toBeGreaterThanOrEqual(9);
    // Refused at once past the share, or at the wait bound (2 × 1.5 s): never an unbounded wait.
    expect(busy.filter((b) => b.at < 1000).length).toBeGreaterThanOrEqual(9);
    for (const b of busy) expect(b.at).toBeLessThan(3000 + 1500);
    expect(outcomes.filter((o) => o.code === 'sparql-too-expensive')).toHaveLength(12 - busy.length);
    // At most the query in flight (1.5 s deadline) before it, plus a loaded machine's slack.
    expect(cheapMs).toBeLessThan(1500 + 2500);
    expect(dialectMs).toBeLessThan(200);
  });
});
