/**
 * `oarag diff` on two cached GO-scale versions: a synthetic GO-shaped ontology against a next release
 * of it (perf/diff-edits.ts, ~2 % of axioms edited) and against another seed (every axiom different,
 * the worst case). Each diff runs in a fresh service over the on-disk cache, as a new `oarag diff`
 * process would; the cold loads that fill the cache are timed apart. Prints wall and CPU seconds
 * (on a shared machine the wall time also counts waiting for a core) as one JSON document.
 * Options: --go-classes N (default 50000), --rate R (default 0.02), --repeat K (default 3).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { diffMarkdown } from '../src-main/diff/diff-markdown';
import { diffFiles } from '../src-main/diff/diff-service';
import { OntologyService } from '../src-main/ontology/ontology-service';
import { editedVersion } from './diff-edits';
import { generated, nodePeakRssMb, round } from './perf-support';

const { values } = parseArgs({
  options: { 'go-classes': { type: 'string' }, rate: { type: 'string' }, repeat: { type: 'string' } },
});
const n = Number(values['go-classes'] ?? 50_000);
const rate = Number(values.rate ?? 0.02);
const repeat = Number(values.repeat ?? 3);
const work = join(tmpdir(), 'oarag-bench');
mkdirSync(work, { recursive: true });
const cacheDir = join(work, 'cache-diff');

const v1 = generated('go', n, work, 1);
const other = generated('go', n, work, 2);
const edited = v1.replace(/\.ofn$/, `-edited-r${rate}.ofn`);
let editStats;
if (!existsSync(edited)) {
  const e = editedVersion(readFileSync(v1, 'utf8'), 7, rate);
  writeFileSync(edited, e.text);
  editStats = e.stats;
}

const service = () => {
  const s = new OntologyService({ cacheDir, appVersion: 'bench' });
  s.start();
  return s;
};

const cold: Record<string, { cache: string; seconds: number }> = {};
{
  const s = service();
  for (const f of [v1, edited, other]) {
    const h = await s.open(f);
    cold[f.split('/').pop()!] = { cache: h.summary.cache, seconds: round(h.summary.seconds) };
  }
  await s.stop();
}

const pairs = [
  { name: 'next release (edits)', old: v1, new: edited },
  { name: 'another seed', old: v1, new: other },
];
const results = [];
for (const p of pairs) {
  const runs: number[] = [];
  const cpu: number[] = [];
  let report;
  let stages: Record<string, number> = {};
  for (let i = 0; i < repeat; i++) {
    const s = service();
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    let last = t0;
    let stage = 'start';
    const seen: Record<string, number> = {};
    report = await diffFiles(s, p.old, p.new, {
      onProgress: (q) => {
        if (q.stage === stage) return;
        const now = performance.now();
        seen[stage] = round((now - last) / 1000);
        stage = q.stage;
        last = now;
      },
    });
    runs.push((performance.now() - t0) / 1000);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1e6);
    stages = seen;
    await s.stop();
  }
  const md = diffMarkdown(report!);
  const row = {
    pair: p.name,
    classes: { old: report!.old.classes, new: report!.new.classes },
    seconds: { min: round(Math.min(...runs)), max: round(Math.max(...runs)), runs: runs.map((r) => round(r)) },
    // Wall time includes waiting for a busy machine; CPU time (this process, all threads) does not.
    cpuSeconds: { min: round(Math.min(...cpu)), max: round(Math.max(...cpu)) },
    stageSeconds: stages,
    counts: report!.counts,
    linksOnlyRedundancy: report!.changes.filter((c) => 'bothEntail' in c && c.bothEntail).length,
    jsonMb: round(JSON.stringify(report).length / 1e6, 2),
    markdownMb: round(md.length / 1e6, 2),
  };
  console.error(JSON.stringify(row));
  results.push(row);
}
console.log(
  JSON.stringify(
    {
      machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
      goClasses: n,
      editRate: rate,
      edits: editStats ?? '(edited file reused)',
      coldLoads: cold,
      results,
      peakRssMb: nodePeakRssMb(),
    },
    null,
    2,
  ),
);
