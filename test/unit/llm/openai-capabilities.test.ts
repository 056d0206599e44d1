import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Container } from '../../../src-main/container';
import { CAPABILITY_FILE, forgetCapabilitiesInMemory } from '../../../src-main/llm/openai/capabilities';
import { OpenAiBackend, type OpenAiBackendOptions } from '../../../src-main/llm/openai/openai-backend';
import { startFakeLlm, type FakeLlm, type FakeLlmOptions } from '../../support/fake-llm-server';
import { tempDir } from '../../support/temp-dir';

const servers: FakeLlm[] = [];
const dirs: { cleanup(): void }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  dirs.splice(0).forEach((d) => d.cleanup());
});

async function setup(o: FakeLlmOptions) {
  const s = await startFakeLlm(o);
  servers.push(s);
  const d = tempDir('oarag-caps-');
  dirs.push(d);
  const make = (extra: Partial<OpenAiBackendOptions> = {}) =>
    new OpenAiBackend({ baseUrl: s.url, model: 'm', capabilityCacheDir: d.path, retry: { maxRetries: 0 }, ...extra });
  return { s, dir: d.path, make };
}

const CASES: {
  name: string;
  server: FakeLlmOptions;
  want: { grammar: boolean; tools: boolean; jsonSchema: boolean };
  grammarProbe: boolean;
}[] = [
  {
    name: 'llama.cpp server (GET /props)',
    server: { grammar: 'props', tools: true, jsonSchema: true, unsupported: 'reject' },
    want: { grammar: true, tools: true, jsonSchema: true },
    grammarProbe: false,
  },
  {
    name: 'grammar honoured without /props',
    server: { grammar: 'field', tools: false, jsonSchema: true, unsupported: 'ignore' },
    want: { grammar: true, tools: false, jsonSchema: true },
    grammarProbe: true,
  },
  {
    name: 'vLLM-like: tools and json_schema, unknown fields ignored',
    server: { grammar: 'none', tools: true, jsonSchema: true, unsupported: 'ignore' },
    want: { grammar: false, tools: true, jsonSchema: true },
    grammarProbe: true,
  },
  {
    name: 'tools only, response_format ignored',
    server: { grammar: 'none', tools: true, jsonSchema: false, unsupported: 'ignore' },
    want: { grammar: false, tools: true, jsonSchema: false },
    grammarProbe: true,
  },
  {
    name: 'json_schema only, unknown fields refused with 400',
    server: { grammar: 'none', tools: false, jsonSchema: true, unsupported: 'reject' },
    want: { grammar: false, tools: false, jsonSchema: true },
    grammarProbe: true,
  },
  {
    name: 'plain text, everything refused',
    server: { grammar: 'none', tools: false, jsonSchema: false, unsupported: 'reject' },
    want: { grammar: false, tools: false, jsonSchema: false },
    grammarProbe: true,
  },
  {
    name: 'plain text, everything ignored',
    server: { grammar: 'none', tools: false, jsonSchema: false, unsupported: 'ignore' },
    want: { grammar: false, tools: false, jsonSchema: false },
    grammarProbe: true,
  },
];

