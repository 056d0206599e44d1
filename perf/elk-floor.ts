/**
 * The floor of a cold load: OWL API parsing the file and ELK classifying it (class hierarchy), nothing
 * else, in a JVM started from the bridge jar with the bridge's own flags and the heap a load of the file
 * gets (oarag.bridge.ElkFloor). A cold load cannot go below it by design, short of a faster parser;
 * perf:load prints each cold load as a multiple of it.
 *
 *   npm run perf:elk-floor -- <ontology> [--runs N]
 *
 * Wall time runs from spawning the JVM to its exit, as a cold load's includes starting the bridge; CPU
 * time is the JVM's own (all its threads: ELK's workers, the collector, the JIT).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { bridgeJarPath, bridgeJvmArgs } from '../src-main/ontology/bridge/bridge-client';
import { heapAfterOutOfMemory, heapForFile } from '../src-main/ontology/bridge/heap-policy';
import { locateJava } from '../src-main/ontology/bridge/java-locator';
import { round } from './perf-support';

export interface FloorRun {
  /** Spawn to exit. */
  wall: number;
  /** The JVM's CPU time. */
  cpu: number;
  parse: number;
  classify: number;
  classes: number;
  heapMb: number;
}

interface FloorLine {
  classes: number;
  parseSeconds: number;
  classifySeconds: number;
  cpuSeconds: number;
}

function runOnce(file: string, heapMb: number): Promise<{ run?: FloorRun; outOfMemory: boolean; err: string }> {
  const jar = bridgeJarPath();
  if (!existsSync(jar)) throw new Error(`no bridge jar at ${jar}: run npm run build:bridge`);
  const args = [...bridgeJvmArgs(heapMb, jar), '-cp', jar, 'oarag.bridge.ElkFloor', file];
  return new Promise((done, fail) => {
    const t0 = performance.now();
    const child = spawn(locateJava(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', fail);
    child.on('close', (code) => {
      const wall = (performance.now() - t0) / 1000;
      if (code !== 0) return done({ outOfMemory: /OutOfMemoryError/.test(err), err: err.trim() || `exit ${code}` });
      const line = JSON.parse(out.trim().split('\n').pop()!) as FloorLine;
      done({
        outOfMemory: false,
        err,
        run: {
          wall,
          cpu: line.cpuSeconds,
          parse: line.parseSeconds,
          classify: line.classifySeconds,
          classes: line.classes,
          heapMb,
        },
      });
    });
  });
}

/** One floor run; a heap too small for OWL API's parser is doubled, as a load would retry. */
export async function elkFloor(file: string): Promise<FloorRun> {
  let heap: number | null = heapForFile(file).mb;
  while (heap !== null) {
    const r = await runOnce(file, heap);
    if (r.run) return r.run;
    if (!r.outOfMemory) throw new Error(`the ELK floor failed on ${file}: ${r.err.slice(-2000)}`);
    heap = heapAfterOutOfMemory(heap);
  }
  throw new Error(`the ELK floor ran out of memory on ${file} at the largest heap allowed`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { values, positionals } = parseArgs({ options: { runs: { type: 'string' } }, allowPositionals: true });
  if (positionals.length !== 1) {
    console.error('usage: npm run perf:elk-floor -- <ontology> [--runs N]');
    process.exit(2);
  }
  const file = resolve(positionals[0]);
  const runs: FloorRun[] = [];
  for (let i = 0; i < Number(values.runs ?? 1); i++) {
    const r = await elkFloor(file);
    console.error(
      `[floor] ${file.split('/').pop()}: ${round(r.wall, 2)} s wall (parse ${r.parse} s, classify ${r.classify} s), ` +
        `${round(r.cpu, 2)} s CPU, ${r.classes} classes, heap ${r.heapMb} MiB`,
    );
    runs.push(r);
  }
  console.log(JSON.stringify({ file, load: loadavg().map((x) => round(x, 2)), runs }, null, 2));
}
