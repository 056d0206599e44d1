import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SettingsStore } from '../../../src-main/settings/settings-store';
import { tempDir } from '../../support/temp-dir';

const dirs: { cleanup: () => void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

describe('SettingsStore', () => {
  it('merges valid patches and refuses invalid ones without losing anything', () => {
    const d = tempDir();
    dirs.push(d);
    const s = new SettingsStore(d.path);
    s.start();
    s.set({ theme: 'dark', local: { threads: 4 } });
    expect(() => s.set({ local: { threads: -1 } })).toThrow(/local\.threads/);
    expect(() => s.set({ theme: 'neon' })).toThrow(/theme/);
    const again = new SettingsStore(d.path);
    again.start();
    expect(again.get().theme).toBe('dark');
    expect(again.get().local).toEqual({ ...DEFAULT_SETTINGS.local, threads: 4 });
  });

  it('survives a damaged settings file', () => {
    const d = tempDir();
    dirs.push(d);
    writeFileSync(join(d.path, 'settings.json'), '{ not json');
    const s = new SettingsStore(d.path);
    s.start();
    expect(s.get()).toEqual(DEFAULT_SETTINGS);
    s.touchRecent('/a.owl');
    expect(JSON.parse(readFileSync(join(d.path, 'recent.json'), 'utf8'))[0].path).toBe('/a.owl');
  });
});
