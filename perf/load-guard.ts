import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '../src-main/core/random';
import { ElkBridge } from '../src-main/ontology/bridge/bridge-client';
import { heapForFile } from '../src-main/ontology/bridge/heap-policy';
import { OntologyService } from '../src-main/ontology/ontology-service';
import { elkFloor } from './elk-floor';
import { ownCpu, processCpu, round } from './perf-support';

/**
 * The cold-load regression guard (issue #16). A cold load of the GO-scale ontology is measured against
 * a reference measured in the same process just before it, so a slower machine slows both and leaves
 * their ratio: the guard fails when the ratio exceeds `limit` times the ratio stored in
 * perf/load-guard.json (written with --update-reference).
 *
 * The reference that decides is a fixed workload (hashing, JSON, sorting on fixed data) that no
 * change to the loader can speed up. The bridge parsing the same file alone is measured and printed
 * too, but does not decide: a faster parser would raise cold/parse while the load got faster.
 * The ELK floor (perf/elk-floor.ts: OWL API parse + ELK alone) runs in each round too, and cold/floor
 * (CPU where /proc has it, else wall; medians) decides as well, against the reference's own floor
 * ratio and the same limit: it is the share of the load that is the workbench's own work.
 *
 * What is compared is CPU time (this process with its threads, plus the JVM's), where /proc has it:
 * on a machine shared with other work, wall time swung 2x between rounds while CPU time held within
 * 10 %; the medians over the rounds are compared. Wall times are printed beside it (a load that only
 * lost its overlap between threads would show there). Without /proc, wall time is used: other work
 * comes in bursts and only slows a round down, so each round pairs a reference with a cold load and
 * the best round counts.
 */
export interface GuardReference {
  ratio: number;
  /** cold / ELK floor; absent in a reference written before the floor was measured. */
  floorRatio?: number;
  /** Fails above ratio × limit: 1.3 is "more than 30 % slower". */
  limit: number;
  measured: GuardMeasurement;
}

