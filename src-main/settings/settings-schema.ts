import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { LANGUAGE_TAG, MAX_LANGUAGE_TAG_LENGTH, MAX_LANGUAGES, normaliseLanguages } from '../core/language-tag';
import type { Settings } from './settings-types';

/** Names of variables an API key may be read from (llm/openai/api-key.ts reads the same rule). */
export const KEY_ENV = /^[A-Z][A-Z0-9_]{0,100}_(?:API_KEY|TOKEN)$/;
const KEY_ENV_MESSAGE =
  'must name a variable like MY_API_KEY or MY_TOKEN (capitals, digits, _; ending in _API_KEY or _TOKEN)';
/** A host as a URL spells it: lowercase name or [IPv6], and a port unless it is the scheme's default. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

const threads = z.number().int().min(1).max(256).nullable();
const gpuLayers = z.union([z.number().int().min(0).max(1000), z.literal('auto')]).nullable();
const contextSize = z.number().int().min(512).max(1_048_576).nullable();
const keyEnv = z.string().max(128).regex(KEY_ENV, KEY_ENV_MESSAGE);

export const ModelRunSchema = z
  .object({ contextSize, threads, gpuLayers, temperature: z.number().min(0).max(2).nullable() })
  .strict();

const fileRoot = z
  .string()
  .min(1)
  .max(4096)
  .refine((p) => isAbsolute(p) && !p.includes('\0') && !p.split(/[\\/]+/).includes('..'), {
    message: "must be an absolute path without '..'",
  });
const languageTag = z
  .string()
  .max(MAX_LANGUAGE_TAG_LENGTH)
  .regex(LANGUAGE_TAG, "must be a language tag such as 'en' or 'pt-BR', or '' for none");

/** Each setting's schema; objects are checked field by field, maps entry by entry, lists element by element. */
export const FIELDS = {
  theme: z.enum(['light', 'dark', 'system']),
  defaultModel: z.string().max(4096).nullable(),
  local: z.object({ threads, gpuLayers, contextSize }),
  openai: z.object({
    baseUrl: z.string().max(2048).nullable(),
    model: z.string().max(512).nullable(),
    apiKeyEnv: keyEnv.nullable(),
  }),
  personas: z.record(z.string().max(4000)),
  models: z
    .record(z.string().min(1).max(4096), ModelRunSchema)
    .refine((m) => Object.keys(m).length <= 500, 'at most 500 models have run settings'),
  fileRoots: z.array(fileRoot).max(50).nullable(),
  nameLanguages: z
    .array(languageTag)
    .min(1, "must name at least one language ('' for labels without a tag)")
    .max(MAX_LANGUAGES)
    .transform((l) => normaliseLanguages(l)),
  agentDriver: z.enum(['auto', 'policy', 'react']),
  apiKeys: z
    .record(z.string().regex(HOST, 'must be a host such as api.openai.com or 127.0.0.1:8080'), keyEnv)
    .refine((m) => Object.keys(m).length <= 100, 'at most 100 hosts have keys'),
  dlDeadlineMs: z.number().int().min(100).max(600_000),
} satisfies { [K in keyof Settings]: z.ZodType<Settings[K], z.ZodTypeDef, unknown> };

export const SettingsSchema = z.object(FIELDS).strict();

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
  apiKeys: { 'api.openai.com': 'OPENAI_API_KEY' },
  dlDeadlineMs: 2000,
};

type Key = keyof Settings;

/**
 * Stored settings as far as they are valid: every entry that is not is left out (its default kept)
 * and named in `problems`, so one bad entry never costs the theme, the default model or the personas.
 */
export function salvageSettings(raw: unknown): { settings: Settings; problems: string[] } {
  const problems: string[] = [];
  const out = structuredClone(DEFAULT_SETTINGS) as Record<Key, unknown>;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    if (raw !== undefined) problems.push('the file does not hold a JSON object; every setting is at its default');
    return { settings: out as Settings, problems };
  }
  for (const [key, value] of Object.entries(raw)) {
    if (!Object.hasOwn(FIELDS, key)) {
      problems.push(`${JSON.stringify(key.slice(0, 60))} is not a setting; it was ignored`);
      continue;
    }
    const k = key as Key;
    const whole = FIELDS[k].safeParse(value);
    if (whole.success) out[k] = whole.data;
    else out[k] = salvageField(k, value, problems);
  }
  return { settings: out as Settings, problems };
}

/** The valid part of one invalid setting: the fields of an object, the entries of a map, the elements of a list. */
function salvageField(k: Key, value: unknown, problems: string[]): unknown {
  const fallback = structuredClone(DEFAULT_SETTINGS[k]);
  const refuse = (where: string, issue: z.ZodIssue | undefined) =>
    problems.push(`${where}: ${issue?.message ?? 'invalid'}; it was ignored`);
  const schema = FIELDS[k];
  if (schema instanceof z.ZodObject && value && typeof value === 'object' && !Array.isArray(value)) {
    const shape = schema.shape as Record<string, z.ZodTypeAny>;
    const obj = { ...(fallback as Record<string, unknown>) };
    for (const [f, v] of Object.entries(value)) {
      const r = Object.hasOwn(shape, f) ? shape[f].safeParse(v) : null;
      if (r?.success) obj[f] = r.data;
      else if (r) refuse(`${k}.${f}`, r.error.issues[0]);
      else problems.push(`${k}.${f} is not a setting; it was ignored`);
    }
    return obj;
  }
  if (
    (k === 'personas' || k === 'models' || k === 'apiKeys') &&
    value &&
    typeof value === 'object' &&
    !Array.isArray(value)
  ) {
    const map: Record<string, unknown> = {};
    for (const [name, v] of Object.entries(value)) {
      const r = FIELDS[k].safeParse({ [name]: v });
      if (r.success && Object.keys(r.data).length) Object.assign(map, r.data);
      else refuse(`${k}[${JSON.stringify(name.slice(0, 80))}]`, r.success ? undefined : r.error.issues[0]);
    }
    return FIELDS[k].safeParse(map).success ? map : fallback;
  }
  if ((k === 'fileRoots' || k === 'nameLanguages') && Array.isArray(value)) {
    const element = k === 'fileRoots' ? fileRoot : languageTag;
    const kept = value.filter((v, i) => {
      const r = element.safeParse(v);
      if (!r.success) refuse(`${k}[${i}]`, r.error.issues[0]);
      return r.success;
    });
    const r = FIELDS[k].safeParse(kept);
    if (r.success) return r.data;
    refuse(k, r.error.issues[0]);
    return fallback;
  }
  refuse(k, FIELDS[k].safeParse(value).error?.issues[0]);
  return fallback;
}
