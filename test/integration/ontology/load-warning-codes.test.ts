import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiService } from '../../../src-main/api/api-service';
import { LoadWarningSchema, type OntologyInfo } from '../../../src-main/api/contract';
import { Container } from '../../../src-main/container';
import { warningTitle } from '../../../src-renderer/util/load-warnings';
import { tempDir } from '../../support/temp-dir';

// A real load (JVM + ELK) through the API: the warnings a file earns arrive with codes of the union.
const dir = tempDir('oarag-warn-');
let c: Container;
let api: ApiService;

beforeAll(async () => {
  c = new Container({ cacheDir: join(dir.path, 'cache'), dataDir: join(dir.path, 'data'), env: {} });
  await c.start();
  api = new ApiService(c, 'web');
});

afterAll(async () => {
  await c?.stop();
  dir.cleanup();
});

async function open(path: string): Promise<OntologyInfo> {
  const { taskId } = (await api.handle('ontology.open', { path })) as { taskId: string };
  for (;;) {
    const t = c.tasks.get(taskId);
    if (t && t.state !== 'running') {
      expect(t.error).toBeUndefined();
      return t.result as OntologyInfo;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('load warnings through the API', () => {
  it('an unresolved import, a construct outside EL and an unsatisfiable class each come with their code', async () => {
    const f = join(dir.path, 'warned.ofn');
    writeFileSync(
      f,
      [
        'Prefix(:=<http://example.org/w#>)',
        'Ontology(<http://example.org/w>',
        'Import(<http://example.org/nowhere/missing.owl>)',
        'Declaration(Class(:A)) Declaration(Class(:B)) Declaration(Class(:C)) Declaration(Class(:D))',
        'SubClassOf(:A :B) SubClassOf(:A :C) DisjointClasses(:B :C)',
        'SubClassOf(:D ObjectUnionOf(:B :C))',
        ')',
        '',
      ].join('\n'),
    );
    const info = await open(f);
    const ws = info.summary.warnings;
    expect(ws.map((w) => w.code).sort()).toEqual(['non-el', 'unresolved-import', 'unsatisfiable']);
    for (const w of ws) {
      expect(LoadWarningSchema.safeParse(w).success).toBe(true);
      expect(w.message.length).toBeGreaterThan(10);
      expect(warningTitle(w.code)).not.toBe('Warning');
    }
    expect(ws.find((w) => w.code === 'unresolved-import')?.iri).toBe('http://example.org/nowhere/missing.owl');
    expect(ws.find((w) => w.code === 'non-el')?.counts).toEqual({ ObjectUnionOf: 1 });
  });
});
