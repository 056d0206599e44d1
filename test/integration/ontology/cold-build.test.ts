import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OntologyService } from '../../../src-main/ontology/ontology-service';
import { sharedOntology } from '../../support/shared-ontologies';
import { tempDir } from '../../support/temp-dir';

/**
 * Issue #16: the cache is written into a fresh file (by a writer thread) and renamed into place only
 * when complete; a load stopped while the cache is being written leaves nothing a later open could use.
 */
const SAMPLE = join(__dirname, '..', '..', '..', 'resources', 'samples', 'cardio.ofn');
const GO_MGI = sharedOntology('go-mgi-subset.obo');

/** Cancels a cold load as soon as the cache is being written, checks nothing is left, then builds it. */
async function cancelThenBuild(cacheDir: string, file: string, name: string): Promise<void> {
  const s = new OntologyService({ cacheDir, appVersion: 'test' });
  s.start();
  const ac = new AbortController();
  let sawIndex = false;
  try {
    const p = s.open(file, {
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
    const h = await s.open(file);
    expect(h.summary.cache).toBe('miss');
    const files = readdirSync(cacheDir);
    expect(files.filter((f) => f.startsWith('.build-'))).toEqual([]);
    expect(files.filter((f) => /\.(sqlite|nt|ok)$/.test(f))).toHaveLength(3);
    expect(h.lookup(name).length).toBeGreaterThan(0);
  } finally {
    await s.stop();
  }
}

describe('building a cache file', () => {
  const dir = tempDir('oarag-cold-build-');
  afterAll(() => dir.cleanup());

  it('of a small file (written in this thread): a cancel leaves nothing behind, the next open builds it', () =>
    cancelThenBuild(join(dir.path, 'small'), SAMPLE, 'heart'));

  it.skipIf(!GO_MGI)(
    'of a larger file (written by the writer thread): a cancel leaves nothing behind, the next open builds it',
    () => cancelThenBuild(join(dir.path, 'larger'), GO_MGI!, 'nucleus'),
  );
});
