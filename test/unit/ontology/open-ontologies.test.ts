import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TaskRegistry } from '../../../src-main/core/task-registry';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { OpenOntologies } from '../../../src-main/ontology/open-ontologies';
import { clinicalDump, handleFromDump } from '../../support/dump-fixture';
import { codeOfSync } from '../../support/error-code';

// Real handles over hand-written dumps (SQLite, no JVM) and the real task registry; the release is
// recorded and closes the handle as the container's would.
const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));

async function handle(path: string): Promise<OntologyHandle> {
  const f = await handleFromDump(clinicalDump());
  Object.defineProperty(f.handle, 'path', { value: path });
  cleanups.push(f.cleanup);
  return f.handle;
}

let tasks: TaskRegistry;
let released: OntologyHandle[];
let open: OpenOntologies;

beforeEach(() => {
  tasks = new TaskRegistry();
  released = [];
  open = new OpenOntologies({ tasks, release: (h) => (released.push(h), h.close()) });
  open.start();
});

/** A running task that ends when `end` is called. */
function task(): { id: string; end: () => Promise<void> } {
  let done!: () => void;
  const t = tasks.launch('ask', 'reads', () => new Promise<void>((r) => (done = r)));
  return {
    id: t.id,
    end: async () => {
      done();
      await vi.waitFor(() => expect(tasks.get(t.id)?.state).toBe('ok'));
    },
  };
}

describe('OpenOntologies', () => {
  it('serves an adopted handle by path and by file name, and lists only open ones', async () => {
    const a = await handle('/a/fixture');
    const b = await handle('/b/other.ofn');
    expect(open.wasAdopted(a)).toBe(false);
    expect(open.adopt(a)).toEqual({ id: '/a/fixture', name: 'fixture', handle: a });
    open.adopt(b);
    expect(open.wasAdopted(a)).toBe(true);
    expect(open.get('/a/fixture')).toBe(a);
    expect(open.pick('FIXTURE').handle).toBe(a);
    expect(codeOfSync(() => open.get('/nowhere'))).toBe('not-open');
    expect(open.list().map((o) => o.id)).toEqual(['/a/fixture', '/b/other.ofn']);
    // A handle closed behind the registry's back is no longer served.
    b.close();
    expect(codeOfSync(() => open.get('/b/other.ofn'))).toBe('not-open');
    expect(open.list().map((o) => o.id)).toEqual(['/a/fixture']);
    expect(open.pick(undefined).handle).toBe(a);
  });

  it('keeps same-named files apart with #n, keeps a name across a reload, and frees it on close', async () => {
    const [a, b, c] = await Promise.all(['/a/fixture', '/b/fixture', '/c/fixture'].map(handle));
    expect([a, b, c].map((h) => open.adopt(h).name)).toEqual(['fixture', 'fixture#2', 'fixture#3']);
    const b2 = await handle('/b/fixture');
    expect(open.adopt(b2).name).toBe('fixture#2');
    expect(open.pick('fixture#2').handle).toBe(b2);
    expect(codeOfSync(() => open.pick(undefined))).toBe('usage');
    expect(codeOfSync(() => open.pick('fixture#4'))).toBe('unknown-ontology');
    expect(open.close('/a/fixture')).toBe(true);
    expect(open.adopt(await handle('/d/fixture')).name).toBe('fixture');
  });

  it('releases the handle a reload replaced at once when no task reads it', async () => {
    const old = await handle('/a/fixture');
    const fresh = await handle('/a/fixture');
    open.adopt(old);
    open.adopt(fresh);
    expect(released).toEqual([old]);
    expect(old.isOpen).toBe(false);
    expect(open.get('/a/fixture')).toBe(fresh);
    // Adopting the served handle again changes nothing.
    open.adopt(fresh);
    expect(released).toEqual([old]);
  });

  it('retires a replaced handle a task holds, and releases it when the last holder ends', async () => {
    const old = await handle('/a/fixture');
    const fresh = await handle('/a/fixture');
    open.adopt(old);
    const [t1, t2] = [task(), task()];
    open.hold(old, t1.id);
    open.hold(old, t2.id);
    open.adopt(fresh);
    expect(open.get('/a/fixture')).toBe(fresh);
    expect(released).toEqual([]);
    expect(old.isOpen).toBe(true);
    await t1.end();
    expect(released).toEqual([]);
    await t2.end();
    expect(released).toEqual([old]);
  });

  it('brings a retired handle back when an edit is undone, retiring the one that replaced it', async () => {
    const old = await handle('/a/fixture');
    const edited = await handle('/a/fixture');
    open.adopt(old);
    const t = task();
    open.hold(old, t.id);
    open.adopt(edited);
    open.adopt(old);
    expect(open.get('/a/fixture')).toBe(old);
    // The edited handle nobody reads is released; the old one, served again, never is.
    expect(released).toEqual([edited]);
    await t.end();
    expect(released).toEqual([edited]);
    expect(old.isOpen).toBe(true);
  });

  it('refuses to close an ontology a running task reads, and closes it once the task ended', async () => {
    const a = await handle('/a/fixture');
    open.adopt(a);
    const [t1, t2] = [task(), task()];
    open.hold(a, t1.id);
    open.hold(a, t2.id);
    expect(codeOfSync(() => open.close('/a/fixture'))).toBe('in-use');
    expect(() => open.close('/a/fixture')).toThrow('fixture is used by 2 running tasks; cancel or wait for them');
    await t1.end();
    expect(() => open.close('/a/fixture')).toThrow('fixture is used by a running task; cancel or wait for it');
    expect(released).toEqual([]);
    await t2.end();
    expect(open.close('/a/fixture')).toBe(true);
    expect(released).toEqual([a]);
    expect(open.has('/a/fixture')).toBe(false);
    expect(open.close('/a/fixture')).toBe(false);
    expect(open.list()).toEqual([]);
  });

  it('stop releases what is served and what is retired, and listens to tasks no more', async () => {
    const [a, old, fresh] = await Promise.all(['/a/fixture', '/b/fixture', '/b/fixture'].map(handle));
    open.adopt(a);
    open.adopt(old);
    const t = task();
    open.hold(old, t.id);
    open.adopt(fresh);
    open.stop();
    expect(new Set(released)).toEqual(new Set([a, old, fresh]));
    expect(released).toHaveLength(3);
    expect(open.list()).toEqual([]);
    await t.end();
    expect(released).toHaveLength(3);
    expect(tasks.events.listenerCount('update')).toBe(0);
  });
});
