import { join } from 'node:path';
import type { ModelRunSettings, RecentFile, Settings } from './settings-types';
import { UserError } from '../core/errors';
import { readJsonFile, writeJsonFile } from './json-file';
import { DEFAULT_SETTINGS, SettingsSchema, salvageSettings } from './settings-schema';

export { DEFAULT_SETTINGS, ModelRunSchema } from './settings-schema';

/** User settings and recent files, as JSON files in the data folder. */
export class SettingsStore {
  private settings: Settings = DEFAULT_SETTINGS;
  private recent: RecentFile[] = [];
  private loadProblems: string[] = [];

  constructor(private readonly dataDir: string) {}

  start(): void {
    const read = readJsonFile(this.file('settings.json'), 'settings file');
    const { settings, problems } = salvageSettings(read.value);
    this.settings = settings;
    this.loadProblems = [
      ...(read.problem ? [`${read.problem} Every setting is at its default until it is a regular JSON file.`] : []),
      ...problems.map((p) => `settings.json: ${p}.`),
    ];
    const rec = readJsonFile(this.file('recent.json'), 'recent-files list');
    if (rec.problem) this.loadProblems.push(rec.problem);
    this.recent = Array.isArray(rec.value)
      ? (rec.value as RecentFile[]).filter((r) => typeof r?.path === 'string').slice(0, 20)
      : [];
  }

  stop(): void {}

  /** What was refused when the files were read (each bad entry by name); the rest was kept. */
  problems(): string[] {
    return [...this.loadProblems];
  }

  get(): Settings {
    return structuredClone(this.settings);
  }

  /** Merges a patch; an invalid value is refused whole, so a bad form never corrupts the file. */
  set(patch: Record<string, unknown>): Settings {
    const merged = { ...this.settings, ...patch } as Record<string, unknown>;
    for (const k of ['local', 'openai', 'personas', 'models', 'apiKeys'] as const) {
      if (patch[k] && typeof patch[k] === 'object')
        merged[k] = { ...(this.settings[k] as object), ...(patch[k] as object) };
    }
    return this.commit(merged);
  }

  /** Sets (or with null, forgets) one model's run settings; the rest of the map is kept. */
  setModelRun(path: string, run: ModelRunSettings | null): Settings {
    const models = { ...this.settings.models };
    if (run) models[path] = run;
    else delete models[path];
    return this.commit({ ...this.settings, models });
  }

  private commit(merged: Record<string, unknown>): Settings {
    const parsed = SettingsSchema.safeParse(merged);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UserError('bad-settings', `Setting ${issue.path.join('.') || '(root)'} is invalid: ${issue.message}.`);
    }
    writeJsonFile(this.file('settings.json'), parsed.data);
    this.settings = parsed.data;
    return this.get();
  }

  recentFiles(): RecentFile[] {
    return [...this.recent];
  }

  touchRecent(path: string): void {
    this.recent = [{ path, openedAt: new Date().toISOString() }, ...this.recent.filter((r) => r.path !== path)].slice(
      0,
      20,
    );
    try {
      writeJsonFile(this.file('recent.json'), this.recent);
    } catch {
      // The list is a convenience: a file that cannot be written (see problems()) costs no open.
    }
  }

  private file(name: string): string {
    return join(this.dataDir, name);
  }
}
