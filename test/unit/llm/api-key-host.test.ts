import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelsService } from '../../../src-main/llm/service/models-service';
import { apiKeyEnvFor, isLoopbackHost, serverHost } from '../../../src-main/llm/openai/api-key';
import { DEFAULT_SETTINGS } from '../../../src-main/settings/settings-store';
import type { Settings } from '../../../src-main/settings/settings-types';
import { startFakeLlm, type FakeLlm } from '../../support/fake-llm-server';

/**
 * Issue #27 item 4: an API key goes only to the host it was configured for, a server on this machine
 * gets none unless one is configured for it, and only variables named like keys are read.
 */
const messages = [{ role: 'user' as const, content: 'hi' }];

describe('which host a key is for', () => {
  const s = (over: Partial<Settings>): Settings => ({ ...DEFAULT_SETTINGS, ...over });

  it('reads hosts as URLs spell them and knows loopback ones', () => {
    expect(serverHost('http://127.0.0.1:8080/v1')).toBe('127.0.0.1:8080');
    expect(serverHost('https://API.OpenAI.com/v1/chat/completions')).toBe('api.openai.com');
    for (const h of ['localhost:1', '127.0.0.1', '127.9.9.9:80', '[::1]:8080', 'x.localhost', '0.0.0.0:5'])
      expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['api.openai.com', '10.0.0.5:8000', '[2001:db8::1]', 'localhost.example.com'])
      expect(isLoopbackHost(h), h).toBe(false);
  });

  it('OPENAI_API_KEY is for api.openai.com by default, and for no other server', () => {
    expect(apiKeyEnvFor('https://api.openai.com/v1', DEFAULT_SETTINGS)).toEqual({
      env: 'OPENAI_API_KEY',
      from: 'apiKeys',
    });
    expect(apiKeyEnvFor('http://127.0.0.1:8080/v1', DEFAULT_SETTINGS)).toBeNull();
    expect(apiKeyEnvFor('https://evil.example/v1', DEFAULT_SETTINGS)).toBeNull();
    expect(apiKeyEnvFor('https://api.openai.com.evil.example/v1', DEFAULT_SETTINGS)).toBeNull();
  });

  it("the server form's variable is for the form's host, never for a loopback one; apiKeys names any host", () => {
    const form = s({ openai: { baseUrl: 'https://llm.lab.example/v1', model: null, apiKeyEnv: 'LAB_API_KEY' } });
    expect(apiKeyEnvFor('https://llm.lab.example/v1', form)?.env).toBe('LAB_API_KEY');
    expect(apiKeyEnvFor('https://other.example/v1', form)).toBeNull();
    const local = s({ openai: { baseUrl: 'http://127.0.0.1:8080', model: null, apiKeyEnv: 'OPENAI_API_KEY' } });
    expect(apiKeyEnvFor('http://127.0.0.1:8080/v1', local)).toBeNull();
    const listed = s({ apiKeys: { '127.0.0.1:8080': 'LLAMA_TOKEN' } });
    expect(apiKeyEnvFor('http://127.0.0.1:8080/v1', listed)?.env).toBe('LLAMA_TOKEN');
    expect(apiKeyEnvFor('http://127.0.0.1:8081/v1', listed)).toBeNull();
  });
});

describe('keys on the wire, through ModelsService as the app builds backends', () => {
  let a: FakeLlm;
  let b: FakeLlm;
  beforeAll(async () => {
    a = await startFakeLlm();
    b = await startFakeLlm();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });
  const service = (settings: Settings, env: NodeJS.ProcessEnv) =>
    new ModelsService(
      '/nonexistent',
      () => settings,
      process.cwd(),
      () => null,
      { env },
    );
  const auths = (f: FakeLlm) => f.chats().map((r) => r.auth);

  it('a local server gets no OPENAI_API_KEY with the default settings', async () => {
    const before = a.chats().length;
    const be = await service(DEFAULT_SETTINGS, { OPENAI_API_KEY: 'sk-secret-openai' }).create(`openai:${a.url}#m`);
    await be.chat(messages, { maxTokens: 5 });
    expect(auths(a).slice(before)).toEqual([undefined]);
  });

  it('a key configured for one local server goes there and nowhere else', async () => {
    const host = new URL(a.url).host;
    const settings = { ...DEFAULT_SETTINGS, apiKeys: { [host]: 'LLAMA_API_KEY' } };
    const env = { LLAMA_API_KEY: 'sk-llama-1', OPENAI_API_KEY: 'sk-secret-openai' };
    const before = [a.chats().length, b.chats().length];
    await (await service(settings, env).create(`openai:${a.url}#m`)).chat(messages, { maxTokens: 5 });
    await (await service(settings, env).create(`openai:${b.url}#m`)).chat(messages, { maxTokens: 5 });
    expect(auths(a).slice(before[0])).toEqual(['Bearer sk-llama-1']);
    expect(auths(b).slice(before[1])).toEqual([undefined]);
  });

  it('a variable not named like a key is never read, even if the settings object names it', async () => {
    const host = new URL(a.url).host;
    const settings = { ...DEFAULT_SETTINGS, apiKeys: { [host]: 'SECTEST_DB_PASSWORD' } };
    const before = a.seen.length;
    const made = await service(settings, { SECTEST_DB_PASSWORD: 'hunter2' })
      .create(`openai:${a.url}#m`)
      .then(
        () => 'created',
        (e: { code?: string; message: string }) => `${e.code}: ${e.message}`,
      );
    expect(made).toMatch(/^bad-spec: SECTEST_DB_PASSWORD is not read as an API key/);
    expect(made).not.toContain('hunter2');
    expect(a.seen.slice(before).map((r) => r.auth)).not.toContain('Bearer hunter2');
  });
});
