import { afterAll, describe, expect, it } from 'vitest';
import { ElkBridge } from '../../../src-main/ontology/bridge/bridge-client';
import { sharedOntology } from '../../support/shared-ontologies';

describe('a bridge that runs out of heap', () => {
  const path = sharedOntology('go-mgi-subset.obo');
  const bridge = new ElkBridge({ heapMb: 24 });
  afterAll(() => bridge.stop());

  it.skipIf(!path)('fails with OUT_OF_MEMORY and the heap advice, not a bare exit code', async () => {
    // The JVM reports ExitOnOutOfMemoryError on stdout and exits with code 3.
    const err = await bridge.request('load', { path: path! }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'out-of-memory' });
    expect(String((err as Error).message)).toContain('OARAG_JAVA_HEAP_MB');
    expect(bridge.running).toBe(false);
  });
});
