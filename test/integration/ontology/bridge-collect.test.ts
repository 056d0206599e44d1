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
 * a second: a question asked at once goes first, and puts the collection off again.
 */
describe('the bridge collects its garbage when idle', () => {
  const dir = tempDir('oarag-collect-');
  const sent: { cmd: string; at: number }[] = [];
  const service = new OntologyService({
    cacheDir: join(dir.path, 'cache'),
    appVersion: 'test',
    bridge: () => {
      const b = new ElkBridge();
      const request = b.request.bind(b);
      b.request = (cmd, args, ro) => {
        sent.push({ cmd, at: performance.now() });
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

  it('a second after a load, and not before a question asked at once', async () => {
    const file = join(dir.path, 'cardio.ofn');
    copyFileSync(CARDIO, file);
    const h = await service.open(file);
    await sleep(500);
    const ex = 'http://example.org/cardio#';
    await service.explain(h, `${ex}Myocarditis`, null, `${ex}Heart`);
    const asked = performance.now();
    expect(sent.map((s) => s.cmd)).toEqual(['load', 'extract', 'explain']);
    // a collection a second after the load would have come by now
    await sleep(700);
    expect(sent.some((s) => s.cmd === 'collect')).toBe(false);
    await sleep(800);
    const collect = sent.find((s) => s.cmd === 'collect');
    expect(collect).toBeDefined();
    expect(collect!.at - asked).toBeGreaterThanOrEqual(950);
    expect(sent.filter((s) => s.cmd === 'collect')).toHaveLength(1);
  });
});
