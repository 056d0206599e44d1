import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiTaskOf, DiffReport, OntologyInfo } from '../../../src-main/api/contract';
import { ApiService } from '../../../src-main/api/api-service';
import { Container } from '../../../src-main/container';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { EX, handleFromDump, label } from '../../support/dump-fixture';

const DEF = 'http://purl.obolibrary.org/obo/IAO_0000115';
import { tempDir } from '../../support/temp-dir';
import { d } from '../diff/dump-records';
import { codeOf } from '../../support/error-code';

// diff.run and diff.export over real services; the two versions are hand-written closures (no JVM).
const dir = tempDir('oarag-diff-api-');
let c: Container;
let api: ApiService;
const versions: Record<string, { handle: OntologyHandle; cleanup: () => void }> = {};

beforeAll(async () => {
  versions['/data/v1.ofn'] = await handleFromDump([
    d.prop('partOf'),
    d.cls('A', 'a'),
    d.cls('B', 'b'),
    d.link('A', 'partOf', 'B'),
  ]);
  versions['/data/v2.ofn'] = await handleFromDump([
    d.prop('partOf'),
    d.cls('A', 'a'),
    d.cls('B', 'b'),
    d.cls('C', 'c'),
  ]);
  versions['/data/v3.ofn'] = await handleFromDump([
    d.prop('partOf'),
    d.cls('A', 'a'),
    { t: 'class', iri: EX + 'B', annotations: [label('b'), { p: DEF, v: 'A bee.' }], deprecated: false },
  ]);
  for (const [path, v] of Object.entries(versions)) Object.defineProperty(v.handle, 'path', { value: path });
  c = new Container({ cacheDir: `${dir.path}/cache`, dataDir: `${dir.path}/data`, env: {} });
  await c.start();
  vi.spyOn(c.ontologies, 'open').mockImplementation(async (path) => {
    const v = versions[path];
    if (!v) throw new Error(`no fixture for ${path}`);
    return v.handle;
  });
  api = new ApiService(c, 'web');
});

afterAll(async () => {
  await c.stop();
  for (const v of Object.values(versions)) v.cleanup();
  dir.cleanup();
});

async function ended(taskId: string) {
  for (;;) {
    const t = c.tasks.get(taskId);
    if (t && t.state !== 'running') return t;
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function finished(taskId: string): Promise<ApiTaskOf<'diff'>> {
  const t = await ended(taskId);
  expect(t.kind).toBe('diff');
  return t as ApiTaskOf<'diff'>;
}

describe('diff API', () => {
  it('refuses an unopened old version, two new versions or none, and a bad namespace, before any task', async () => {
    expect(await codeOf(api.handle('diff.run', { oldId: '/data/v1.ofn', newPath: '/data/v2.ofn' }))).toBe('not-open');
    const { taskId } = (await api.handle('ontology.open', { path: '/data/v1.ofn' })) as { taskId: string };
    await ended(taskId);
    const before = c.tasks.list().length;
    expect(await codeOf(api.handle('diff.run', { oldId: '/data/v1.ofn' }))).toBe('bad-params');
    expect(
      await codeOf(api.handle('diff.run', { oldId: '/data/v1.ofn', newId: '/data/v1.ofn', newPath: '/data/v2.ofn' })),
    ).toBe('bad-params');
    expect(
      await codeOf(api.handle('diff.run', { oldId: '/data/v1.ofn', newPath: '/data/v2.ofn', namespaces: ['a b'] })),
    ).toBe('bad-params');
    expect(await codeOf(api.handle('diff.run', { oldId: '/data/v1.ofn', newId: 'nope' }))).toBe('not-open');
    expect(c.tasks.list().length).toBe(before);
  });

  it('runs a diff task against a file it opens through the cache, which then counts as open', async () => {
    const { taskId } = (await api.handle('diff.run', { oldId: '/data/v1.ofn', newPath: '/data/v2.ofn' })) as {
      taskId: string;
    };
    const t = await finished(taskId);
    expect(t.error).toBeUndefined();
    expect(t.title).toBe('Diff v1.ofn → v2.ofn');
    const r = t.result!;
    expect(r.oldId).toBe('/data/v1.ofn');
    expect(r.newId).toBe('/data/v2.ofn');
    expect(r.shownPerKind).toBeNull();
    expect(r.report.counts).toMatchObject({ 'class-added': 1, 'link-removed': 1 });
    expect(r.report.changes.map((x) => x.kind)).toEqual(['class-added', 'link-removed']);
    const open = (await api.handle('ontology.list', {})) as OntologyInfo[];
    expect(open.map((o) => o.id).sort()).toEqual(['/data/v1.ofn', '/data/v2.ofn']);
  });

  it('diffs two open ontologies with a namespace filter', async () => {
    const { taskId } = (await api.handle('diff.run', {
      oldId: '/data/v1.ofn',
      newId: '/data/v2.ofn',
      namespaces: [EX + 'C'],
    })) as { taskId: string };
    const r = (await finished(taskId)).result!;
    expect(r.report.namespaces).toEqual([EX + 'C']);
    expect(r.report.changes.map((x) => x.class.iri)).toEqual([EX + 'C']);
  });

  it('diffs two files, neither of them open before, annotations included, and exports the same', async () => {
    const { taskId } = (await api.handle('diff.run', {
      oldPath: '/data/v3.ofn',
      newPath: '/data/v1.ofn',
      annotations: true,
    })) as { taskId: string };
    const t = await finished(taskId);
    expect(t.title).toBe('Diff v3.ofn → v1.ofn');
    const r = t.result!;
    expect(r.report.annotations).toBe(true);
    expect(r.report.changes.filter((x) => x.kind === 'definition-removed')).toMatchObject([
      { class: { name: 'b' }, old: 'A bee.', new: null },
    ]);
    const open = (await api.handle('ontology.list', {})) as OntologyInfo[];
    expect(open.map((o) => o.id)).toContain('/data/v3.ofn');
    const md = (await api.handle('diff.export', {
      oldId: '/data/v3.ofn',
      newId: '/data/v1.ofn',
      annotations: true,
      format: 'markdown',
    })) as { content: string };
    expect(md.content).toContain('| Definitions removed | 1 |');
    expect(
      await codeOf(api.handle('diff.run', { oldId: '/data/v1.ofn', oldPath: '/data/v3.ofn', newId: '/data/v1.ofn' })),
    ).toBe('bad-params');
  });

  it('exports the whole diff as Markdown release notes or versioned JSON', async () => {
    const md = (await api.handle('diff.export', {
      oldId: '/data/v1.ofn',
      newId: '/data/v2.ofn',
      format: 'markdown',
    })) as { fileName: string; mime: string; content: string };
    expect(md.fileName).toBe('diff-v1-v2.md');
    expect(md.mime).toBe('text/markdown');
    expect(md.content).toMatch(/^# Changes from `v1\.ofn` to `v2\.ofn`/);
    const json = (await api.handle('diff.export', {
      oldId: '/data/v1.ofn',
      newId: '/data/v2.ofn',
      format: 'json',
    })) as { fileName: string; content: string };
    expect(json.fileName).toBe('diff-v1-v2.json');
    const report = JSON.parse(json.content) as DiffReport;
    expect(report.version).toBe(1);
    expect(report.changes).toHaveLength(2);
  });
});
