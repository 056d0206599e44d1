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

  it('keeps the name languages in order, and refuses anything but language tags', () => {
    const d = tempDir();
    dirs.push(d);
    writeFileSync(join(d.path, 'settings.json'), JSON.stringify({ theme: 'dark' }));
    const s = new SettingsStore(d.path);
    s.start();
    // A file written before the setting existed gets the default: English, then untagged labels.
    expect(s.get().nameLanguages).toEqual(['en', '']);
    s.set({ nameLanguages: ['pt-BR', 'en', ''] });
    expect(() => s.set({ nameLanguages: [] })).toThrow(/nameLanguages is invalid: must name at least one language/);
    expect(() => s.set({ nameLanguages: ['en us'] })).toThrow(/language tag/);
    expect(() => s.set({ nameLanguages: 'en' })).toThrow(/nameLanguages/);
    const again = new SettingsStore(d.path);
    again.start();
    expect(again.get().nameLanguages).toEqual(['pt-BR', 'en', '']);
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

  it('keeps validated run settings per model, and forgets one without touching the others', () => {
    const d = tempDir();
    dirs.push(d);
    const s = new SettingsStore(d.path);
    s.start();
    const run = { contextSize: 4096, threads: 2, gpuLayers: 0, temperature: 0.7 };
    s.setModelRun('/m/a.gguf', run);
    s.setModelRun('/m/b.gguf', { ...run, gpuLayers: 'auto', temperature: null });
    expect(() => s.setModelRun('/m/a.gguf', { ...run, temperature: 3 })).toThrow(/models.*temperature/);
    expect(() => s.setModelRun('/m/a.gguf', { ...run, contextSize: 100 })).toThrow(/contextSize/);
    expect(() => s.set({ models: { '/m/c.gguf': { threads: 2 } } })).toThrow(/models/);
    expect(s.get().models['/m/a.gguf']).toEqual(run);
    s.setModelRun('/m/b.gguf', null);
    const again = new SettingsStore(d.path);
    again.start();
    expect(again.get().models).toEqual({ '/m/a.gguf': run });
  });

  it('drops only a damaged per-model map, keeping the other settings', () => {
    const d = tempDir();
    dirs.push(d);
    writeFileSync(
      join(d.path, 'settings.json'),
      JSON.stringify({ ...DEFAULT_SETTINGS, theme: 'dark', models: { '/m/a.gguf': { threads: 'many' } } }),
    );
    const s = new SettingsStore(d.path);
    s.start();
    expect(s.get().theme).toBe('dark');
    expect(s.get().models).toEqual({});
  });
});
