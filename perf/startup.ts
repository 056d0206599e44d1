/**
 * Start-up of the command line and the MCP server, as a user or an MCP client feels it: wall time from
 * spawning the process to its answer (for MCP, to the tools/list reply), median of --runs (default 10),
 * beside `node -e ''` measured in the same rounds. The cases run in turn within each round, so a burst
 * of load from other work hits all of them alike. Prints a table and one JSON document.
 * Options: --runs N, --ontology <file> (default the shared go-nucleus, else the bundled cardio sample),
 * --no-tsx (skip the same commands under tsx, for comparison), --no-npm (skip `npm run`).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { appRoot, resourcePath } from '../src-main/core/paths';
import { round, SHARED } from './perf-support';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    ontology: { type: 'string' },
    'no-tsx': { type: 'boolean' },
    'no-npm': { type: 'boolean' },
  },
});
const runs = Number(values.runs ?? 10);
const root = appRoot();
const nucleus = join(SHARED, 'go-nucleus.ofn');
const ontology = values.ontology ?? (existsSync(nucleus) ? nucleus : resourcePath('samples', 'cardio.ofn'));
const home = mkdtempSync(join(tmpdir(), 'oarag-startup-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  OARAG_CACHE_DIR: join(home, 'cache'),
  OARAG_DATA_DIR: join(home, 'data'),
};
delete env.OARAG_DEBUG;

const LAUNCHER = [join(root, 'bin', 'oarag.mjs')];
const TSX = ['--import', 'tsx', join(root, 'src-main', 'cli', 'bin.ts')];
const QUERY = ['query', '--ontology', ontology, 'DESCRIBE "nucleus"'];

interface Case {
  name: string;
  run: () => Promise<number>;
}

/** Seconds from spawn to exit; a failed run is an error, not a figure. */
function timed(cmd: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve((performance.now() - t0) / 1000);
      else reject(new Error(`${cmd} ${args.join(' ')} exited ${code}: ${err.trim()}`));
    });
  });
}

/** Seconds from spawn to the reply to tools/list (after initialize, as a client does), then closes stdin. */
function mcpReady(prefix: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [...prefix, 'mcp', '--ontology', ontology], {
      cwd: root,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let seconds: number | undefined;
    const send = (m: object) => child.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\n');
    child.stderr.on('data', (d) => (err += d));
    child.stdout.on('data', (d) => {
      out += d;
      for (;;) {
        const nl = out.indexOf('\n');
        if (nl < 0) break;
        const msg = JSON.parse(out.slice(0, nl)) as { id?: number; result?: { tools?: unknown[] } };
        out = out.slice(nl + 1);
        if (msg.id === 1) {
          send({ method: 'notifications/initialized' });
          send({ id: 2, method: 'tools/list' });
        } else if (msg.id === 2) {
          if (!msg.result?.tools?.length) return reject(new Error('tools/list returned no tools'));
          seconds = (performance.now() - t0) / 1000;
          child.stdin.end();
        }
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (seconds !== undefined && code === 0) resolve(seconds);
      else reject(new Error(`mcp exited ${code} before answering tools/list: ${err.trim()}`));
    });
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'startup-bench', version: '1' } },
    });
  });
}

const cases: Case[] = [
  { name: "node -e ''", run: () => timed(process.execPath, ['-e', '']) },
  { name: 'oarag --help', run: () => timed(process.execPath, [...LAUNCHER, '--help']) },
  { name: 'oarag query (warm)', run: () => timed(process.execPath, [...LAUNCHER, ...QUERY]) },
  { name: 'oarag mcp → tools/list', run: () => mcpReady(LAUNCHER) },
];
if (!values['no-npm'])
  cases.push({ name: 'npm run -s oarag -- --help', run: () => timed('npm', ['run', '-s', 'oarag', '--', '--help']) });
if (!values['no-tsx']) {
  cases.push(
    { name: 'tsx: oarag --help', run: () => timed(process.execPath, [...TSX, '--help']) },
    { name: 'tsx: oarag query (warm)', run: () => timed(process.execPath, [...TSX, ...QUERY]) },
    { name: 'tsx: oarag mcp → tools/list', run: () => mcpReady(TSX) },
  );
}

const loadBefore = loadavg().map((x) => round(x, 2));
// One untimed round: builds the bundle if a source changed and loads the ontology into the private cache.
for (const c of cases) await c.run();
const times = new Map<string, number[]>(cases.map((c) => [c.name, []]));
for (let i = 0; i < runs; i++) for (const c of cases) times.get(c.name)!.push(await c.run());
const loadAfter = loadavg().map((x) => round(x, 2));
rmSync(home, { recursive: true, force: true });

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const rows = cases.map((c) => {
  const t = times.get(c.name)!;
  return { case: c.name, median: round(median(t)), min: round(Math.min(...t)), max: round(Math.max(...t)) };
});
console.error(`${runs} runs each; load average ${loadBefore.join(' ')} before, ${loadAfter.join(' ')} after (2 cores)`);
for (const r of rows)
  console.error(`${r.case.padEnd(30)} median ${r.median.toFixed(3)} s   (min ${r.min}, max ${r.max})`);
console.log(JSON.stringify({ runs, ontology, loadBefore, loadAfter, rows }, null, 2));
