/**
 * Test 1 generation time at GO scale: opens the generated 50k-class GO-shaped ontology (or --file),
 * then times 300 MCQs + 200 OQs (target ≤ 60 s). Prints one JSON document. Not a test: figures.
 * Options: --file <ontology>, --go-classes N, --mcq N, --oq N, --seed N, --out <dataset.jsonl>,
 * --prove (wrong options proven by the three-valued decider: ELK's contradictions, then a DL
 * reasoner on each module; its verdicts are kept in the bench cache, so repeat runs are warm).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateDataset } from '../src-main/datasets/generate/generate-dataset';
import { toJsonl } from '../src-main/datasets/generate/dataset';
import { OntologyService } from '../src-main/ontology/ontology-service';
import { deciderFor } from '../src-main/query/verdicts/decider-for';
import { DL_DEADLINE_MS } from '../src-main/query/verdicts/statement-decider';
import { generated, nodePeakRssMb, round } from './perf-support';

const { values } = parseArgs({
  options: {
    file: { type: 'string' },
    'go-classes': { type: 'string' },
    mcq: { type: 'string' },
    oq: { type: 'string' },
    seed: { type: 'string' },
    out: { type: 'string' },
    prove: { type: 'boolean' },
  },
});
const work = join(tmpdir(), 'oarag-bench');
mkdirSync(work, { recursive: true });
const mcq = Number(values.mcq ?? 300);
const oq = Number(values.oq ?? 200);
const seed = Number(values.seed ?? 1);

const file = values.file ? resolve(values.file) : generated('go', Number(values['go-classes'] ?? 50_000), work);
const service = new OntologyService({ cacheDir: join(work, 'cache-generate'), appVersion: 'bench' });
service.start();
try {
  const t0 = performance.now();
  const h = await service.open(file);
  const openSeconds = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  void h.closure;
  const closureSeconds = (performance.now() - t1) / 1000;
  const t2 = performance.now();
  const decider = values.prove
    ? deciderFor(h, service.verdictStore(h), service.verdictBridge(h), DL_DEADLINE_MS.generation)
    : undefined;
  const res = await generateDataset(h, { mcq, oq, seed, decider });
  const generateSeconds = (performance.now() - t2) / 1000;
  if (values.out) writeFileSync(resolve(values.out), toJsonl(res.items));
  const out = {
    file: basename(file),
    proven: values.prove === true,
    classes: h.summary.classes,
    cache: h.summary.cache,
    seconds: {
      open: round(openSeconds),
      closureIndex: round(closureSeconds),
      generate: round(generateSeconds),
      mcq: res.stats.seconds.mcq,
      oq: res.stats.seconds.oq,
      targetMet: generateSeconds <= 60,
    },
    items: res.items.length,
    stats: res.stats,
    warnings: res.warnings,
    peakRssMb: { node: nodePeakRssMb() },
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
  };
  console.log(JSON.stringify(out, null, 2));
} catch (e) {
  console.error(`perf:generate failed on ${basename(file)}: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await service.stop();
}
