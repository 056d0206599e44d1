/**
 * Concurrent evaluation against a local fake OpenAI-compatible server with a fixed latency per call
 * and a scripted mind (test/support/fake-openai-server.ts). Runs the real `oarag eval` CLI (the bundle,
 * bin/oarag.mjs) as child processes, with a CPU hog busy on one core beside them, and prints questions
 * per second at N = 1, 4 and 16 (cot), then checks:
 * - N = 16 runs at least 12x the questions per second of N = 1;
 * - its results file equals the N = 1 one item by item (per-item timings aside);
 * - a run killed (SIGKILL) mid-way and started again answers every item exactly once;
 * - with 429/503 refusals (Retry-After honoured) the run still completes with the same results.
 * It also prints the client's CPU time per item for cot, rag-text and oa-rag (N = 16): the CPU of a
 * fresh run minus that of a rerun that takes every item from the store, over the items.
 * The dataset: 72 MCQ + 24 OQ from the shared go-nucleus (96 items), else the bundled cardio sample.
 * Options: --latency <ms> (300), --mcq <n> (72), --oq <n> (24), --ontology <file>, --no-hog,
 * --methods <list> (cot,rag-text,oa-rag: the CPU table), --tsx (run the CLI from sources), --json.
 * Exits 1 when a check fails.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { appRoot, resourcePath } from '../src-main/core/paths';
import { startFakeOpenAi, type FakeOpenAi } from '../test/support/fake-openai-server';
import { round, SHARED } from './perf-support';

const { values } = parseArgs({
  options: {
    latency: { type: 'string' },
    mcq: { type: 'string' },
    oq: { type: 'string' },
    ontology: { type: 'string' },
    'no-hog': { type: 'boolean' },
    methods: { type: 'string' },
    tsx: { type: 'boolean' },
    json: { type: 'boolean' },
  },
});
const latency = Number(values.latency ?? 300);
const root = appRoot();
const work = join(tmpdir(), 'oarag-bench-eval');
rmSync(join(work, 'runs'), { recursive: true, force: true });
mkdirSync(join(work, 'runs'), { recursive: true });
const env = { ...process.env, OARAG_CACHE_DIR: join(work, 'cache'), OARAG_DATA_DIR: join(work, 'data') };
// Each child prints its own CPU time (all threads) on stderr as it exits.
const CPU_PROBE =
  "data:text/javascript,import{writeSync}from'node:fs';process.on('exit',()=>{const u=process.cpuUsage();writeSync(2,'\\nOARAG_CPU '+(u.user+u.system)/1e6+'\\n')})";
const cli = (args: string[]) =>
  values.tsx
    ? ['--import', CPU_PROBE, '--import', 'tsx', join(root, 'src-main', 'cli', 'bin.ts'), ...args]
    : ['--import', CPU_PROBE, join(root, 'bin', 'oarag.mjs'), ...args];
const log = (s: string) => process.stderr.write(`${s}\n`);

const nucleus = join(SHARED, 'go-nucleus.ofn');
const ontology = values.ontology ?? (existsSync(nucleus) ? nucleus : resourcePath('samples', 'cardio.ofn'));
const dataset = join(work, 'dataset.jsonl');
const gen = spawnSync(
  process.execPath,
  cli([
    'generate',
    '--ontology',
    ontology,
    '--mcq',
    values.mcq ?? '72',
    '--oq',
    values.oq ?? '24',
    '--seed',
    '1',
    '--out',
    dataset,
    '--force',
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
  usage: { callsPerQuestion: number };
  /** The child's CPU seconds (CPU_PROBE). */
  cpu: number;
}

function evalArgs(server: FakeOpenAi, n: number, name: string, method = 'cot'): string[] {
  return cli([
    'eval',
    '--ontology',
    ontology,
    '--dataset',
    dataset,
    '--method',
    method,
    '--model',
    `openai:${server.url}#fake`,
    '--out',
    join(work, 'runs', name, 'results.json'),
    '--store',
    join(work, 'runs', `${name}.sqlite`),
    '--concurrency',
    String(n),
    '--force',
    '--json',
  ]);
}

