import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OntologyService } from '../../../src-main/ontology/ontology-service';
import { tempDir } from '../../support/temp-dir';

/**
 * Issue #16: the cache is written into a fresh file (by a writer thread) and renamed into place only
 * when complete; a load stopped while the cache is being written leaves nothing a later open could use.
 */
const SAMPLE = join(__dirname, '..', '..', '..', 'resources', 'samples', 'cardio.ofn');

describe('building a cache file', () => {
  const dir = tempDir('oarag-cold-build-');
  afterAll(() => dir.cleanup());

  it('leaves no entry and no temporary file when cancelled while the cache is written, and builds it next time', async () => {
    const cacheDir = join(dir.path, 'cache');
    const s = new OntologyService({ cacheDir, appVersion: 'test' });
    s.start();
    const ac = new AbortController();
    let sawIndex = false;
    try {
      const p = s.open(SAMPLE, {
        signal: ac.signal,
        onProgress: (x) => {
          if (x.stage === 'index' && !sawIndex) {
            sawIndex = true;
            ac.abort();
          }
        },
      });
      await expect(p).rejects.toThrow(/cancel/i);
      expect(sawIndex).toBe(true);
      expect(readdirSync(cacheDir)).toEqual([]);
      const h = await s.open(SAMPLE);
      expect(h.summary.cache).toBe('miss');
      const files = readdirSync(cacheDir);
      expect(files.filter((f) => f.startsWith('.build-'))).toEqual([]);
      expect(files.filter((f) => /\.(sqlite|nt|ok)$/.test(f))).toHaveLength(3);
      expect(h.lookup('heart').length).toBeGreaterThan(0);
      expect(
        existsSync(
          join(
            cacheDir,
            files.find((f) => f.endsWith('.sqlite'))!,
          ),
        ),
      ).toBe(true);
    } finally {
      await s.stop();
    }
  });
});
