import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pick, seededRandom } from '../../src-main/core/random';
import { ModelsService } from '../../src-main/llm/service/models-service';
import { OntologyService } from '../../src-main/ontology/ontology-service';
import { DEFAULT_SETTINGS } from '../../src-main/settings/settings-store';
import type { Settings } from '../../src-main/settings/settings-types';
import { startServer } from '../e2e/support/server';
import { startFakeLlm, type FakeLlm } from '../support/fake-llm-server';
import { tempDir } from '../support/temp-dir';
import { WsRpc } from '../support/ws-rpc';
import { FuzzTally } from './fuzz-report';

/**
 * Standing fuzz suite, issue #27 configuration families: settings files a server must start with
 * (item 6), API keys and the hosts they go to (item 4), and the smaller defects (item 9: language
 * spellings and cache variants, --languages bounds, `| head`, missing-import folders). Seeded.
 */
const SEED = Number(process.env.OARAG_FUZZ_SEED ?? 27);
const REPO = resolve(__dirname, '..', '..');
const SAMPLE = join(REPO, 'resources', 'samples', 'cardio.ofn');
const tally = new FuzzTally();
const dir = tempDir('oarag-fuzz27-config-');

function sh(script: string, env: NodeJS.ProcessEnv, ms = 60_000) {
  return new Promise<{ code: number | null; err: string }>((done) => {
    const p = spawn('bash', ['-o', 'pipefail', '-c', script], { cwd: REPO, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const t = setTimeout(() => p.kill('SIGKILL'), ms);
    p.on('exit', (code) => (clearTimeout(t), done({ code, err })));
  });
}

describe('fuzz: issue #27 configuration', () => {
  afterAll(() => {
    tally.print();
    dir.cleanup();
  });

  it('settings-file: the server starts whatever settings.json holds, keeps the good entries and names the bad ones', async () => {
    const rand = seededRandom(SEED);
    const good = { theme: 'dark', defaultModel: '/m/a.gguf', personas: { '/o/x.owl': 'A curator.' } };
    const bad: Record<string, unknown> = {
      fileRoots: ['/ok', '/a/../etc'],
      nameLanguages: ['en', 'not a tag!'],
      openai: { baseUrl: null, model: null, apiKeyEnv: 'SECTEST_DB_PASSWORD' },
      apiKeys: { 'api.openai.com': 'HOME' },
      local: { threads: -4, gpuLayers: 'auto', contextSize: 8192 },
      models: { '/m/a.gguf': { threads: 'many' } },
      unknownSetting: 1,
    };
    const shapes: Record<string, (p: string) => void> = {
      'one bad entry': (p) => {
        const k = pick(rand, Object.keys(bad));
        writeFileSync(p, JSON.stringify({ ...good, [k]: bad[k] }));
      },
      'several bad entries': (p) => writeFileSync(p, JSON.stringify({ ...good, ...bad })),
      'a named pipe': (p) => execFileSync('mkfifo', [p]),
      'a folder': (p) => mkdirSync(p),
      'a link to /dev/zero': (p) => symlinkSync('/dev/zero', p),
      'not JSON': (p) => writeFileSync(p, '{"theme": "dark",'),
      'a JSON array': (p) => writeFileSync(p, '[1,2,3]'),
      '5 MiB': (p) => writeFileSync(p, JSON.stringify({ ...good, personas: { x: 'y'.repeat(5 * 2 ** 20) } })),
    };
    for (const [name, make] of Object.entries(shapes)) {
      let detail = '';
      let clean = false;
      try {
        const s = await startServer({}, ({ dataDir }) => make(join(dataDir, 'settings.json')));
        try {
          const rpc = await WsRpc.connect(s.port, s.token);
          const info = (await rpc.call('app.info', {}, 10_000)).result as { settingsProblems: string[] };
          const settings = (await rpc.call('settings.get', {}, 10_000)).result as Settings;
          rpc.close();
          const keptGood = settings.theme === 'dark' && settings.personas['/o/x.owl'] === 'A curator.';
          const entryShape = name.endsWith('entry') || name.endsWith('entries');
          clean =
            info.settingsProblems.length > 0 &&
            (!entryShape || (keptGood && info.settingsProblems.every((p) => /^settings\.json: \S+/.test(p)))) &&
            !JSON.stringify(settings).includes('SECTEST') &&
            !JSON.stringify(settings).includes('/a/../etc');
          detail = `started; ${info.settingsProblems.length} named: ${info.settingsProblems[0]?.slice(0, 90)}`;
        } finally {
          await s.stop();
        }
      } catch (e) {
        detail = String(e).slice(0, 120);
      }
      tally.record('settings-file', `${name} -> ${detail}`, clean);
    }
    expect(tally.bad('settings-file')).toEqual([]);
  });

  describe('api-keys', () => {
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

    it('a key goes only to the host configured for it, only from a variable named like a key', async () => {
      const rand = seededRandom(SEED + 1);
      const hostA = new URL(a.url).host;
      const hostB = new URL(b.url).host;
      const names = [
        'LLAMA_API_KEY',
        'LAB_TOKEN',
        'OPENAI_API_KEY',
        'SECTEST_DB_PASSWORD',
        'HOME',
        'api_key',
        'X_API_KEYS',
      ];
      const env: NodeJS.ProcessEnv = {};
      for (const n of names) env[n] = `value-of-${n}`;
      const valid = (n: string) => /^[A-Z][A-Z0-9_]*_(API_KEY|TOKEN)$/.test(n);
      for (let i = 0; i < 24; i++) {
        const apiKeys: Record<string, string> = {};
        if (rand() < 0.7)
          apiKeys[pick(rand, [hostA, hostB, 'api.openai.com', '127.0.0.1', `localhost:${hostA.split(':')[1]}`])] = pick(
            rand,
            names,
          );
        const formHost = pick(rand, [hostA, 'llm.example', null]);
        const settings: Settings = {
          ...DEFAULT_SETTINGS,
          apiKeys: { ...DEFAULT_SETTINGS.apiKeys, ...apiKeys },
          openai: { baseUrl: formHost ? `http://${formHost}/v1` : null, model: null, apiKeyEnv: pick(rand, names) },
        };
        const target = pick(rand, [a, b]);
        const host = new URL(target.url).host;
        // The oracle: only an apiKeys entry for exactly this host (both are loopback servers).
        const listed = Object.hasOwn(settings.apiKeys, host) ? settings.apiKeys[host] : null;
        const before = target.chats().length;
        const svc = new ModelsService(
          '/nonexistent',
          () => settings,
          process.cwd(),
          () => null,
          { env },
        );
        const outcome = await svc.create(`openai:${target.url}#m`).then(
          async (be) => (await be.chat([{ role: 'user', content: 'hi' }], { maxTokens: 3 }), 'sent'),
          (e: { code?: string }) => `refused ${e.code}`,
        );
        const auth = target
          .chats()
          .slice(before)
          .map((r) => r.auth)[0];
        const clean =
          listed === null
            ? outcome === 'sent' && auth === undefined
            : valid(listed)
              ? outcome === 'sent' && auth === `Bearer value-of-${listed}`
              : outcome === 'refused bad-spec' && auth === undefined;
        tally.record(
          'api-keys',
          `${JSON.stringify(apiKeys)} form ${formHost} -> ${host === hostA ? 'A' : 'B'}: ${outcome}, ${auth ?? 'no key'}`,
          clean,
        );
      }
      expect(tally.bad('api-keys')).toEqual([]);
    });
  });

  it('small-defects: spellings share a cache entry, variants are evicted, --languages is bounded, pipes end quietly, no import folders are left', async () => {
    const rand = seededRandom(SEED + 2);
    const cacheDir = join(dir.path, 'lang-cache');
    const entries = () => readdirSync(cacheDir).filter((n) => /^[0-9a-f]+\.sqlite$/.test(n)).length;
    const open = async (languages: string[]) => {
      const s = new OntologyService({ cacheDir, appVersion: 'fuzz' });
      s.start();
      try {
        return (await s.open(SAMPLE, { naming: { languages } })).summary.cache;
      } finally {
        await s.stop();
      }
    };
    const spell = () => {
      const tags = [
        'en',
        ...(rand() < 0.5 ? ['EN'] : []),
        ...(rand() < 0.5 ? ['en-GB'] : []),
        '',
        ...(rand() < 0.5 ? [''] : []),
      ];
      return tags.map((t) => (rand() < 0.5 ? t.toUpperCase() : t));
    };
    for (let i = 0; i < 5; i++) {
      const langs = spell();
      const cache = await open(langs);
      tally.record(
        'small-defects',
        `spelling ${JSON.stringify(langs)} -> ${cache}, ${entries()} entries`,
        entries() === 1 && (i === 0 || cache === 'hit'),
      );
    }
    for (const l of ['de', 'fr', 'es', 'it']) await open([l, '']);
    tally.record('small-defects', `five preferences of one file -> ${entries()} entries kept`, entries() === 3);
    const env = {
      ...process.env,
      OARAG_CACHE_DIR: join(dir.path, 'cli-cache'),
      OARAG_DATA_DIR: join(dir.path, 'cli-data'),
    };
    const oarag = `${JSON.stringify(process.execPath)} --import tsx src-main/cli/bin.ts`;
    const many = Array.from({ length: 11 + Math.floor(rand() * 5000) }, (_, i) => `x${i.toString(36)}`).join(',');
    const r = await sh(`${oarag} load ${JSON.stringify(SAMPLE)} --languages ${many}`, env);
    tally.record(
      'small-defects',
      `--languages with ${many.split(',').length} tags -> rc ${r.code}`,
      r.code === 2 && /at most 10 tags/.test(r.err),
    );
    const piped = await sh(`${oarag} query --ontology ${JSON.stringify(SAMPLE)} 'DESCRIBE "heart"' | true`, env);
    tally.record(
      'small-defects',
      `query | true -> rc ${piped.code} ${piped.err.slice(0, 60)}`,
      piped.code === 0 && !/EPIPE|Error/.test(piped.err),
    );
    const iri = `http://oarag-fuzz-${process.pid}-${Date.now()}.example/gone.owl`;
    const withImport = join(dir.path, 'with-import.ofn');
    writeFileSync(
      withImport,
      `Prefix(:=<http://x/>)\nOntology(<http://x/o>\nImport(<${iri}>)\nDeclaration(Class(:A))\n)\n`,
    );
    const loaded = await sh(`${oarag} load ${JSON.stringify(withImport)}`, env);
    tally.record('small-defects', `load with a missing import -> rc ${loaded.code}`, loaded.code === 0);
    const found = execFileSync('bash', [
      '-c',
      `grep -rl ${JSON.stringify(iri)} /tmp/oarag-missing-imports* /tmp/oarag-jvm-* 2>/dev/null || true`,
    ]).toString();
    tally.record(
      'small-defects',
      `stand-ins left for the missing import: ${found.trim() || 'none'}`,
      found.trim() === '',
    );
    expect(tally.bad('small-defects')).toEqual([]);
  });
});
