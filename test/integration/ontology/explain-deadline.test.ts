import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../../src-main/core/errors';
import { TaskCancelledError } from '../../../src-main/core/task';
import { explainTimeoutMs } from '../../../src-main/ontology/bridge/explain-worker';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { OntologyService } from '../../../src-main/ontology/ontology-service';
import { writeLattice, writeSmall } from '../../support/lattice';
import { tempDir } from '../../support/temp-dir';

/**
 * Issue 37 defect 2: one "why unsatisfiable?" over an adversarial lattice held the only bridge JVM for
 * up to the 120 s request timeout, so opens, axioms views and cards of every ontology waited behind it,
 * and a client that gave up still held the next request. Justifications now run in a JVM of their own,
 * with a deadline and a cancel; these tests use a 40×40 lattice and a 1.5 s deadline.
 */
const NOTHING = 'http://www.w3.org/2002/07/owl#Nothing';
const dir = tempDir('oarag-explain-');
const service = new OntologyService({ cacheDir: join(dir.path, 'cache'), appVersion: 'test', explainTimeoutMs: 1500 });
let h: OntologyHandle;
let top: string;

beforeAll(async () => {
  service.start();
  const lattice = writeLattice(join(dir.path, 'lattice.ofn'), 40);
  top = lattice.top;
  h = await service.open(lattice.path);
}, 180_000);
afterAll(async () => {
  await service.stop();
  dir.cleanup();
});

async function searching(): Promise<void> {
  while (!service.explainer.searching) await new Promise((r) => setTimeout(r, 10));
}

describe('justifications in a JVM of their own', () => {
  it('stop at their deadline with bridge-timeout, and a cold open meanwhile does not wait for them', async () => {
    const order: string[] = [];
    const explained = service.explain(h, top, null, NOTHING).then(
      () => order.push('explain answered'),
      (e: unknown) => order.push(`explain ${e instanceof UserError ? e.code : String(e)}`),
    );
    await searching();
    const pid = service.explainer.bridge.pid;
    await service.open(writeSmall(join(dir.path, 'small.ofn'), 10));
    order.push('open');
    await explained;
    expect(order).toEqual(['open', 'explain bridge-timeout']);
    // The deadline killed the explanation JVM only; the loading JVM kept its session.
    expect(service.explainer.bridge.pid).not.toBe(pid);
    expect(service.bridge().running).toBe(true);
  }, 120_000);

  it('are cancelled by the signal (the client went away), and the next request is not held', async () => {
    const ac = new AbortController();
    const p = service.explain(h, top, null, NOTHING, ac.signal);
    await searching();
    const pid = service.explainer.bridge.pid;
    ac.abort();
    await expect(p).rejects.toBeInstanceOf(TaskCancelledError);
    expect(service.explainer.bridge.pid).not.toBe(pid);
    // A justification that finds its answer at once still works afterwards, in a fresh JVM.
    const small = await service.open(writeSmall(join(dir.path, 'small-2.ofn'), 12));
    const j = await service.explain(small, 'http://example.org/small#S3', null, 'http://example.org/small#S1');
    expect(j.entailed).toBe(true);
    expect(j.axioms).toHaveLength(2);
  }, 120_000);

  it('take their deadline from OARAG_EXPLAIN_TIMEOUT_MS, else 10 s', () => {
    expect(explainTimeoutMs({})).toBe(10_000);
    expect(explainTimeoutMs({ OARAG_EXPLAIN_TIMEOUT_MS: '2500' })).toBe(2500);
    expect(explainTimeoutMs({ OARAG_EXPLAIN_TIMEOUT_MS: 'soon' })).toBe(10_000);
  });
});
