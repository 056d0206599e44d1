/**
 * Cold load per stage, warm reopen and peak memory for every shared ontology and the generated
 * GO- and SNOMED-scale ontologies. Prints one JSON document. Not a test: figures, not verdicts.
 * Options: --only <substring>, --skip-snomed, --snomed-classes N, --go-classes N,
 * --profile (also a per-step table on stderr: the bridge's own timers and the steps inside Node),
 * --rounds N (default 1): cold loads per file, each after a run of the ELK floor (perf/elk-floor.ts:
 * OWL API parse + ELK classification alone); the row's `floor` gives `cold / floor` in wall and CPU
 * time (medians), --no-floor skips it.
 *
 * --guard [--rounds N] [--update-reference]: the regression guard instead (perf/load-guard.ts): exits 1
 * when a cold load of the GO-scale ontology takes over 30 % longer, relative to a fixed workload timed
 * in the same process, than the reference in perf/load-guard.json.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { appRoot } from '../src-main/core/paths';
import { OntologyService } from '../src-main/ontology/ontology-service';
import type { OntologyHandle } from '../src-main/ontology/ontology-handle';
import { elkFloor, type FloorRun } from './elk-floor';
import { runGuard } from './load-guard';
import { generated, median, nodePeakRssMb, ownCpu, peakRssMb, processCpu, round, SHARED } from './perf-support';
import { profileTable, type ProfiledRun } from './profile-table';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    'skip-snomed': { type: 'boolean' },
    'snomed-classes': { type: 'string' },
    'go-classes': { type: 'string' },
    profile: { type: 'boolean' },
    guard: { type: 'boolean' },
    rounds: { type: 'string' },
    'update-reference': { type: 'boolean' },
    'no-floor': { type: 'boolean' },
  },
});
const work = join(tmpdir(), 'oarag-bench');
mkdirSync(work, { recursive: true });

if (values.guard) {
  const goClasses = Number(values['go-classes'] ?? 50_000);
  process.exit(
    await runGuard({
      file: generated('go', goClasses, work),
      goClasses,
      rounds: Number(values.rounds ?? 3),
      work,
      referencePath: join(appRoot(), 'perf', 'load-guard.json'),
      update: values['update-reference'] === true,
    }),
  );
}

const files: string[] = [];
if (existsSync(SHARED)) {
  for (const f of readdirSync(SHARED).sort()) if (/\.(obo|owl|ofn|ttl|owx)$/.test(f)) files.push(join(SHARED, f));
} else {
  console.error(`[skip] ${SHARED} absent: only generated ontologies are measured`);
}
files.push(generated('go', Number(values['go-classes'] ?? 50_000), work));
if (!values['skip-snomed']) files.push(generated('snomed', Number(values['snomed-classes'] ?? 350_000), work));

const results = [];
const profiled: ProfiledRun[] = [];
const rounds = Number(values.rounds ?? 1);
for (const file of files.filter((f) => !values.only || f.includes(values.only))) {
  // The floor and the cold load take turns, so a burst of other work on the machine hits both alike.
  const floors: FloorRun[] = [];
  const colds: { wall: number; cpu: number | null; bridge?: Record<string, number> }[] = [];
  let cacheDir = '';
  let jvmPeak: number | null = null;
  let s: OntologyHandle['summary'] | undefined;
  for (let r = 0; r < rounds; r++) {
    if (!values['no-floor']) floors.push(await elkFloor(file));
    if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
    cacheDir = join(work, `cache-${Date.now()}`);
    const cold = new OntologyService({ cacheDir, appVersion: 'bench' });
    cold.start();
    jvmPeak = null;
    const t0 = performance.now();
    const c0 = ownCpu();
    const h = await cold.open(file, {
      onProgress: () => {
        jvmPeak = Math.max(jvmPeak ?? 0, peakRssMb(cold.bridge().pid) ?? 0);
      },
    });
    const wall = (performance.now() - t0) / 1000;
    const jvmCpu = processCpu(cold.bridge().pid);
    colds.push({ wall, cpu: jvmCpu === null ? null : ownCpu() - c0 + jvmCpu, bridge: h.summary.profile?.bridge });
    jvmPeak = Math.max(jvmPeak ?? 0, peakRssMb(cold.bridge().pid) ?? 0);
    s = h.summary;
    await cold.stop();
  }
  if (!s) continue;
  const coldSeconds = median(colds.map((c) => c.wall));

  const warm = new OntologyService({ cacheDir, appVersion: 'bench' });
  warm.start();
  const t1 = performance.now();
  const w = await warm.open(file);
  const warmSeconds = (performance.now() - t1) / 1000;
  const jvmStarted = warm.bridge().running;
  const t2 = performance.now();
  void w.closure;
  const indexSeconds = (performance.now() - t2) / 1000;
  const t3 = performance.now();
  const store = await w.store();
  const storeSeconds = (performance.now() - t3) / 1000;
  const storeTriples = store.size;
  await warm.stop();
  rmSync(cacheDir, { recursive: true, force: true });

  const row = {
    file: file.split('/').pop(),
    classes: s.classes,
    objectProperties: s.objectProperties,
    closure: s.closure,
    unsatisfiable: s.unsatisfiable.length,
    cold: {
      seconds: round(coldSeconds),
      rounds: colds.map((c, i) => ({
        wall: round(c.wall),
        cpu: c.cpu === null ? null : round(c.cpu),
        // The bridge's own parse and ELK beside the floor's of the same round.
        bridgeParse: c.bridge?.parse ?? null,
        bridgeElk: c.bridge?.elk ?? null,
        floor: floors[i] ? { wall: round(floors[i].wall), parse: floors[i].parse, classify: floors[i].classify } : null,
      })),
      stages: Object.fromEntries(Object.entries(s.stageSeconds).map(([k, v]) => [k, round(v ?? 0)])),
    },
    floor: floorSummary(floors, colds),
    warm: {
      seconds: round(warmSeconds),
      ratio: round(warmSeconds / coldSeconds, 4),
      jvmStarted,
      closureIndexSeconds: round(indexSeconds),
    },
    oxigraph: {
      triples: storeTriples,
      lazyLoadSeconds: round(storeSeconds),
      triplesPerSecond: Math.round(storeTriples / storeSeconds),
    },
    peakRssMb: { jvm: jvmPeak, node: nodePeakRssMb() },
    profile: s.profile ?? null,
  };
  console.error(JSON.stringify(row));
  if (row.floor)
    console.error(
      `[floor] ${row.file}: cold / floor ${row.floor.wallRatio} (wall: ${round(coldSeconds, 2)} s / ${row.floor.wall} s)` +
        (row.floor.cpuRatio === null
          ? ''
          : `, ${row.floor.cpuRatio} (CPU: ${row.floor.coldCpu} s / ${row.floor.cpu} s)`),
    );
  results.push(row);
  profiled.push({ file: row.file ?? file, cold: coldSeconds, stages: s.stageSeconds, profile: s.profile });
}
if (values.profile) console.error('\n' + profileTable(profiled) + '\n');
console.log(
  JSON.stringify(
    { machine: { cpus: (await import('node:os')).cpus().length, node: process.version }, results },
    null,
    2,
  ),
);

/** The medians of the floor runs, and the cold load's medians over them (wall, and CPU where /proc has it). */
function floorSummary(floors: FloorRun[], colds: { wall: number; cpu: number | null }[]) {
  if (!floors.length) return null;
  const wall = median(floors.map((f) => f.wall));
  const cpu = median(floors.map((f) => f.cpu));
  const coldCpu = colds.every((c) => c.cpu !== null) ? median(colds.map((c) => c.cpu!)) : null;
  return {
    wall: round(wall),
    cpu: round(cpu),
    parse: round(median(floors.map((f) => f.parse))),
    classify: round(median(floors.map((f) => f.classify))),
    heapMb: floors[0].heapMb,
    wallRatio: round(median(colds.map((c) => c.wall)) / wall),
    coldCpu: coldCpu === null ? null : round(coldCpu),
    cpuRatio: coldCpu === null ? null : round(coldCpu / cpu),
  };
}
