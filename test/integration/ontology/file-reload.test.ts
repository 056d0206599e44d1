import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiTaskOf, OntologyFileChange, OntologyInfo, SearchHit } from '../../../src-main/api/contract';
import { ApiService } from '../../../src-main/api/api-service';
import { Container } from '../../../src-main/container';
import { tempDir } from '../../support/temp-dir';
import { codeOf } from '../../support/error-code';

/**
 * Issue #16 item 4: the API watches the files of the open ontologies (real JVM load, real cache with
 * its sourceHash, real fs.watch), answers ontology.status, and a second ontology.open of the same path
 * serves the new content.
 */
const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'el', 'clinical.ofn');
const NEW_CLASS = [
  'Declaration(Class(:ZebraReloadFinding))',
  'AnnotationAssertion(rdfs:label :ZebraReloadFinding "zebra reload finding"@en)',
  'SubClassOf(:ZebraReloadFinding :Disease)',
].join('\n');

const dir = tempDir('oarag-reload-');
const file = join(dir.path, 'clinical.ofn');
let c: Container;
let api: ApiService;
const changes: OntologyFileChange[] = [];

beforeAll(async () => {
  copyFileSync(FIXTURE, file);
  c = new Container({ cacheDir: join(dir.path, 'cache'), dataDir: join(dir.path, 'data'), env: {} });
  await c.start();
  api = new ApiService(c, 'web');
  api.events.on('event', (name: string, payload: unknown) => {
    if (name === 'ontology.changed') changes.push(payload as OntologyFileChange);
  });
});

afterAll(async () => {
  await c.stop();
  dir.cleanup();
});

async function open(path: string): Promise<OntologyInfo> {
  const { taskId } = (await api.handle('ontology.open', { path })) as { taskId: string };
  for (;;) {
    const t = c.tasks.get(taskId) as ApiTaskOf<'load'> | undefined;
    if (t && t.state !== 'running') {
      expect(t.error).toBeUndefined();
      return t.result!;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function until(n: number): Promise<void> {
  const end = Date.now() + 15_000;
  while (changes.length < n) {
    if (Date.now() > end) throw new Error(`expected ${n} ontology.changed events, saw ${JSON.stringify(changes)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const search = (text: string) => api.handle('ontology.search', { ontologyId: file, text }) as Promise<SearchHit[]>;

describe('ontology.status and ontology.changed over a real load', () => {
  it('validates its parameters', async () => {
    expect(await codeOf(api.handle('ontology.status', {}))).toBe('bad-params');
    expect(await codeOf(api.handle('ontology.status', { ontologyId: '' }))).toBe('bad-params');
    expect(await codeOf(api.handle('ontology.status', { ontologyId: 7 }))).toBe('bad-params');
    expect(await codeOf(api.handle('ontology.status', { ontologyId: file, extra: true }))).toBe('bad-params');
    expect(await codeOf(api.handle('ontology.status', { ontologyId: file }))).toBe('not-open');
  });

  it('is unchanged after the open, and changed (with one event) after an edit', async () => {
    const info = await open(file);
    expect(info.id).toBe(file);
    expect(await api.handle('ontology.status', { ontologyId: file })).toEqual({ state: 'unchanged' });
    expect(await search('zebra reload finding')).toEqual([]);

    writeFileSync(file, readFileSync(file, 'utf8').replace(/\)\s*$/, `${NEW_CLASS}\n)\n`));
    await until(1);
    expect(changes).toEqual([{ ontologyId: file, path: file, state: 'modified' }]);
    expect(await api.handle('ontology.status', { ontologyId: file })).toEqual({ state: 'modified' });
  });

  it('serves the new content after a second open of the same path, which ends the notice', async () => {
    const info = await open(file);
    expect(info.summary.classes).toBe(23);
    expect((await search('zebra reload finding'))[0]?.name).toBe('zebra reload finding');
    await until(2);
    expect(changes[1].state).toBe('unchanged');
    expect(await api.handle('ontology.status', { ontologyId: file })).toEqual({ state: 'unchanged' });
  });

  it('reports a deleted file, and stops once the ontology is closed', async () => {
    rmSync(file);
    await until(3);
    expect(changes[2].state).toBe('deleted');
    expect(await api.handle('ontology.status', { ontologyId: file })).toEqual({ state: 'deleted' });
    expect(await api.handle('ontology.close', { ontologyId: file })).toEqual({ closed: true });
    copyFileSync(FIXTURE, file);
    await new Promise((r) => setTimeout(r, 1500));
    expect(changes).toHaveLength(3);
    expect(await codeOf(api.handle('ontology.status', { ontologyId: file }))).toBe('not-open');
  });
});
