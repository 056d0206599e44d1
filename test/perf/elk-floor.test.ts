import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { elkFloor } from '../../perf/elk-floor';
import { heapForFile } from '../../src-main/ontology/bridge/heap-policy';

const CARDIO = join(__dirname, '..', '..', 'resources', 'samples', 'cardio.ofn');

describe('the ELK floor harness (perf:elk-floor)', () => {
  it('parses and classifies a file in the bridge jar with a load heap, and reports its times', async () => {
    const r = await elkFloor(CARDIO);
    expect(r.classes).toBeGreaterThan(20);
    expect(r.heapMb).toBe(heapForFile(CARDIO).mb);
    expect(r.parse).toBeGreaterThan(0);
    expect(r.classify).toBeGreaterThan(0);
    // The JVM's start and exit lie outside parse and classify; its CPU includes ELK's and the collector's threads.
    expect(r.wall).toBeGreaterThan(r.parse + r.classify);
    expect(r.cpu).toBeGreaterThan(0);
  });

  it('fails with the JVM message for a file OWL API cannot read', async () => {
    await expect(elkFloor(join(__dirname, 'no-such-file.ofn'))).rejects.toThrow(/the ELK floor failed/);
  });
});
