import { isIP } from 'node:net';
import { KEY_ENV } from '../../settings/settings-schema';
import type { Settings } from '../../settings/settings-types';
import { LlmError } from '../errors';
import { chatCompletionsUrl } from './openai-wire';

/**
 * Which API key goes to which server. A key is bound to the host it was configured for: the `apiKeys`
 * setting maps a host (`api.openai.com`, `10.0.0.5:8000`) to the environment variable holding its key,
 * and the server form's `openai.apiKeyEnv` holds the key of the server at `openai.baseUrl` only. A
 * server on this machine gets a key only through an `apiKeys` entry naming it (a local llama-server
 * has no business with an OpenAI key). Only variables named like keys (`*_API_KEY`, `*_TOKEN`) are
 * read, so a setting cannot send a password or any other variable as a Bearer token.
 */
export const API_KEY_ENV = KEY_ENV;
export const API_KEY_ENV_RULE = 'a variable named like a key: capitals, digits and _, ending in _API_KEY or _TOKEN';

/** The host a server URL (as a model spec or the form gives it) is reached at, or null. */
export function serverHost(baseUrl: string): string | null {
  try {
    return new URL(chatCompletionsUrl(baseUrl)).host.toLowerCase();
  } catch {
    return null;
  }
}

export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) === 4) return name.startsWith('127.') || name === '0.0.0.0';
  if (isIP(name) === 6) return name === '::1' || name === '::' || /^::ffff:127\./.test(name);
  return false;
}

/** The variable whose value is the key for the server at `baseUrl`, or null: no key is sent there. */
export function apiKeyEnvFor(
  baseUrl: string,
  s: Pick<Settings, 'apiKeys' | 'openai'>,
): { env: string; from: 'apiKeys' | 'openai.apiKeyEnv' } | null {
  const host = serverHost(baseUrl);
  if (!host) return null;
  if (Object.hasOwn(s.apiKeys, host)) return { env: s.apiKeys[host], from: 'apiKeys' };
  const form = s.openai.apiKeyEnv;
  if (form && s.openai.baseUrl && serverHost(s.openai.baseUrl) === host && !isLoopbackHost(host))
    return { env: form, from: 'openai.apiKeyEnv' };
  return null;
}

/** The key from `apiKey` or the variable `apiKeyEnv` names; a value no HTTP header can carry is refused without quoting it. */
export function resolveApiKey(o: {
  apiKey?: string;
  apiKeyEnv?: string | null;
  env?: NodeJS.ProcessEnv;
}): string | undefined {
  if (o.apiKeyEnv && !API_KEY_ENV.test(o.apiKeyEnv))
    throw new LlmError(
      'bad-spec',
      `${o.apiKeyEnv.slice(0, 80)} is not read as an API key: it must be ${API_KEY_ENV_RULE}.`,
    );
  const fromEnv = o.apiKeyEnv ? (o.env ?? process.env)[o.apiKeyEnv] : undefined;
  const key = (o.apiKey ?? fromEnv)?.trim();
  if (!key) return undefined;
  if (/[^\x21-\x7e]/.test(key)) {
    const where = o.apiKey !== undefined ? 'The API key' : `The variable ${o.apiKeyEnv}`;
    throw new LlmError(
      'bad-spec',
      `${where} holds a value that cannot be sent as an API key (it contains spaces, line breaks or non-ASCII characters).`,
    );
  }
  return key;
}
