import { afterAll, beforeAll } from 'vitest';
import { join } from 'node:path';
import { OntologyService } from '../../src-main/ontology/ontology-service';
import { tempDir } from './temp-dir';

/**
 * One OntologyService for a test file, started and stopped with it, plus a throw-away folder: the
 * cache lives in its `cache/` and the test may write its own outputs next to it.
 */
export function useOntologyWorkspace(prefix?: string): { service: OntologyService; dir: string } {
  const dir = tempDir(prefix);
  const service = new OntologyService({ cacheDir: join(dir.path, 'cache'), appVersion: 'test' });
  beforeAll(() => service.start());
  afterAll(async () => {
    await service.stop();
    dir.cleanup();
  });
  return { service, dir: dir.path };
}

/** One OntologyService over a throw-away cache for a test file, started and stopped with it. */
export function useOntologyService(): OntologyService {
  return useOntologyWorkspace().service;
}
