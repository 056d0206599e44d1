import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ElkBridge } from '../../../src-main/ontology/bridge/bridge-client';
import { OntologyService } from '../../../src-main/ontology/ontology-service';
import { tempDir } from '../../support/temp-dir';

const CARDIO = join(__dirname, '..', '..', '..', 'resources', 'samples', 'cardio.ofn');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * After a load the bridge collects its garbage (`collect`), but only once it has had nothing to do for
 * a second. Explanations run in a JVM of their own (ExplainWorker): it collects a second after its last
 * explanation, and an explanation asked at once neither waits for nor puts off the loading JVM's collection.
 */
describe('the bridge collects its garbage when idle', () => {
  const dir = tempDir('oarag-collect-');
  const sent: { jvm: number; cmd: string; at: number }[] = [];
  let made = 0;
  const service = new OntologyService({
    cacheDir: join(dir.path, 'cache'),
    appVersion: 'test',
    bridge: () => {
      const b = new ElkBridge();
      const jvm = made++;
      const request = b.request.bind(b);
      b.request = (cmd, args, ro) => {
        sent.push({ jvm, cmd, at: performance.now() });
        return request(cmd, args, ro);
      };
      return b;
    },
  });
  service.start();
  afterAll(async () => {
    await service.stop();
    dir.cleanup();
  });

  it('a second after a load, and a second after an explanation, each in its own JVM', async () => {
    const file = join(dir.path, 'cardio.ofn');
    copyFileSync(CARDIO, file);
    const h = await service.open(file);
    const loaded = performance.now();
    const ex = 'http://example.org/cardio#';
    await service.explain(h, `${ex}Myocarditis`, null, `${ex}Heart`);
    const asked = performance.now();
    const of = (jvm: number) => sent.filter((s) => s.jvm === jvm).map((s) => s.cmd);
    const main = sent[0].jvm;
    const other = sent.find((s) => s.jvm !== main)!.jvm;
    expect(of(main).slice(0, 2)).toEqual(['load', 'extract']);
    // A fresh JVM classifies (entailed) under a load's limit before the search under the deadline.
    expect(of(other)).toEqual(['load', 'entailed', 'explain']);
    await sleep(Math.max(0, loaded + 1600 - performance.now()));
    await sleep(Math.max(0, asked + 1600 - performance.now()));
    const collects = sent.filter((s) => s.cmd === 'collect');
    expect(collects.filter((c) => c.jvm === main)).toHaveLength(1);
    expect(collects.filter((c) => c.jvm === other)).toHaveLength(1);
    expect(collects.find((c) => c.jvm === main)!.at - loaded).toBeGreaterThanOrEqual(950);
    expect(collects.find((c) => c.jvm === other)!.at - asked).toBeGreaterThanOrEqual(950);
  });
});
