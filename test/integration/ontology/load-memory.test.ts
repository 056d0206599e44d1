import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ElkBridge } from '../../../src-main/ontology/bridge/bridge-client';
import { heapForFile } from '../../../src-main/ontology/bridge/heap-policy';
import { OntologyService } from '../../../src-main/ontology/ontology-service';
import { sharedOntology } from '../../support/shared-ontologies';
import { tempDir } from '../../support/temp-dir';

/** Issue #16: the JVM heap follows the input, a heap that is too small is retried or refused, never hangs. */
const SAMPLE = join(__dirname, '..', '..', '..', 'resources', 'samples', 'cardio.ofn');
const GO_MGI = sharedOntology('go-mgi-subset.obo');
// The policy is what these tests are about: an OARAG_JAVA_HEAP_MB in the environment must not fix the heap.
const env = { ...process.env, OARAG_JAVA_HEAP_MB: '' };

describe('the JVM heap of a load', () => {
  const dir = tempDir('oarag-heap-load-');
  afterAll(() => dir.cleanup());

  it('is sized from the file, and the load reports it with the peak, the bridge timers and the Node steps', async () => {
    const s = new OntologyService({
      cacheDir: join(dir.path, 'a'),
      appVersion: 'test',
      bridge: () => new ElkBridge({ env }),
    });
    s.start();
    try {
      const h = await s.open(SAMPLE);
      const p = h.summary.profile!;
      expect(p.jvm.heapMb).toBe(heapForFile(SAMPLE).mb);
      expect(p.jvm.heapFixed).toBe(false);
      if (process.platform === 'linux') expect(p.jvm.peakRssMb).toBeGreaterThan(20);
      expect(Object.keys(p.bridge)).toEqual(expect.arrayContaining(['classify', 'closure', 'write']));
      // A file this small is written in this thread, so the writer's steps carry no `writer.` prefix.
      expect(Object.keys(p.node)).toEqual(expect.arrayContaining(['rows', 'cardBuild', 'ftsBuild', 'graphWrite']));
      await s.stop();
      const again = new OntologyService({ cacheDir: join(dir.path, 'a'), appVersion: 'test' });
      again.start();
      const warm = await again.open(SAMPLE);
      expect(warm.summary.cache).toBe('hit');
      // A warm open did none of that work, so it has no profile to show.
      expect(warm.summary.profile).toBeUndefined();
      await again.stop();
    } finally {
      await s.stop();
    }
  });

  it.skipIf(!GO_MGI)('is retried with more when the estimate was too small, and the load says so', async () => {
    const s = new OntologyService({
      cacheDir: join(dir.path, 'b'),
      appVersion: 'test',
      bridge: () => new ElkBridge({ env }),
      heapFor: () => 24,
    });
    s.start();
    try {
      const h = await s.open(GO_MGI!);
      expect(h.summary.classes).toBeGreaterThan(1000);
      const w = h.summary.warnings.find((x) => x.code === 'heap-retried');
      expect(w?.message).toMatch(/heap of 24 MiB.*retried with 512 MiB/);
      expect(h.summary.profile!.jvm.heapMb).toBe(512);
    } finally {
      await s.stop();
    }
  });

  it.skipIf(!GO_MGI)('is never changed when fixed: a clear out-of-memory error instead of a retry', async () => {
    const s = new OntologyService({
      cacheDir: join(dir.path, 'c'),
      appVersion: 'test',
      bridge: () => new ElkBridge({ heapMb: 24, env }),
    });
    s.start();
    try {
      const err = await s.open(GO_MGI!).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'out-of-memory' });
      expect(String((err as Error).message)).toMatch(/heap 24 MiB.*OARAG_JAVA_HEAP_MB/);
    } finally {
      await s.stop();
    }
  });
});
