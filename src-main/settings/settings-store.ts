import { isAbsolute, join } from 'node:path';
import { z } from 'zod';
import type { ModelRunSettings, RecentFile, Settings } from './settings-types';
import { UserError } from '../core/errors';
import { LANGUAGE_TAG } from '../core/language-tag';
import { readJsonFile, writeJsonFile } from './json-file';

const threads = z.number().int().min(1).max(256).nullable();
const gpuLayers = z.union([z.number().int().min(0).max(1000), z.literal('auto')]).nullable();
const contextSize = z.number().int().min(512).max(1_048_576).nullable();

export const ModelRunSchema = z
  .object({ contextSize, threads, gpuLayers, temperature: z.number().min(0).max(2).nullable() })
  .strict();

const SettingsSchema = z.object({
  theme: z.enum(['light', 'dark', 'system']),
  defaultModel: z.string().max(4096).nullable(),
  local: z.object({ threads, gpuLayers, contextSize }),
  openai: z.object({
    baseUrl: z.string().max(2048).nullable(),
    model: z.string().max(512).nullable(),
    apiKeyEnv: z.string().max(256).nullable(),
  }),
  personas: z.record(z.string().max(4000)),
  models: z
    .record(z.string().min(1).max(4096), ModelRunSchema)
    .refine((m) => Object.keys(m).length <= 500, 'at most 500 models have run settings'),
  fileRoots: z
    .array(
      z
        .string()
        .min(1)
        .max(4096)
        .refine((p) => isAbsolute(p) && !p.includes('\0') && !p.split(/[\\/]+/).includes('..'), {
          message: "must be an absolute path without '..'",
        }),
    )
    .max(50)
    .nullable(),
  nameLanguages: z
    .array(z.string().max(35).regex(LANGUAGE_TAG, "must be a language tag such as 'en' or 'pt-BR', or '' for none"))
    .min(1, "must name at least one language ('' for labels without a tag)")
    .max(10),
  agentDriver: z.enum(['auto', 'policy', 'react']),
});

export const DEFAULT_SETTINGS: Settings = {
  theme: 'system',
  defaultModel: null,
  local: { threads: null, gpuLayers: 'auto', contextSize: 8192 },
  openai: { baseUrl: null, model: null, apiKeyEnv: 'OPENAI_API_KEY' },
  personas: {},
  models: {},
  fileRoots: null,
  nameLanguages: ['en', ''],
  agentDriver: 'auto',
};

/** User settings and recent files, as JSON files in the data folder. */
export class SettingsStore {
  private settings: Settings = DEFAULT_SETTINGS;
  private recent: RecentFile[] = [];

  constructor(private readonly dataDir: string) {}

  start(): void {
    const raw = readJsonFile(this.file('settings.json'));
    const stored = { ...DEFAULT_SETTINGS, ...(raw as object | undefined) };
    let parsed = SettingsSchema.safeParse(stored);
    // A damaged per-model map costs only that map, not the theme, the default model and the rest.
    if (!parsed.success && parsed.error.issues.every((i) => i.path[0] === 'models'))
      parsed = SettingsSchema.safeParse({ ...stored, models: {} });
    this.settings = parsed.success ? parsed.data : DEFAULT_SETTINGS;
    const rec = readJsonFile(this.file('recent.json'));
    this.recent = Array.isArray(rec)
      ? (rec as RecentFile[]).filter((r) => typeof r?.path === 'string').slice(0, 20)
      : [];
  }

  stop(): void {}

  get(): Settings {
    return structuredClone(this.settings);
  }

  /** Merges a patch; an invalid value is refused whole, so a bad form never corrupts the file. */
  set(patch: Record<string, unknown>): Settings {
    const merged = { ...this.settings, ...patch } as Record<string, unknown>;
    for (const k of ['local', 'openai', 'personas', 'models'] as const) {
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
    const parsed = SettingsSchema.strict().safeParse(merged);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UserError('bad-settings', `Setting ${issue.path.join('.') || '(root)'} is invalid: ${issue.message}.`);
    }
    this.settings = parsed.data;
    writeJsonFile(this.file('settings.json'), this.settings);
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
    writeJsonFile(this.file('recent.json'), this.recent);
  }

  private file(name: string): string {
    return join(this.dataDir, name);
  }
}
