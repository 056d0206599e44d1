/**
 * Concurrent evaluation against a local fake OpenAI-compatible server with a fixed latency per call
 * and a scripted mind (test/support/fake-openai-server.ts). Runs the real `oarag eval` CLI as child
 * processes and prints questions per second at N = 1, 4 and 16, then checks:
 * - N = 16 runs at least 10x the questions per second of N = 1;
 * - its results file equals the N = 1 one item by item (per-item timings aside);
 * - a run killed (SIGKILL) mid-way and started again answers every item exactly once;
 * - with 429/503 refusals (Retry-After honoured) the run still completes with the same results.
 * Options: --latency <ms> (200), --mcq <n> (60), --oq <n> (20), --json.
 * Exits 1 when a check fails.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { appRoot, resourcePath } from '../src-main/core/paths';
import { startFakeOpenAi, type FakeOpenAi } from '../test/support/fake-openai-server';
import { round } from './perf-support';

const { values } = parseArgs({
  options: { latency: { type: 'string' }, mcq: { type: 'string' }, oq: { type: 'string' }, json: { type: 'boolean' } },
});
const latency = Number(values.latency ?? 200);
const root = appRoot();
const work = join(tmpdir(), 'oarag-bench-eval');
rmSync(join(work, 'runs'), { recursive: true, force: true });
mkdirSync(join(work, 'runs'), { recursive: true });
const env = { ...process.env, OARAG_CACHE_DIR: join(work, 'cache'), OARAG_DATA_DIR: join(work, 'data') };
const cli = (args: string[]) => ['--import', 'tsx', join(root, 'src-main', 'cli', 'bin.ts'), ...args];
const log = (s: string) => process.stderr.write(`${s}\n`);

const ontology = resourcePath('samples', 'cardio.ofn');
const dataset = join(work, 'dataset.jsonl');
const gen = spawnSync(
  process.execPath,
  cli([
    'generate',
    '--ontology',
    ontology,
    '--mcq',
    values.mcq ?? '60',
    '--oq',
    values.oq ?? '20',
    '--seed',
    '1',
    '--out',
    dataset,
  ]),
  { env, encoding: 'utf8' },
);
if (gen.status !== 0) throw new Error(`generate failed:\n${gen.stderr}`);
const total = readFileSync(dataset, 'utf8')
  .split('\n')
  .filter((l) => l.trim()).length;

interface Summary {
  n: number;
  run: { answered: number; reused: number; seconds: number };
}

function evalArgs(server: FakeOpenAi, n: number, name: string): string[] {
  return cli([
    'eval',
    '--ontology',
    ontology,
    '--dataset',
    dataset,
    '--method',
    'cot',
    '--model',
    `openai:${server.url}#fake`,
    '--out',
    join(work, 'runs', name, 'results.json'),
    '--store',
    join(work, 'runs', `${name}.sqlite`),
    '--concurrency',
    String(n),
    '--json',
  ]);
}

function runEval(server: FakeOpenAi, n: number, name: string): Promise<Summary> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, evalArgs(server, n, name), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as Summary) : reject(new Error(`eval ${name} exited ${code}:\n${err}`)),
    );
  });
}

/** The items of a results file without their timings, which are the only part that may differ. */
function items(name: string): string[] {
  const r = JSON.parse(readFileSync(join(work, 'runs', name, 'results.json'), 'utf8')) as {
    items: Record<string, unknown>[];
  };
  return r.items.map(({ seconds: _s, ...rest }) => JSON.stringify(rest));
}

function storedRows(name: string): number {
  try {
    const db = new Database(join(work, 'runs', `${name}.sqlite`), { readonly: true, fileMustExist: true });
    try {
      return (db.prepare('SELECT COUNT(*) AS n FROM result').get() as { n: number }).n;
    } finally {
      db.close();
    }
  } catch {
    return 0;
  }
}

const checks: { check: string; ok: boolean; detail: string }[] = [];
const check = (name: string, ok: boolean, detail: string) => {
  checks.push({ check: name, ok, detail });
  log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
};

