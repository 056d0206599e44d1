import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runArgs, usage } from '../../../src-main/cli/run-args';
import { Container } from '../../../src-main/container';
import { LocalLlamaBackend } from '../../../src-main/llm/local/local-llama-backend';
import { writeTinyGguf } from '../../support/gguf/write-tiny-gguf';
import { tempDir } from '../../support/temp-dir';

/**
 * bin/oarag.mjs and the bundle scripts/build-cli.mjs makes: the bundle is built on first start and
 * rebuilt whenever a file it was made from changed, never run stale; it answers as the sources do, and
 * its workers (cache writer, SPARQL, model process) start from the bundle. The build goes to an out
 * folder of its own, so this file never touches the out/cli a developer uses.
 */

const ROOT = resolve(__dirname, '..', '..', '..');
const LAUNCHER = join(ROOT, 'bin', 'oarag.mjs');
const OUT = join(ROOT, 'out', `cli-test-${process.pid}`);
const dir = tempDir('oarag-bundle-');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  OARAG_CLI_OUT: OUT,
  OARAG_CACHE_DIR: join(dir.path, 'cache'),
  OARAG_DATA_DIR: join(dir.path, 'data'),
};
delete env.OARAG_DEBUG;
const CARDIO = join(dir.path, 'cardio.ofn');

function oarag(args: string[], extraEnv: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [LAUNCHER, ...args], {
    cwd: dir.path,
    env: { ...env, ...extraEnv },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

interface Pointer {
  dir: string;
  inputs: [string, number, number][];
}
const pointer = (): Pointer => JSON.parse(readFileSync(join(OUT, 'current.json'), 'utf8')) as Pointer;
const writePointer = (p: Pointer) => writeFileSync(join(OUT, 'current.json'), JSON.stringify(p));

beforeAll(() => {
  copyFileSync(join(ROOT, 'resources', 'samples', 'cardio.ofn'), CARDIO);
});
afterAll(() => {
  rmSync(OUT, { recursive: true, force: true });
  dir.cleanup();
});

describe('the bundled command line', () => {
  it('builds on first start and prints the same usage as the sources', () => {
    const r = oarag(['--help']);
    expect(r.err).toBe('');
    expect(r.out).toBe(usage());
    const p = pointer();
    expect(p.dir).toMatch(/^b[0-9a-z]+-\d+$/);
    const files = p.inputs.map((i) => i[0]);
    expect(files).toContain('src-main/cli/bin.ts');
    expect(files).toContain('src-main/container.ts');
    expect(files).toContain('scripts/build-cli.mjs');
  });

  it('reuses the build while nothing it was made from changed', () => {
    const before = pointer().dir;
    expect(oarag(['--help']).code).toBe(0);
    expect(pointer().dir).toBe(before);
  });

  it('rebuilds before running when a source changed or went missing', () => {
    const p = pointer();
    const i = p.inputs.findIndex((x) => x[0] === 'src-main/cli/run-args.ts');
    expect(i).toBeGreaterThanOrEqual(0);
    p.inputs[i] = [p.inputs[i][0], p.inputs[i][1] - 1000, p.inputs[i][2]];
    writePointer(p);
    expect(oarag(['--help']).out).toBe(usage());
    const rebuilt = pointer();
    expect(rebuilt.dir).not.toBe(p.dir);

    rebuilt.inputs.push(['src-main/no-such-module.ts', 1, 1]);
    writePointer(rebuilt);
    expect(oarag(['--help']).code).toBe(0);
    expect(pointer().dir).not.toBe(rebuilt.dir);
  });

  it('refuses to start, with the reason, when the bundle is stale and cannot be rebuilt', () => {
    const blocked = join(dir.path, 'not-a-folder');
    writeFileSync(blocked, 'x');
    const r = oarag(['--help'], { OARAG_CLI_OUT: blocked });
    expect(r.code).toBe(70);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/the CLI bundle is missing or older than its sources, and rebuilding it failed/);
  });

  it('answers a query and a SPARQL query as the sources do (cache writer and SPARQL workers from the bundle)', async () => {
    const q = 'DESCRIBE "viral myocarditis"';
    const bundled = oarag(['query', '--ontology', CARDIO, q]);
    expect(bundled.err).toBe('');
    expect(bundled.code).toBe(0);
    const c = new Container({ cacheDir: join(dir.path, 'cache2'), dataDir: join(dir.path, 'data2'), env: {} });
    await c.start();
    let fromSources = '';
    try {
      const io = {
        stdout: (s: string) => void (fromSources += s),
        stderr: () => {},
        isTTY: false,
        env: {},
        cwd: dir.path,
      };
      expect(await runArgs(['query', '--ontology', CARDIO, q], io, c)).toBe(0);
    } finally {
      await c.stop();
    }
    expect(bundled.out).toBe(fromSources);
    expect(bundled.out).toMatch(/^name: viral myocarditis/);

    const sparql = oarag([
      'sparql',
      '--ontology',
      CARDIO,
      '--json',
      'SELECT (COUNT(*) AS ?n) WHERE { ?s <http://www.w3.org/2000/01/rdf-schema#subClassOf> ?o }',
    ]);
    expect(sparql.err).toBe('');
    const rows = (JSON.parse(sparql.out) as { rows: Record<string, string>[] }).rows;
    expect(Number(rows[0].n.replace(/^"?(\d+).*$/, '$1'))).toBeGreaterThan(0);
  });

  it('serves MCP tools/list over stdio', async () => {
    const child = spawn(process.execPath, [LAUNCHER, 'mcp', '--ontology', CARDIO], { cwd: dir.path, env });
    const replies: { id?: number; result?: { tools?: { name: string }[] } }[] = [];
    let buf = '';
    const done = new Promise<void>((resolveDone) => {
      child.stdout.on('data', (d: Buffer) => {
        buf += d.toString();
        for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
          const msg = JSON.parse(buf.slice(0, nl)) as (typeof replies)[number];
          buf = buf.slice(nl + 1);
          replies.push(msg);
          if (msg.id === 1) {
            child.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
            child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) + '\n');
          } else if (msg.id === 2) {
            child.stdin.end();
            resolveDone();
          }
        }
      });
    });
    child.stdin.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }) + '\n',
    );
    await done;
    const exit = await new Promise<number | null>((r) => child.on('close', r));
    expect(exit).toBe(0);
    const names = replies.find((m) => m.id === 2)?.result?.tools?.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['describe', 'ask', 'select', 'search', 'sparql']));
  });

  it('starts the model process from the bundle (tiny random model)', async () => {
    const model = join(dir.path, 'tiny.gguf');
    writeTinyGguf(model, { seed: 7 });
    const backend = new LocalLlamaBackend({
      modelPath: model,
      gpu: false,
      threads: 1,
      contextSize: 2048,
      asciiOnly: true,
      workerPath: join(OUT, pointer().dir, 'llama-worker.js'),
    });
    try {
      await backend.start();
      const r = await backend.chat([{ role: 'user', content: 'hello' }], { maxTokens: 5, seed: 1 });
      expect(r.outputTokens).toBeGreaterThan(0);
      expect(backend.info?.pid).not.toBe(process.pid);
    } finally {
      await backend.stop();
    }
  });
});
