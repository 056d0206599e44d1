/**
 * The OpenAI-compatible path against a real server (issue #40): `ask` on the cardio sample (default and
 * policy driver), then a 20-item `eval` (16 MCQ + 4 OQ) with oa-rag and cot at concurrency 1 and 4, each
 * through the real CLI (bin/oarag.mjs) as a child process. Prints, per run: accuracy, questions per minute,
 * empty (or server-cut) replies, errors, and the run's warnings (a lowered concurrency says so).
 *
 *   npm run perf:openai-real -- --url http://127.0.0.1:8000 [--model <name>] [--items 20] [--json]
 *   npm run perf:openai-real -- --replay      (against test/support/replay-server.ts: a smoke run only)
 *
 * Options: --url <server root or /v1> (required unless --replay), --model <served name> (default
 * "default"), --ontology <file> (default the cardio sample), --items <n> (20), --retry-for <s>.
 * The replay server's answers are reconstructed from the issue, not recorded: its figures say that the
 * script works, nothing about any model.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { appRoot, resourcePath } from '../src-main/core/paths';
import { startReplayServer, type ReplayServer } from '../test/support/replay-server';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    model: { type: 'string' },
    ontology: { type: 'string' },
    items: { type: 'string' },
    'retry-for': { type: 'string' },
    replay: { type: 'boolean' },
    json: { type: 'boolean' },
  },
});
if (!values.url && !values.replay) {
  process.stderr.write('usage: npm run perf:openai-real -- --url <server> [--model <name>] (or --replay)\n');
  process.exit(2);
}
const log = (s: string) => process.stderr.write(`${s}\n`);
const work = join(tmpdir(), 'oarag-bench-openai-real');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const env = { ...process.env, OARAG_CACHE_DIR: join(work, 'cache'), OARAG_DATA_DIR: join(work, 'data') };
// Asynchronous: with --replay the server runs in this process, so a blocking spawn would starve it.
const cli = (args: string[]) =>
  new Promise<{ code: number; out: string; err: string; seconds: number }>((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [join(appRoot(), 'bin', 'oarag.mjs'), ...args], { env });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => void (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => void (err += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, out, err, seconds: (performance.now() - t0) / 1000 }));
  });

interface Row {
  what: string;
  code: number;
  accuracy: number | null;
  perMinute: number | null;
  empty: number | null;
  errors: number | null;
  seconds: number;
  note: string;
}

async function main(): Promise<void> {
  let replay: ReplayServer | null = null;
  if (values.replay) {
    replay = await startReplayServer({ slots: 1 });
    log(`replay server (reconstructed llama-cpp-python answers) at ${replay.url}`);
  }
  const base = replay ? `${replay.url}/v1` : values.url!;
  const spec = `openai:${base}#${values.model ?? (replay ? 'smollm2' : 'default')}`;
  const ontology = values.ontology ?? resourcePath('samples', 'cardio.ofn');
  const total = Number(values.items ?? 20);
  const mcq = Math.max(1, Math.round(total * 0.8));
  const dataset = join(work, 'dataset.jsonl');
  const gen = await cli([
    'generate',
    '--ontology',
    ontology,
    '--mcq',
    String(mcq),
    '--oq',
    String(total - mcq),
    '--seed',
    '1',
    '--out',
    dataset,
  ]);
  if (gen.code !== 0) throw new Error(`generate failed:\n${gen.err}`);
  const rows: Row[] = [];
  try {
    rows.push(...(await ask(ontology, spec, dataset)));
    for (const method of ['oa-rag', 'cot'])
      for (const n of [1, 4]) rows.push(await evaluate(ontology, spec, dataset, method, n));
  } finally {
    await replay?.close();
  }
  if (values.json) process.stdout.write(`${JSON.stringify({ server: base, spec, rows }, null, 2)}\n`);
  else print(base, rows, replay !== null);
}

async function ask(ontology: string, spec: string, dataset: string): Promise<Row[]> {
  const item = join(work, 'item.json');
  writeFileSync(item, readFileSync(dataset, 'utf8').split('\n')[0]);
  const rows: Row[] = [];
  for (const driver of ['auto', 'policy']) {
    const r = await cli(['ask', '--ontology', ontology, '--model', spec, '--json', '--driver', driver, '--item', item]);
    let note = r.code === 0 ? '' : (r.err.trim().split('\n').at(-1) ?? '');
    if (r.code === 0) {
      const rec = JSON.parse(r.out) as { answer: unknown; answerFormat?: string };
      note = `answer ${JSON.stringify(rec.answer)} (${rec.answerFormat ?? 'n/a'})`;
    }
    rows.push({
      what: `ask, driver ${driver}`,
      code: r.code,
      accuracy: null,
      perMinute: null,
      empty: null,
      errors: null,
      seconds: r.seconds,
      note,
    });
  }
  return rows;
}

async function evaluate(ontology: string, spec: string, dataset: string, method: string, n: number): Promise<Row> {
  const out = join(work, `${method}-${n}.json`);
  const args = [
    'eval',
    '--ontology',
    ontology,
    '--dataset',
    dataset,
    '--method',
    method,
    '--model',
    spec,
    '--out',
    out,
    '--store',
    join(work, `${method}-${n}.sqlite`),
    '--concurrency',
    String(n),
    '--force',
  ];
  if (values['retry-for']) args.push('--retry-for', values['retry-for']);
  const r = await cli(args);
  const what = `eval ${method}, concurrency ${n}`;
  if (!existsSync(out))
    return {
      what,
      code: r.code,
      accuracy: null,
      perMinute: null,
      empty: null,
      errors: null,
      seconds: r.seconds,
      note: r.err.trim().split('\n').at(-1) ?? '',
    };
  const res = JSON.parse(readFileSync(out, 'utf8')) as {
    accuracy: number;
    errors: number;
    emptyReplies?: number;
    warnings: string[];
    stopped?: { reason: string };
    run: { answered: number; seconds: number };
  };
  return {
    what,
    code: r.code,
    accuracy: res.accuracy,
    perMinute: Math.round((res.run.answered * 600) / Math.max(res.run.seconds, 0.001)) / 10,
    empty: res.emptyReplies ?? 0,
    errors: res.errors,
    seconds: r.seconds,
    note: [...res.warnings, ...(res.stopped ? [`stopped: ${res.stopped.reason}`] : [])].join(' | '),
  };
}

function print(base: string, rows: Row[], replayed: boolean): void {
  const f = (x: number | null, d = 1) => (x === null ? '–' : x.toFixed(d));
  const lines = [
    `OpenAI-compatible server ${base}${replayed ? ' (REPLAY of reconstructed answers: checks the script, measures no model)' : ''}`,
    '| run | exit | accuracy | questions/min | empty replies | errors | wall s | notes |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.what} | ${r.code} | ${r.accuracy === null ? '–' : `${(r.accuracy * 100).toFixed(1)}%`} | ${f(r.perMinute)} | ${r.empty ?? '–'} | ${r.errors ?? '–'} | ${f(r.seconds)} | ${r.note.replace(/\|/g, '/')} |`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((e) => {
  log(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});