const server = await startFakeOpenAi({ latencyMs: latency });
const table: { n: number; answered: number; seconds: number; questionsPerSecond: number; peakInFlight: number }[] = [];
try {
  for (const n of [1, 4, 16]) {
    server.stats.peakInFlight = 0;
    const s = await runEval(server, n, `n${n}`);
    const qps = s.run.answered / s.run.seconds;
    table.push({
      n,
      answered: s.run.answered,
      seconds: s.run.seconds,
      questionsPerSecond: round(qps, 2),
      peakInFlight: server.stats.peakInFlight,
    });
    log(
      `N=${String(n).padStart(2)}: ${s.run.answered} questions in ${s.run.seconds.toFixed(2)} s = ${qps.toFixed(2)} questions/s (peak ${server.stats.peakInFlight} in flight)`,
    );
  }
  const speedup = table[2].questionsPerSecond / table[0].questionsPerSecond;
  check('N=16 at least 10x N=1', speedup >= 10, `${speedup.toFixed(1)}x`);
  const one = items('n1');
  const sixteen = items('n16');
  const diff = one.filter((x, i) => x !== sixteen[i]).length;
  check(
    'N=16 results equal N=1 item by item',
    one.length === total && sixteen.length === total && diff === 0,
    `${total} items, ${diff} differ`,
  );

  // Kill mid-run, then run again: every item is answered once and stored once.
  const killed = spawn(process.execPath, evalArgs(server, 16, 'killed'), { env, stdio: 'ignore' });
  let rowsAtKill = 0;
  await new Promise<void>((resolve) => {
    const poll = setInterval(() => {
      rowsAtKill = storedRows('killed');
      if (rowsAtKill >= total / 3) {
        clearInterval(poll);
        killed.kill('SIGKILL');
        resolve();
      }
    }, 20);
  });
  await new Promise((r) => killed.once('exit', r));
  rowsAtKill = storedRows('killed');
  const rerun = await runEval(server, 16, 'killed');
  const rowsAfter = storedRows('killed');
  check(
    'killed and rerun: every item counted once',
    rerun.run.reused === rowsAtKill && rerun.run.answered + rerun.run.reused === total && rowsAfter === total,
    `${rowsAtKill} stored before SIGKILL, then ${rerun.run.answered} answered + ${rerun.run.reused} reused = ${rerun.run.answered + rerun.run.reused} of ${total}; ${rowsAfter} rows stored`,
  );
  const resumed = items('killed');
  check(
    'killed and rerun: results equal N=1',
    resumed.filter((x, i) => x !== one[i]).length === 0,
    `${resumed.length} items`,
  );
} finally {
  await server.close();
}

// Refusals: every 5th request is a 429 (Retry-After 0.2 s) or a 503.
const busy = await startFakeOpenAi({ latencyMs: latency, refuseEvery: 5 });
try {
  const s = await runEval(busy, 16, 'refused');
  const same = items('refused').filter((x, i) => x !== items('n1')[i]).length === 0;
  check(
    'N=16 with 429/503 refusals completes with the same results',
    s.run.answered === total && same,
    `${busy.stats.refused} refusals, ${s.run.answered} answered in ${s.run.seconds.toFixed(2)} s = ${(s.run.answered / s.run.seconds).toFixed(2)} questions/s`,
  );
} finally {
  await busy.close();
}

const report = { latencyMs: latency, items: total, method: 'cot', table, checks };
if (values.json) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
else {
  process.stdout.write(
    `\nperf:eval — ${total} questions (cot, 1 call each), fake server with ${latency} ms per call\n\n| N | questions | seconds | questions/s | peak in flight |\n|---|---|---|---|---|\n`,
  );
  for (const r of table)
    process.stdout.write(
      `| ${r.n} | ${r.answered} | ${r.seconds.toFixed(2)} | ${r.questionsPerSecond.toFixed(2)} | ${r.peakInFlight} |\n`,
    );
}
process.exitCode = checks.every((c) => c.ok) ? 0 : 1;
