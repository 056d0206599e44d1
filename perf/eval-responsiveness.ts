/**
 * A large reasoner-only evaluation in web mode must not starve the server (issue 37, item 1). Starts
 * `oarag serve` with an event-loop delay monitor preloaded, opens the cardio sample, runs a 30,000-item
 * reasoner-only evaluation and meanwhile:
 * - a second process calls app.info every 20 ms (test/support/latency-probe.ts);
 * - this script sends other requests (query.run, ontology.card, ontology.list) every 500 ms, and an
 *   ontology.close mid-way (refused with in-use while the run holds the ontology), each timed;
 * then starts a second run and cancels it after 2 s, timing the cancel's answer and the task's end.
 * Prints the figures and the server's event-loop delay (p50, p99, max) during the first run.
 * Targets: every other request within 250 ms, event-loop delay p99 under 100 ms, cancel and close
 * answered within 200 ms. Options: --items <n> (30000), --json. Exits 1 when a target is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from '../test/e2e/support/server';
import { CARDIO, writeCardioDataset } from '../test/support/cardio-dataset';
import { startLatencyProbe } from '../test/support/latency-probe';
import { WsRpc } from '../test/support/ws-rpc';
import { round } from './perf-support';

const { values } = parseArgs({ options: { items: { type: 'string' }, json: { type: 'boolean' } } });
const N = Number(values.items ?? 30_000);
const log = (s: string) => process.stderr.write(`${s}\n`);

/** Preloaded into the server: SIGUSR2 prints the event-loop delay since the last SIGUSR2 and starts afresh. */
const LOOP_PROBE =
  "data:text/javascript,import{monitorEventLoopDelay}from'node:perf_hooks';import{writeSync}from'node:fs';" +
  "const h=monitorEventLoopDelay({resolution:5});h.enable();process.on('SIGUSR2',()=>{" +
  "writeSync(2,'OARAG_LOOP '+JSON.stringify({p50:h.percentile(50)/1e6,p99:h.percentile(99)/1e6,max:h.max/1e6})+'\\n');h.reset()})";

interface Loop {
  p50: number;
  p99: number;
  max: number;
}

const work = mkdtempSync(join(tmpdir(), 'oarag-perf-evalresp-'));
const dataset = writeCardioDataset(join(work, 'big.jsonl'), N);
const s = await startServer({}, undefined, ['--import', LOOP_PROBE]);
const rpc = await WsRpc.connect(s.port, s.token);
const other = await WsRpc.connect(s.port, s.token);

async function loopSinceMark(): Promise<Loop> {
  const before = s.stderr().split('OARAG_LOOP ').length;
  process.kill(s.pid, 'SIGUSR2');
  for (let i = 0; i < 100 && s.stderr().split('OARAG_LOOP ').length === before; i++)
    await new Promise((r) => setTimeout(r, 20));
  const last = s.stderr().split('OARAG_LOOP ').pop()!.split('\n')[0];
  return JSON.parse(last) as Loop;
}

async function timed(method: string, params: unknown): Promise<{ method: string; ms: number; code: string }> {
  const t0 = performance.now();
  const r = await other.call(method, params, 30_000);
  return { method, ms: performance.now() - t0, code: r.error?.code ?? 'ok' };
}

async function taskState(id: string): Promise<string> {
  const list = (await other.call('tasks.list', {})).result as { id: string; state: string }[];
  return list.find((t) => t.id === id)?.state ?? 'gone';
}

