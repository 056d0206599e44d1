import { afterAll, beforeAll } from 'vitest';
import { OntologyService } from '../../src-main/ontology/ontology-service';
import { tempDir } from './temp-dir';

/** One OntologyService over a throw-away cache for a test file, started and stopped with it. */
export function useOntologyService(): OntologyService {
  const dir = tempDir();
  const service = new OntologyService({ cacheDir: dir.path, appVersion: 'test' });
  beforeAll(() => service.start());
  afterAll(async () => {
    await service.stop();
    dir.cleanup();
  });
  return service;
}
