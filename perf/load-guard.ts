import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { ElkBridge } from '../src-main/ontology/bridge/bridge-client';
import { heapForFile } from '../src-main/ontology/bridge/heap-policy';
import { OntologyService } from '../src-main/ontology/ontology-service';
import { round } from './perf-support';

/**
 * The cold-load regression guard (issue #16): a cold load of the GO-scale ontology measured against
 * the bridge parsing the same file alone, in the same process, so a busy or slower machine slows
 * both and leaves the ratio. The guard fails when the ratio is more than `limit` times the
 * reference ratio stored in perf/load-guard.json (written with --update-reference).
 */
export interface GuardReference {
  ratio: number;
  /** Fails above ratio × limit: 1.3 is "more than 30 % slower". */
  limit: number;
  measured: { at: string; goClasses: number; rounds: number; coldSeconds: number; parseSeconds: number; load: string };
}

export interface GuardOptions {
  file: string;
  goClasses: number;
  rounds: number;
  work: string;
  referencePath: string;
  update: boolean;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** Parsing alone, in a fresh JVM of the size a load would get; the JVM's start is not counted. */
async function parseSeconds(file: string): Promise<number> {
  const bridge = new ElkBridge();
  await bridge.sizeHeap(heapForFile(file).mb);
  try {
    await bridge.request('ping');
    const t0 = performance.now();
    await bridge.request('load', { path: file, catalog: null });
    return (performance.now() - t0) / 1000;
  } finally {
    await bridge.stop();
  }
}

/** A whole cold load into an empty cache, as the workbench does it. */
async function coldSeconds(file: string, work: string, i: number): Promise<number> {
  const cacheDir = join(work, `guard-${process.pid}-${i}`);
  const s = new OntologyService({ cacheDir, appVersion: 'guard' });
  s.start();
  try {
    const t0 = performance.now();
    await s.open(file);
    return (performance.now() - t0) / 1000;
  } finally {
    await s.stop();
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

/** Runs the guard; returns the process exit code (1: regressed). */
export async function runGuard(o: GuardOptions): Promise<number> {
  mkdirSync(o.work, { recursive: true });
  const parse: number[] = [];
  const cold: number[] = [];
  const loads: string[] = [load()];
  // Interleaved, so a burst of load from elsewhere touches both sides.
  for (let i = 0; i < o.rounds; i++) {
    parse.push(await parseSeconds(o.file));
    cold.push(await coldSeconds(o.file, o.work, i));
    loads.push(load());
    console.error(`[guard] round ${i + 1}/${o.rounds}: parse ${round(parse[i], 2)} s, cold ${round(cold[i], 2)} s`);
  }
  const ratio = median(cold) / median(parse);
  const measured = {
    at: new Date().toISOString(),
    goClasses: o.goClasses,
    rounds: o.rounds,
    coldSeconds: round(median(cold), 2),
    parseSeconds: round(median(parse), 2),
    load: loads.join(' | '),
  };
  if (o.update) {
    const ref: GuardReference = { ratio: round(ratio, 3), limit: 1.3, measured };
    writeFileSync(o.referencePath, JSON.stringify(ref, null, 2) + '\n');
    console.log(JSON.stringify({ guard: 'reference written', path: o.referencePath, ...ref }, null, 2));
    return 0;
  }
  if (!existsSync(o.referencePath)) {
    console.error(`[guard] no reference at ${o.referencePath}; write one with --guard --update-reference`);
    return 2;
  }
  const ref = JSON.parse(readFileSync(o.referencePath, 'utf8')) as GuardReference;
  const allowed = ref.ratio * ref.limit;
  const pass = ratio <= allowed;
  console.log(
    JSON.stringify(
      {
        guard: pass ? 'pass' : 'FAIL',
        ratio: round(ratio, 3),
        allowed: round(allowed, 3),
        reference: ref,
        measured,
        parse: parse.map((x) => round(x, 2)),
        cold: cold.map((x) => round(x, 2)),
      },
      null,
      2,
    ),
  );
  if (!pass) {
    console.error(
      `[guard] FAIL: a cold load of GO ${o.goClasses} took ${round(ratio, 2)}x the time of parsing it alone; ` +
        `the reference is ${ref.ratio}x (limit ${round(allowed, 2)}x)`,
    );
  }
  return pass ? 0 : 1;
}