try {
  const opened = await rpc.task('ontology.open', { path: CARDIO });
  if (opened.code !== 'ok') throw new Error(`open: ${opened.message}`);
  const probe = await startLatencyProbe(s.port, s.token);
  await probe.mark();
  await loopSinceMark();
  const t0 = performance.now();
  const started = await rpc.call('evaluation.run', {
    ontologyId: CARDIO,
    datasetPath: dataset,
    method: 'reasoner-only',
  });
  const taskId = (started.result as { taskId: string }).taskId;
  const calls: { method: string; ms: number; code: string }[] = [];
  let closedMidway = false;
  for (;;) {
    const state = await taskState(taskId);
    if (state !== 'running') {
      if (state !== 'ok') throw new Error(`the evaluation ended ${state}`);
      break;
    }
    calls.push(
      await timed('query.run', { ontologyId: CARDIO, query: 'ASK { "viral myocarditis" "has finding site" "heart" }' }),
    );
    calls.push(await timed('ontology.card', { ontologyId: CARDIO, iri: 'http://example.org/cardio#Heart' }));
    calls.push(await timed('ontology.list', {}));
    if (!closedMidway && performance.now() - t0 > 3000) {
      closedMidway = true;
      calls.push(await timed('ontology.close', { ontologyId: CARDIO }));
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const runSeconds = (performance.now() - t0) / 1000;
  const loop = await loopSinceMark();
  const probed = await probe.mark();

  // A second run over the same dataset takes every item from the store: a fresh one is cancelled instead.
  const again = await rpc.call('evaluation.run', {
    ontologyId: CARDIO,
    datasetPath: writeCardioDataset(join(work, 'other.jsonl'), N, 'r'),
    method: 'reasoner-only',
  });
  const againId = (again.result as { taskId: string }).taskId;
  await new Promise((r) => setTimeout(r, 2000));
  const cancel = await timed('tasks.cancel', { id: againId });
  const c0 = performance.now();
  let ended = await taskState(againId);
  while (ended === 'running' && performance.now() - c0 < 30_000) ended = await taskState(againId);
  const cancelEnd = performance.now() - c0 + cancel.ms;
  await probe.stop();

  const worst = Math.max(...calls.map((c) => c.ms));
  const close = calls.find((c) => c.method === 'ontology.close');
  const figures = {
    items: N,
    runSeconds: round(runSeconds, 1),
    itemsPerSecond: Math.round(N / runSeconds),
    otherRequests: {
      count: calls.length,
      maxMs: round(worst, 0),
      failures: calls.filter((c) => c.code !== 'ok' && c.method !== 'ontology.close').length,
    },
    close: close ? { ms: round(close.ms, 0), code: close.code } : null,
    appInfoProbe: {
      count: probed.count,
      p95: round(probed.p95, 1),
      max: round(probed.max, 1),
      failures: probed.failures,
    },
    eventLoopDelayMs: { p50: round(loop.p50, 1), p99: round(loop.p99, 1), max: round(loop.max, 1) },
    cancel: { answeredMs: round(cancel.ms, 0), code: cancel.code, taskEndedMs: round(cancelEnd, 0), state: ended },
  };
  const misses = [
    worst > 250 && `an other request took ${round(worst, 0)} ms (target 250)`,
    probed.max > 250 && `app.info took ${round(probed.max, 0)} ms (target 250)`,
    probed.failures > 0 && `${probed.failures} app.info calls failed`,
    figures.otherRequests.failures > 0 &&
      `some other requests failed: ${calls
        .filter((c) => c.code !== 'ok' && c.method !== 'ontology.close')
        .map((c) => `${c.method} ${c.code}`)
        .join(', ')}`,
    loop.p99 >= 100 && `event-loop delay p99 ${round(loop.p99, 1)} ms (target < 100)`,
    close && close.ms > 200 && `close answered after ${round(close.ms, 0)} ms (target 200)`,
    cancel.ms > 200 && `cancel answered after ${round(cancel.ms, 0)} ms (target 200)`,
    ended !== 'cancelled' && `the cancelled run ended ${ended}`,
  ].filter(Boolean);
  if (values.json) console.log(JSON.stringify({ ...figures, misses }, null, 2));
  else {
    log(`reasoner-only, ${N} items in web mode: ${figures.runSeconds} s (${figures.itemsPerSecond} items/s)`);
    log(
      `  other requests during the run: ${calls.length}, slowest ${figures.otherRequests.maxMs} ms; ontology.close ${close ? `${figures.close!.ms} ms (${close.code})` : 'not sent'}`,
    );
    log(
      `  app.info every 20 ms from another process: ${probed.count} calls, p95 ${figures.appInfoProbe.p95} ms, max ${figures.appInfoProbe.max} ms, ${probed.failures} failed`,
    );
    log(
      `  server event-loop delay: p50 ${figures.eventLoopDelayMs.p50} ms, p99 ${figures.eventLoopDelayMs.p99} ms, max ${figures.eventLoopDelayMs.max} ms`,
    );
    log(
      `  cancel of a second run after 2 s: answered in ${figures.cancel.answeredMs} ms, task ${ended} after ${figures.cancel.taskEndedMs} ms`,
    );
    for (const m of misses) log(`MISSED: ${m}`);
  }
  process.exitCode = misses.length ? 1 : 0;
} finally {
  rpc.close();
  other.close();
  await s.stop();
  rmSync(work, { recursive: true, force: true });
}