interface GuardMeasurement {
  at: string;
  goClasses: number;
  rounds: number;
  /** 'cpu' where the JVM's CPU time can be read (/proc), else 'wall'. */
  clock: 'cpu' | 'wall';
  /** Per round: cold / fixed workload, and cold / parse alone (wall time, for information). */
  ratios: number[];
  parseRatios: number[];
  coldCpuSeconds: number[];
  fixedCpuSeconds: number[];
  coldSeconds: number[];
  fixedSeconds: number[];
  parseSeconds: number[];
  /** The ELK floor per round: wall and CPU seconds, and cold / floor in the guard's clock. */
  floorSeconds: number[];
  floorCpuSeconds: number[];
  floorRatios: number[];
  load: string;
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

/** A second or two of the kinds of work a load does (hashing, JSON, sorting strings), on fixed data. */
export function fixedWorkload(): { wall: number; cpu: number } {
  const t0 = performance.now();
  const c0 = ownCpu();
  const rand = seededRandom(16);
  const words = Array.from({ length: 200_000 }, () => Math.floor(rand() * 1e12).toString(36));
  const doc = words.map((w, i) => ({ id: i, name: w, parents: [i >> 1, i >> 2] }));
  let n = 0;
  for (let k = 0; k < 3; k++) {
    n += (JSON.parse(JSON.stringify(doc)) as unknown[]).length;
    n += [...words].sort((a, b) => a.localeCompare(b)).length;
  }
  const h = createHash('sha256');
  const buf = Buffer.alloc(64 << 20, n & 0xff);
  for (let k = 0; k < 3; k++) h.update(buf);
  h.digest();
  return { wall: (performance.now() - t0) / 1000, cpu: ownCpu() - c0 };
}

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

/** A whole cold load into an empty cache, as the workbench does it: wall time, and CPU time with the JVM's. */
async function coldLoad(file: string, work: string, i: number): Promise<{ wall: number; cpu: number | null }> {
  const cacheDir = join(work, `guard-${process.pid}-${i}`);
  const s = new OntologyService({ cacheDir, appVersion: 'guard' });
  s.start();
  try {
    const t0 = performance.now();
    const c0 = ownCpu();
    await s.open(file);
    const wall = (performance.now() - t0) / 1000;
    const jvm = processCpu(s.bridge().pid);
    return { wall, cpu: jvm === null ? null : ownCpu() - c0 + jvm };
  } finally {
    await s.stop();
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

/** Runs the guard; returns the process exit code (1: regressed, 2: no reference yet). */
export async function runGuard(o: GuardOptions): Promise<number> {
  mkdirSync(o.work, { recursive: true });
  const m: GuardMeasurement = {
    at: new Date().toISOString(),
    goClasses: o.goClasses,
    rounds: o.rounds,
    clock: 'cpu',
    ratios: [],
    parseRatios: [],
    coldCpuSeconds: [],
    fixedCpuSeconds: [],
    coldSeconds: [],
    fixedSeconds: [],
    parseSeconds: [],
    floorSeconds: [],
    floorCpuSeconds: [],
    floorRatios: [],
    load: load(),
  };
  for (let i = 0; i < o.rounds; i++) {
    const fixed = fixedWorkload();
    const parse = await parseSeconds(o.file);
    const floor = await elkFloor(o.file);
    const cold = await coldLoad(o.file, o.work, i);
    if (cold.cpu === null) m.clock = 'wall';
    m.fixedSeconds.push(round(fixed.wall, 2));
    m.fixedCpuSeconds.push(round(fixed.cpu, 2));
    m.parseSeconds.push(round(parse, 2));
    m.coldSeconds.push(round(cold.wall, 2));
    m.coldCpuSeconds.push(round(cold.cpu ?? cold.wall, 2));
    m.parseRatios.push(round(cold.wall / parse, 3));
    m.floorSeconds.push(round(floor.wall, 2));
    m.floorCpuSeconds.push(round(floor.cpu, 2));
    m.load += ` | ${load()}`;
    console.error(
      `[guard] round ${i + 1}/${o.rounds}: fixed ${round(fixed.wall, 2)} s (cpu ${round(fixed.cpu, 2)}), ` +
        `parse ${round(parse, 2)} s, floor ${round(floor.wall, 2)} s (cpu ${round(floor.cpu, 2)}), ` +
        `cold ${round(cold.wall, 2)} s (cpu ${cold.cpu === null ? '?' : round(cold.cpu, 2)})`,
    );
  }
  // CPU time only when every round had it; a ratio of CPU to wall time would mean nothing.
  for (let i = 0; i < o.rounds; i++)
    m.ratios.push(
      round(m.clock === 'cpu' ? m.coldCpuSeconds[i] / m.fixedCpuSeconds[i] : m.coldSeconds[i] / m.fixedSeconds[i], 3),
    );
  const ratio =
    m.clock === 'cpu' ? round(median(m.coldCpuSeconds) / median(m.fixedCpuSeconds), 3) : Math.min(...m.ratios);
  for (let i = 0; i < o.rounds; i++)
    m.floorRatios.push(
      round(m.clock === 'cpu' ? m.coldCpuSeconds[i] / m.floorCpuSeconds[i] : m.coldSeconds[i] / m.floorSeconds[i], 3),
    );
  const floorRatio =
    m.clock === 'cpu'
      ? round(median(m.coldCpuSeconds) / median(m.floorCpuSeconds), 3)
      : round(median(m.coldSeconds) / median(m.floorSeconds), 3);
  if (o.update) {
    const ref: GuardReference = { ratio, floorRatio, limit: 1.3, measured: m };
    // Short number lists on one line, as Prettier (npm run lint) writes them.
    const text = JSON.stringify(ref, null, 2).replace(
      /\[\s+([\d.,\s]+?)\s+\]/g,
      (_, xs: string) => `[${xs.split(/,\s*/).join(', ')}]`,
    );
    writeFileSync(o.referencePath, text + '\n');
    console.log(JSON.stringify({ guard: 'reference written', path: o.referencePath, ...ref }, null, 2));
    return 0;
  }
  if (!existsSync(o.referencePath)) {
    console.error(`[guard] no reference at ${o.referencePath}; write one with --guard --update-reference`);
    return 2;
  }
  const ref = JSON.parse(readFileSync(o.referencePath, 'utf8')) as GuardReference;
  if (ref.measured.clock !== m.clock) {
    console.error(`[guard] the reference was measured in ${ref.measured.clock} time, this run in ${m.clock} time`);
    return 2;
  }
  const allowed = ref.ratio * ref.limit;
  const floorAllowed = ref.floorRatio === undefined ? null : ref.floorRatio * ref.limit;
  const passFixed = ratio <= allowed;
  const passFloor = floorAllowed === null || floorRatio <= floorAllowed;
  const pass = passFixed && passFloor;
  console.log(
    JSON.stringify(
      {
        guard: pass ? 'pass' : 'FAIL',
        ratio,
        allowed: round(allowed, 3),
        reference: ref.ratio,
        floorRatio,
        floorAllowed: floorAllowed === null ? null : round(floorAllowed, 3),
        floorReference: ref.floorRatio ?? null,
        measured: m,
      },
      null,
      2,
    ),
  );
  if (!passFixed) {
    console.error(
      `[guard] FAIL: a cold load of GO ${o.goClasses} took ${ratio}x the fixed workload (${m.clock} time); ` +
        `the reference is ${ref.ratio}x (limit ${round(allowed, 2)}x)`,
    );
  }
  if (!passFloor) {
    console.error(
      `[guard] FAIL: a cold load of GO ${o.goClasses} took ${floorRatio}x the ELK floor (${m.clock} time); ` +
        `the reference is ${ref.floorRatio}x (limit ${round(floorAllowed!, 2)}x)`,
    );
  }
  if (floorAllowed === null)
    console.error('[guard] the reference has no floor ratio yet: write one with --update-reference');
  return pass ? 0 : 1;
}
