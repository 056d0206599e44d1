import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiTaskOf, OntologyInfo } from '../../../src-main/api/contract';
import { ApiService } from '../../../src-main/api/api-service';
import { Container } from '../../../src-main/container';
import type { UserError } from '../../../src-main/core/errors';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { clinicalDump, handleFromDump } from '../../support/dump-fixture';
import { ScriptedLlm } from '../../support/scripted-llm';
import { tempDir } from '../../support/temp-dir';
import { codeOf } from '../../support/error-code';

// Closing over the real services; handles come from a hand-written dump (no JVM), one per open.
const dir = tempDir('oarag-close-');
let c: Container;
let api: ApiService;
const made: { handle: OntologyHandle; cleanup: () => void }[] = [];

beforeAll(async () => {
  c = new Container({ cacheDir: `${dir.path}/cache`, dataDir: `${dir.path}/data`, env: {} });
  await c.start();
  const realOpen = c.ontologies.open.bind(c.ontologies);
  vi.spyOn(c.ontologies, 'open').mockImplementation(async (path, o) => {
    if (!path.startsWith('fixture')) return realOpen(path, o);
    const f = await handleFromDump(clinicalDump());
    Object.defineProperty(f.handle, 'path', { value: path });
    made.push(f);
    return f.handle;
  });
  api = new ApiService(c, 'web');
});

afterAll(async () => {
  await c.stop();
  for (const f of made) f.cleanup();
  dir.cleanup();
});

async function finished(taskId: string): Promise<ApiTaskOf<'load' | 'ask'>> {
  for (;;) {
    const t = c.tasks.get(taskId);
    if (t && t.state !== 'running') return t as ApiTaskOf<'load' | 'ask'>;
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function open(path: string): Promise<OntologyInfo> {
  const { taskId } = (await api.handle('ontology.open', { path })) as { taskId: string };
  const t = await finished(taskId);
  expect(t.error).toBeUndefined();
  return t.result as OntologyInfo;
}

/** A task that reads the ontology and runs until released. */
async function heldTask(ontologyId: string): Promise<{ taskId: string; release: () => void }> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  c.createBackend = async () => {
    await gate;
    // The answer does not matter here: the task only has to run, then end.
    return new ScriptedLlm([]);
  };
  const { taskId } = (await api.handle('ask.start', {
    ontologyId,
    model: 'scripted:inline',
    question: { kind: 'free', question: 'Where is viral myocarditis located?' },
  })) as { taskId: string };
  return { taskId, release };
}

describe('ontology.close', () => {
  it('releases the handle and its query service; the others stay open', async () => {
    const a = await open('fixture-a');
    const b = await open('fixture-b');
    const handleA = made[0].handle;
    c.queryService(handleA);
    expect(await api.handle('ontology.search', { ontologyId: a.id, text: 'myocardium' })).not.toEqual([]);

    expect(await api.handle('ontology.close', { ontologyId: a.id })).toEqual({ closed: true });
    expect(handleA.isOpen).toBe(false);
    // The name indexes go with it (the container keeps one query service per handle).
    expect((c as unknown as { queries: WeakMap<OntologyHandle, unknown> }).queries.has(handleA)).toBe(false);
    expect(((await api.handle('ontology.list', {})) as OntologyInfo[]).map((o) => o.id)).toEqual([b.id]);
    expect(await codeOf(api.handle('ontology.search', { ontologyId: a.id, text: 'heart' }))).toBe('not-open');
    expect(await api.handle('ontology.close', { ontologyId: a.id })).toEqual({ closed: false });
    expect(await api.handle('ontology.search', { ontologyId: b.id, text: 'myocardium' })).not.toEqual([]);
  });

  it('opens a closed ontology again', async () => {
    const again = await open('fixture-a');
    expect(((await api.handle('ontology.list', {})) as OntologyInfo[]).map((o) => o.id)).toContain(again.id);
    expect(await api.handle('ontology.search', { ontologyId: again.id, text: 'myocardium' })).not.toEqual([]);
  });

  it('refuses to close an ontology a running task reads, and closes it once the task ended', async () => {
    const o = await open('fixture-busy');
    const { taskId, release } = await heldTask(o.id);
    let message = '';
    try {
      await api.handle('ontology.close', { ontologyId: o.id });
    } catch (e) {
      expect((e as UserError).code).toBe('in-use');
      message = (e as Error).message;
    }
    expect(message).toMatch(/^fixture-busy is used by a running task; cancel or wait for it/);
    release();
    await finished(taskId);
    expect(await api.handle('ontology.close', { ontologyId: o.id })).toEqual({ closed: true });
  });

  it('closes the handle a reload replaced, at once or once the task reading it ended', async () => {
    await open('fixture-reload');
    const first = made[made.length - 1].handle;
    await open('fixture-reload');
    const second = made[made.length - 1].handle;
    expect(second).not.toBe(first);
    expect(first.isOpen).toBe(false);
    expect(second.isOpen).toBe(true);

    const { taskId, release } = await heldTask('fixture-reload');
    await open('fixture-reload');
    const third = made[made.length - 1].handle;
    expect(second.isOpen).toBe(true);
    expect(await api.handle('ontology.search', { ontologyId: 'fixture-reload', text: 'myocardium' })).not.toEqual([]);
    release();
    await finished(taskId);
    expect(second.isOpen).toBe(false);
    expect(third.isOpen).toBe(true);
  });

  it("shows an open error with the path as typed, never the server's working folder", async () => {
    const { taskId } = (await api.handle('ontology.open', { path: 'nope.owl' })) as { taskId: string };
    const t = await finished(taskId);
    expect(t.state).toBe('error');
    expect(t.errorCode).toBe('not-found');
    expect(t.error).toBe('No file at nope.owl.');
    expect(t.error).not.toContain(process.cwd());
  });

  it('lists only inside the allowed folders, which default to the shared, sample and data folders', async () => {
    const roots = (await api.handle('files.roots', {})) as { path: string; label: string | null }[];
    expect(roots.map((r) => r.label)).toEqual(['Shared ontologies', 'Samples', 'Workbench data']);
    expect(roots[2].path).toBe(c.dataDir);
    const data = (await api.handle('files.list', { path: c.dataDir })) as { entries: { name: string }[] };
    expect(data.entries.map((e) => e.name)).toContain('recent.json');
    expect(await codeOf(api.handle('files.list', { path: dir.path }))).toBe('forbidden');
    await api.handle('settings.set', { patch: { fileRoots: [dir.path] } });
    expect(((await api.handle('files.roots', {})) as { path: string }[]).map((r) => r.path)).toEqual([dir.path]);
    expect(await codeOf(api.handle('files.list', { path: dir.path }))).toBe('no error');
    expect(await codeOf(api.handle('settings.set', { patch: { fileRoots: ['relative/dir'] } }))).toBe('bad-settings');
  });
});