function runEval(server: FakeOpenAi, n: number, name: string, method = 'cot'): Promise<Summary> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, evalArgs(server, n, name, method), {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`eval ${name} exited ${code}:\n${err}`));
      const cpu = Number(/OARAG_CPU (\S+)/.exec(err)?.[1] ?? NaN);
      resolve({ ...(JSON.parse(out) as Omit<Summary, 'cpu'>), cpu });
    });
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

// One core kept busy, as by other work on the machine: the client's own work competes for the other.
const hog = values['no-hog'] ? null : spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
// The hog must not outlive the bench, whatever ends it.
process.on('exit', () => hog?.kill());
const loadBefore = loadavg().map((x) => round(x, 2));
const server = await startFakeOpenAi({ latencyMs: latency });
const table: { n: number; answered: number; seconds: number; questionsPerSecond: number; peakInFlight: number }[] = [];
const cpuTable: {
  method: string;
  items: number;
  calls: number;
  seconds: number;
  cpuSeconds: number;
  cpuRerunSeconds: number;
  cpuMsPerItem: number;
  cpuMsPerCall: number;
}[] = [];
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
  check('N=16 at least 12x N=1', speedup >= 12, `${speedup.toFixed(1)}x`);
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

  // The client's CPU per item: a fresh run at N = 16 against a rerun that answers nothing.
  for (const method of (values.methods ?? 'cot,rag-text,oa-rag').split(',').filter(Boolean)) {
    const fresh = await runEval(server, 16, `cpu-${method}`, method);
    const reused = await runEval(server, 16, `cpu-${method}`, method);
    const perItem = (fresh.cpu - reused.cpu) / fresh.run.answered;
    const calls = Math.round(fresh.usage.callsPerQuestion * fresh.n);
    cpuTable.push({
      method,
      items: fresh.run.answered,
      calls,
      seconds: fresh.run.seconds,
      cpuSeconds: round(fresh.cpu, 2),
      cpuRerunSeconds: round(reused.cpu, 2),
      cpuMsPerItem: round(perItem * 1000, 2),
      cpuMsPerCall: round(((fresh.cpu - reused.cpu) / Math.max(1, calls)) * 1000, 2),
    });
    log(
      `${method}: ${fresh.run.answered} items, ${calls} calls in ${fresh.run.seconds} s at N=16; CPU ${fresh.cpu.toFixed(2)} s ` +
        `(rerun from the store ${reused.cpu.toFixed(2)} s) = ${(perItem * 1000).toFixed(1)} ms per item`,
    );
  }
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
  hog?.kill();
}
const loadAfter = loadavg().map((x) => round(x, 2));

const report = {
  latencyMs: latency,
  items: total,
  ontology,
  hog: !values['no-hog'],
  loadBefore,
  loadAfter,
  method: 'cot',
  table,
  cpu: cpuTable,
  checks,
};
if (values.json) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
else {
  process.stdout.write(
    `\nperf:eval — ${total} questions (cot, 1 call each), fake server with ${latency} ms per call, ` +
      `${report.hog ? 'a CPU hog on one core' : 'no CPU hog'}, load average ${loadBefore.join(' ')} before, ${loadAfter.join(' ')} after\n\n` +
      '| N | questions | seconds | questions/s | peak in flight |\n|---|---|---|---|---|\n',
  );
  for (const r of table)
    process.stdout.write(
      `| ${r.n} | ${r.answered} | ${r.seconds.toFixed(2)} | ${r.questionsPerSecond.toFixed(2)} | ${r.peakInFlight} |\n`,
    );
  process.stdout.write(
    '\n| method (N = 16) | items | calls | seconds | client CPU per item | per call |\n|---|---|---|---|---|---|\n',
  );
  for (const r of cpuTable)
    process.stdout.write(
      `| ${r.method} | ${r.items} | ${r.calls} | ${r.seconds.toFixed(2)} | ${r.cpuMsPerItem} ms | ${r.cpuMsPerCall} ms |\n`,
    );
}
process.exitCode = checks.every((c) => c.ok) ? 0 : 1;
