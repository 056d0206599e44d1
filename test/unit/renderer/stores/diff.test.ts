import { describe, expect, it } from 'vitest';
import type { DiffOutcome } from '../../../../src-main/api/contract';
import { useAppStore } from '../../../../src-renderer/stores/app';
import { FROM_FILE, useDiffStore } from '../../../../src-renderer/stores/diff';
import { useTasksStore } from '../../../../src-renderer/stores/tasks';
import { ontologyInfo, storeHarness } from './harness';

const outcome = (oldId: string, newId: string): DiffOutcome =>
  ({
    oldId,
    newId,
    report: { namespaces: ['http://x/'], annotations: false },
    shownPerKind: null,
  }) as unknown as DiffOutcome;

describe('diff store: a diff task over two versions, and its exports', () => {
  const h = storeHarness();
  const ready = () => {
    h.api.reply('tasks.list', []);
    useTasksStore().init();
    return useDiffStore();
  };

  it('needs both sides; a file side is sent as a path, and then the opened file is listed', async () => {
    const s = ready();
    expect(s.ready()).toBe(false);
    Object.assign(s.form, { oldId: '/o/a.ofn', newId: FROM_FILE, newPath: '', namespaces: 'http://x/, http://y/' });
    expect(s.ready()).toBe(false);
    s.form.newPath = ' /o/a2.ofn ';
    expect(s.ready()).toBe(true);
    h.api
      .launches('diff.run', 'diff', { state: 'ok', result: outcome('/o/a.ofn', '/o/a2.ofn') })
      .reply('ontology.list', [ontologyInfo('/o/a.ofn'), ontologyInfo('/o/a2.ofn')])
      .reply('ontology.recent', [])
      .reply('ontology.status', { state: 'unchanged' });
    await s.runForm();
    expect(h.api.callsOf('diff.run')).toEqual([
      { oldId: '/o/a.ofn', newPath: '/o/a2.ofn', namespaces: ['http://x/', 'http://y/'], annotations: true },
    ]);
    expect(h.api.callsOf('ontology.list')).toHaveLength(1);
    expect([s.form.oldId, s.form.newId]).toEqual(['/o/a.ofn', '/o/a2.ofn']);
  });

  it("surfaces the diff task's error code and keeps the form", async () => {
    const s = ready();
    Object.assign(s.form, { oldId: '/o/a.ofn', newId: '/o/b.ofn' });
    h.api.launches('diff.run', 'diff', { state: 'error', error: 'b is not open.', errorCode: 'not-open' });
    await s.runForm();
    expect(s.run.error).toEqual({ message: 'b is not open.', code: 'not-open' });
    expect(s.form.newId).toBe('/o/b.ofn');
    expect(h.api.callsOf('ontology.list')).toEqual([]);
  });

  it('compares a revised file with its original from the Test-2 view', async () => {
    const s = ready();
    h.api
      .launches('diff.run', 'diff', { state: 'ok', result: outcome('/o/a.ofn', '/o/r.ofn') })
      .reply('ontology.list', [])
      .reply('ontology.recent', []);
    await s.againstOriginal('/o/a.ofn', '/o/r.ofn');
    expect(useAppStore().view).toBe('diff');
    expect(h.api.callsOf('diff.run')[0]).toMatchObject({ oldId: '/o/a.ofn', newPath: '/o/r.ofn' });
  });

  it("compares an open ontology with its last commit, keeps the form's old side, and exports by revision", async () => {
    const s = ready();
    Object.assign(s.form, { oldId: '/o/a.ofn', newId: '/o/b.ofn' });
    h.api.launches('diff.run', 'diff', { state: 'ok', result: { ...outcome('', '/o/b.ofn'), rev: 'HEAD' } });
    await s.againstLastCommit('/o/b.ofn');
    expect(useAppStore().view).toBe('diff');
    expect(h.api.callsOf('diff.run')[0]).toEqual({ newId: '/o/b.ofn', rev: 'HEAD', annotations: true });
    expect([s.form.oldId, s.form.newId]).toEqual(['/o/a.ofn', '/o/b.ofn']);
    h.api.reply('diff.export', { fileName: 'diff.json', mime: 'application/json', content: '{}' });
    await s.exportAs('json');
    expect(h.api.callsOf('diff.export')[0]).toMatchObject({ rev: 'HEAD', newId: '/o/b.ofn' });
    expect(h.api.callsOf('diff.export')[0]).not.toHaveProperty('oldId');
  });

  it('exports the shown diff with its own options; a refusal is an error toast', async () => {
    const s = ready();
    Object.assign(s.form, { oldId: '/o/a.ofn', newId: '/o/b.ofn' });
    h.api.launches('diff.run', 'diff', { state: 'ok', result: outcome('/o/a.ofn', '/o/b.ofn') });
    await s.runForm();
    h.api.reply('diff.export', { fileName: 'diff.md', mime: 'text/markdown', content: '# diff' });
    await s.exportAs('markdown');
    expect(h.api.callsOf('diff.export')).toEqual([
      { oldId: '/o/a.ofn', newId: '/o/b.ofn', namespaces: ['http://x/'], annotations: false, format: 'markdown' },
    ]);
    await expect(h.dom.downloads[0].text()).resolves.toBe('# diff');
    h.api.fail('diff.export', 'not-open', 'Closed meanwhile.');
    await s.exportAs('json');
    expect(useAppStore().toasts.at(-1)).toMatchObject({ kind: 'error', text: 'Closed meanwhile.' });
    expect(s.exporting).toBe(false);
  });

  it('a new diff starts without the Details filter of the previous one', async () => {
    const s = ready();
    Object.assign(s.form, { oldId: '/o/a.ofn', newId: '/o/b.ofn' });
    h.api.launches('diff.run', 'diff', { state: 'ok', result: outcome('/o/a.ofn', '/o/b.ofn') });
    await s.runForm();
    Object.assign(s.details, { kind: 'label-changed', text: 'heart' });
    Object.assign(s.form, { oldId: '/o/c.ofn', newId: '/o/d.ofn' });
    h.api.launches('diff.run', 'diff', { state: 'ok', result: outcome('/o/c.ofn', '/o/d.ofn') });
    await s.runForm();
    expect(s.details).toEqual({ kind: 'all', text: '' });
  });
});
