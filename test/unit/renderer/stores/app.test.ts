import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../../src-renderer/stores/app';
import { appInfo, settings, storeHarness } from './harness';

describe('app store: app.info and settings.get, then connection states pushed by the transport', () => {
  const h = storeHarness({ hash: '#/query', storage: { 'oarag.theme': 'light' } });

  it('starts on the view the address names and takes the snapshot of info and settings', async () => {
    h.api.reply('app.info', appInfo({ version: '9.9.9' })).reply('settings.get', settings({ theme: 'dark' }));
    const s = useAppStore();
    expect(s.view).toBe('query');
    expect(s.theme).toBe('light');
    await s.init();
    expect(s.info?.version).toBe('9.9.9');
    // The saved setting wins over this browser's remembered choice, and is remembered for the next page.
    expect(s.themePref).toBe('dark');
    expect(h.dom.root.dataset.theme).toBe('dark');
    expect(h.dom.storage.get('oarag.theme')).toBe('dark');
    expect(s.initError).toBeNull();
  });

  it('follows pushed connection states', async () => {
    h.api.reply('app.info', appInfo()).reply('settings.get', settings());
    const s = useAppStore();
    await s.init();
    h.conn.state('reconnecting', { retryInMs: 1500, attempt: 2 });
    expect([s.connectionState, s.retryInMs]).toEqual(['reconnecting', 1500]);
    h.conn.state('open', { attempt: 0 });
    expect([s.connectionState, s.retryInMs]).toEqual(['open', undefined]);
  });

  it('says why the first snapshot failed', async () => {
    h.api.reply('app.info', appInfo()).fail('settings.get', 'bad-settings', 'settings.json is not JSON.');
    const s = useAppStore();
    await s.init();
    expect(s.initError).toBe('settings.json is not JSON.');
    expect(s.settings).toBeNull();
  });

  it('a refused settings change is an error toast and returns false; a saved one replaces the settings', async () => {
    const s = useAppStore();
    h.api.fail('settings.set', 'bad-params', 'threads must be a whole number.');
    await expect(s.saveSettings({ defaultModel: 'x' })).resolves.toBe(false);
    expect(s.toasts.at(-1)).toMatchObject({ kind: 'error', text: 'threads must be a whole number.' });
    h.api.reply('settings.set', (p) => settings(p.patch as object));
    await expect(s.saveSettings({ defaultModel: '/m/a.gguf' })).resolves.toBe(true);
    expect(s.settings?.defaultModel).toBe('/m/a.gguf');
  });

  it('views are history entries: go pushes one, Back (popstate) follows the address', async () => {
    h.api.reply('app.info', appInfo()).reply('settings.get', settings());
    const s = useAppStore();
    await s.init();
    s.go('models');
    expect(h.dom.location.hash).toBe('#/models');
    h.dom.location.hash = '#/ask';
    h.dom.fireWindow('popstate');
    expect(s.view).toBe('ask');
    h.dom.location.hash = '#/nowhere';
    h.dom.fireWindow('hashchange');
    expect(s.view).toBe('ask');
  });

  it('keeps at most four toasts and drops each after its time', async () => {
    vi.useFakeTimers();
    const s = useAppStore();
    for (let i = 1; i <= 5; i++) s.notify('info', `n${i}`);
    expect(s.toasts.map((t) => t.text)).toEqual(['n2', 'n3', 'n4', 'n5']);
    s.notify('error', 'bad');
    await vi.advanceTimersByTimeAsync(4000);
    expect(s.toasts.map((t) => t.text)).toEqual(['bad']);
    await vi.advanceTimersByTimeAsync(4000);
    expect(s.toasts).toEqual([]);
  });

  it('web mode offers no native file dialog', async () => {
    const s = useAppStore();
    expect(s.canPickFiles).toBe(false);
    await expect(s.pickFile('ontology')).resolves.toBeNull();
  });
});