describe('OpenAiBackend.capabilities: detected once per server and model, then cached', () => {
  for (const c of CASES) {
    it(`${c.name} → ${JSON.stringify(c.want)}, cached in memory and on disk`, async () => {
      const { s, dir, make } = await setup(c.server);
      expect(await make().capabilities()).toEqual(c.want);
      const probes = s.chats();
      // Without strict json_schema, json_object with a schema (llama-cpp-python's form) is tried too.
      expect(probes).toHaveLength((c.grammarProbe ? 3 : 2) + (c.want.jsonSchema ? 0 : 1));
      // Probes are tiny.
      for (const p of probes) expect(p.body!.max_tokens).toBeLessThanOrEqual(96);
      expect(probes.some((p) => p.body!.tool_choice === 'required')).toBe(true);
      expect(probes.some((p) => p.body!.response_format?.json_schema?.strict === true)).toBe(true);
      expect(probes.some((p) => typeof p.body!.grammar === 'string')).toBe(c.grammarProbe);

      const file = JSON.parse(readFileSync(join(dir, CAPABILITY_FILE), 'utf8'));
      const entry = file.servers[`${s.url}/chat/completions#m`];
      expect(entry).toMatchObject(c.want);
      expect(Date.now() - Date.parse(entry.detectedAt)).toBeLessThan(60_000);

      const before = s.seen.length;
      expect(await make().capabilities()).toEqual(c.want); // a second backend: from memory
      forgetCapabilitiesInMemory();
      expect(await make().capabilities()).toEqual(c.want); // a new process: from the file
      expect(s.seen.length).toBe(before);
    });
  }

  it('probes again after 7 days, and after the file was damaged', async () => {
    const { s, dir, make } = await setup({ grammar: 'none', tools: true, jsonSchema: false, unsupported: 'ignore' });
    await make().capabilities();
    const file = join(dir, CAPABILITY_FILE);
    const data = JSON.parse(readFileSync(file, 'utf8'));
    const key = `${s.url}/chat/completions#m`;
    data.servers[key].detectedAt = new Date(Date.now() - 8 * 24 * 3600 * 1000).toISOString();
    writeFileSync(file, JSON.stringify(data));
    forgetCapabilitiesInMemory();
    let n = s.chats().length;
    expect(await make().capabilities()).toEqual({ grammar: false, tools: true, jsonSchema: false });
    expect(s.chats().length).toBe(n + 4);
    expect(Date.now() - Date.parse(JSON.parse(readFileSync(file, 'utf8')).servers[key].detectedAt)).toBeLessThan(
      60_000,
    );

    writeFileSync(file, '\u0000\u0001 not json {{{');
    forgetCapabilitiesInMemory();
    n = s.chats().length;
    expect(await make().capabilities()).toEqual({ grammar: false, tools: true, jsonSchema: false });
    expect(s.chats().length).toBe(n + 4);
    expect(JSON.parse(readFileSync(file, 'utf8')).servers[key]).toMatchObject({ tools: true });
  });

  it('the model is part of the key: another model on the same server is probed on its own', async () => {
    const { s, make } = await setup({ grammar: 'none', tools: true, jsonSchema: true });
    await make().capabilities();
    const n = s.chats().length;
    await make({ model: 'other' }).capabilities();
    expect(s.chats().length).toBe(n + 3);
    expect(s.chats().at(-1)!.body!.model).toBe('other');
  });

  it('concurrent callers share one detection', async () => {
    const { s, make } = await setup({ grammar: 'none', tools: true, jsonSchema: true, latencyMs: 50 });
    const b = make();
    const all = await Promise.all([b.capabilities(), b.capabilities(), make().capabilities(), make().capabilities()]);
    for (const r of all) expect(r).toEqual({ grammar: false, tools: true, jsonSchema: true });
    expect(s.chats()).toHaveLength(3);
  });

  it('a busy server (503) is inconclusive: nothing is written to disk', async () => {
    const { s, dir, make } = await setup({ failWith: 503 });
    expect(await make().capabilities()).toEqual({ grammar: false, tools: false, jsonSchema: false });
    expect(() => readFileSync(join(dir, CAPABILITY_FILE))).toThrow(/ENOENT/);
    // Not repeated for every question meanwhile.
    const n = s.seen.length;
    await make().capabilities();
    expect(s.seen.length).toBe(n);
  });

  it('detection is bounded by the deadline and cancellable', async () => {
    const { make } = await setup({ latencyMs: 60_000 });
    const t0 = performance.now();
    expect(await make({ deadlineMs: 400 }).capabilities()).toEqual({ grammar: false, tools: false, jsonSchema: false });
    expect(performance.now() - t0).toBeLessThan(2000);

    const { make: make2 } = await setup({ latencyMs: 60_000 });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    const t1 = performance.now();
    await expect(make2().capabilities(ac.signal)).rejects.toMatchObject({ code: 'aborted' });
    expect(performance.now() - t1).toBeLessThan(1000);
  });

  it('jsonSchemaMode "prompt" (or a server that refused json_schema in a call) means no json_schema claimed', async () => {
    const { make } = await setup({ grammar: 'none', tools: true, jsonSchema: true });
    expect((await make({ jsonSchemaMode: 'prompt' }).capabilities()).jsonSchema).toBe(false);
  });

  it('probes carry the API key', async () => {
    const { s, make } = await setup({ apiKey: 'sk-probe-1', tools: true, jsonSchema: true });
    expect(
      await make({ apiKeyEnv: 'OARAG_TEST_API_KEY', env: { OARAG_TEST_API_KEY: 'sk-probe-1' } }).capabilities(),
    ).toEqual({
      grammar: false,
      tools: true,
      jsonSchema: true,
    });
    expect(s.seen.every((r) => r.auth === 'Bearer sk-probe-1')).toBe(true);
  });

  it("the app's backends (Container → ModelsService) remember capabilities in the cache folder and send the settings' key", async () => {
    const s = await startFakeLlm({ grammar: 'props', tools: true, jsonSchema: false, apiKey: 'sk-container-9' });
    servers.push(s);
    const d = tempDir('oarag-caps-container-');
    dirs.push(d);
    const c = new Container({
      cacheDir: join(d.path, 'cache'),
      dataDir: join(d.path, 'data'),
      env: { LLAMA_API_KEY: 'sk-container-9' },
    });
    try {
      // A loopback server gets a key only through an apiKeys entry for its host (issue #27 item 4).
      await c.start();
      c.settings.set({ apiKeys: { [new URL(s.url).host]: 'LLAMA_API_KEY' } });
      const b = await c.createBackend(`openai:${s.url}#m`);
      expect(await b.capabilities!()).toEqual({ grammar: true, tools: true, jsonSchema: false });
      const file = JSON.parse(readFileSync(join(d.path, 'cache', CAPABILITY_FILE), 'utf8'));
      expect(file.servers[`${s.url}/chat/completions#m`]).toMatchObject({
        grammar: true,
        tools: true,
        jsonSchema: false,
      });
      expect(s.seen.length).toBeGreaterThan(0);
      expect(s.seen.every((r) => r.auth === 'Bearer sk-container-9')).toBe(true);
    } finally {
      await c.stop();
    }
  });
});
