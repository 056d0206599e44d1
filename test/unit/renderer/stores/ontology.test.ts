import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../../src-renderer/stores/app';
import { useOntologyStore } from '../../../../src-renderer/stores/ontology';
import { useTasksStore } from '../../../../src-renderer/stores/tasks';
import { settle } from './fake-api';
import { ontologyInfo, storeHarness } from './harness';

const A = ontologyInfo('/o/a.ofn', { title: 'Anatomy' });
const B = ontologyInfo('/o/b.ofn', { title: 'Biology' });

describe('ontology store: ontology.list and ontology.recent, then pushed file changes', () => {
  const h = storeHarness({ storage: { 'oarag.currentOntology': '/o/b.ofn' } });
  const snapshot = () =>
    h.api
      .reply('ontology.list', [A, B])
      .reply('ontology.recent', [{ path: '/o/a.ofn', openedAt: '2026-01-01' }])
      .reply('ontology.status', (p) => ({ state: p.ontologyId === A.id ? 'modified' : 'unchanged' }))
      .reply('tasks.list', []);

  it('takes the snapshot with each file state, keeps the remembered current one, and follows pushed changes', async () => {
    snapshot();
    const s = useOntologyStore();
    s.init();
    await s.refresh();
    expect(s.loaded).toBe(true);
    expect(s.list.map((o) => o.id)).toEqual([A.id, B.id]);
    expect(s.currentId).toBe(B.id);
    expect(s.currentName).toBe('Biology');
    expect(s.fileStates).toEqual({ [A.id]: 'modified' });
    h.api.emit('ontology.changed', { ontologyId: B.id, path: B.path, state: 'deleted' });
    expect(s.currentFileState).toBe('deleted');
    h.api.emit('ontology.changed', { ontologyId: A.id, path: A.path, state: 'unchanged' });
    expect(s.fileStates).toEqual({ [B.id]: 'deleted' });
    // A change for an ontology that is not open is not one of ours.
    h.api.emit('ontology.changed', { ontologyId: '/o/zzz.ofn', path: '/o/zzz.ofn', state: 'modified' });
    expect(Object.keys(s.fileStates)).toEqual([B.id]);
  });

  it('a remembered ontology that is no longer open gives way to the first open one', async () => {
    h.api.reply('ontology.list', [A]).reply('ontology.recent', []).reply('ontology.status', { state: 'unchanged' });
    const s = useOntologyStore();
    await s.refresh();
    expect(s.currentId).toBe(A.id);
    expect(h.dom.storage.get('oarag.currentOntology')).toBe(A.id);
  });

  it('a reconnection fetches the snapshot again', async () => {
    snapshot();
    const s = useOntologyStore();
    s.init();
    await s.refresh();
    h.api.reply('ontology.list', [A]);
    h.conn.reconnect();
    await settle();
    expect(s.list.map((o) => o.id)).toEqual([A.id]);
    expect(h.api.callsOf('ontology.list')).toHaveLength(2);
  });

  it('a failed snapshot is an error toast, and the view still counts as loaded', async () => {
    h.api.fail('ontology.list', 'unavailable', 'The server is stopping.').reply('ontology.recent', []);
    const s = useOntologyStore();
    await s.refresh();
    expect(s.loaded).toBe(true);
    expect(useAppStore().toasts.at(-1)).toMatchObject({ kind: 'error', text: 'The server is stopping.' });
  });

  it('opens through a load task: the pushed result becomes current, and its content key moves on each load', async () => {
    snapshot();
    useTasksStore().init();
    const s = useOntologyStore();
    h.api.launches('ontology.open', 'load', { state: 'ok', result: A });
    const p = s.open('  /o/a.ofn ');
    await settle(1);
    expect(s.opening?.path).toBe('/o/a.ofn');
    expect(s.openingTask?.kind).toBe('load');
    await expect(p).resolves.toEqual(A);
    expect(s.opening).toBeNull();
    expect(s.currentId).toBe(A.id);
    expect(s.contentKey).toBe(`${A.id}#1`);
    expect(useAppStore().toasts.at(-1)?.text).toBe('Opened Anatomy');
    await s.reload(A.id);
    expect(s.contentKey).toBe(`${A.id}#2`);
    expect(s.reloadNotes[A.id]).toBeTruthy();
  });

  it("a failed load says the task's error for that path; a refused call says the call's", async () => {
    snapshot();
    useTasksStore().init();
    const s = useOntologyStore();
    h.api.launches('ontology.open', 'load', { state: 'error', error: 'Line 3: bad axiom.', errorCode: 'parse-error' });
    await expect(s.open('/o/bad.ofn')).resolves.toBeNull();
    expect(s.openError).toEqual({ path: '/o/bad.ofn', message: 'Line 3: bad axiom.' });
    h.api.launches('ontology.open', 'load', { state: 'cancelled' });
    await s.open('/o/bad.ofn');
    expect(s.openError?.message).toBe('Opening was cancelled.');
    h.api.fail('ontology.open', 'not-a-file', '/o is a folder.');
    await s.open('/o');
    expect(s.openError).toEqual({ path: '/o', message: '/o is a folder.' });
    expect(s.list).toEqual([]);
  });

  it('a failed reload of the current ontology is shown as its reload error', async () => {
    snapshot();
    useTasksStore().init();
    const s = useOntologyStore();
    await s.refresh();
    s.select(A.id);
    h.api.launches('ontology.open', 'load', { state: 'error', error: 'gone', errorCode: 'not-found' });
    await s.reload(A.id);
    expect(s.reloadError).toBe('gone');
    expect(s.reloading).toBeNull();
  });

  it('closing the current one makes the last other one current; a refused close keeps it', async () => {
    snapshot();
    const s = useOntologyStore();
    await s.refresh();
    h.api.fail('ontology.close', 'in-use', 'A task is using it.');
    await expect(s.close(B.id)).resolves.toBe(false);
    expect(s.list).toHaveLength(2);
    expect(useAppStore().toasts.at(-1)).toMatchObject({ kind: 'error', text: 'A task is using it.' });
    h.api.reply('ontology.close', { closed: true });
    await expect(s.close(B.id)).resolves.toBe(true);
    expect(s.currentId).toBe(A.id);
  });

  it('coming back to the window asks for the file states again', async () => {
    snapshot();
    const s = useOntologyStore();
    s.init();
    await s.refresh();
    const before = h.api.callsOf('ontology.status').length;
    h.dom.setVisible(true);
    await settle();
    expect(h.api.callsOf('ontology.status').length).toBe(before + 2);
  });
});
