/**
 * Three-valued verdicts, as figures (no timed test):
 * - per shared ontology (pizza, ENVO, uberon-musculoskeletal): every MCQ option statement of a
 *   generated Test 1. HermiT on each statement's STAR module with 10 s is the reference; the
 *   workbench's decider (ELK, then HermiT on the module with the interactive deadline) gives the
 *   verdicts. Prints the DL check's time per module (p50/p95), the share of statements decided, and
 *   the share of the reference's settled statements (and of its CONTRADICTED) that are decided alike;
 * - the GO-like generated ontology of 50k classes: latency of an ASK settled by ELK (p50/p95).
 * Options: --mcq 20 (MCQs per ontology), --files a,b (default the three), --deadline 2000, --n 300
 * (GO ASKs), --skip-go.
 */
import { mkdirSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pick, seededRandom } from '../src-main/core/random';
import { generateDataset } from '../src-main/datasets/generate/generate-dataset';
import type { McqItem } from '../src-main/datasets/generate/dataset';
import { OntologyService } from '../src-main/ontology/ontology-service';
import { MemoryVerdictStore } from '../src-main/ontology/verdicts/verdict-store';
import { SUBCLASS_OF, type IriStatement } from '../src-main/query/exec/closure-facts';
import { deciderFor } from '../src-main/query/verdicts/decider-for';
import { generated, round, SHARED } from './perf-support';

const { values } = parseArgs({
  options: {
    mcq: { type: 'string' },
    files: { type: 'string' },
    deadline: { type: 'string' },
    n: { type: 'string' },
    'skip-go': { type: 'boolean' },
  },
});
const MCQ = Number(values.mcq ?? 20);
const DEADLINE = Number(values.deadline ?? 2000);
const REFERENCE_MS = 10_000;
const FILES = (values.files ?? 'pizza.owl,envo.obo,uberon-musculoskeletal.obo').split(',').filter(Boolean);
const work = join(tmpdir(), 'oarag-bench');
mkdirSync(work, { recursive: true });
// HermiT needs heap beyond what ELK's load is sized for.
const service = new OntologyService({
  cacheDir: join(work, 'cache-verdicts'),
  appVersion: 'bench',
  heapFor: () => 3072,
});
service.start();
console.log(
  JSON.stringify({
    machine: { cores: cpus().length, loadavg: loadavg().map((x) => round(x, 2)) },
    mcq: MCQ,
    deadlineMs: DEADLINE,
  }),
);
const out: Record<string, unknown> = {};
for (const f of FILES) {
  out[f] = await onOntology(join(SHARED, f));
  console.log(JSON.stringify({ [f]: out[f] }));
}
if (!values['skip-go']) out['go-50k'] = await goAsk();
console.log(JSON.stringify(out, null, 2));
await service.stop();

function pct(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)], 1);
}

function optionStatements(items: McqItem[]): IriStatement[] {
  const seen = new Set<string>();
  const all: IriStatement[] = [];
  for (const q of items)
    for (const o of q.options) {
      const s = {
        subject: q.slot === 'subject' ? o.iri : q.axiom.subject,
        relation: q.slot === 'relation' ? o.iri : q.axiom.relation,
        filler: q.slot === 'filler' ? o.iri : q.axiom.filler,
      };
      const k = `${s.subject} ${s.relation} ${s.filler}`;
      if (seen.has(k)) continue;
      seen.add(k);
      all.push(s);
    }
  return all;
}

async function onOntology(path: string) {
  const h = await service.open(path);
  const gen = await generateDataset(h, { mcq: MCQ, oq: 0, seed: 11 });
  const sts = optionStatements(gen.items.filter((i): i is McqItem => i.kind === 'mcq'));
  const bridge = service.verdictBridge(h);
  const decider = deciderFor(h, new MemoryVerdictStore(), bridge, DEADLINE);
  const dlMs: number[] = [];
  const moduleSizes: number[] = [];
  const counts = { statements: sts.length, decided: 0, contradicted: 0, byDl: 0, refSettled: 0, refContradicted: 0 };
  const agree = { settledDecided: 0, contradictedFound: 0, disagreements: 0 };
  for (const [i, s] of sts.entries()) {
    if (i % 10 === 0) process.stderr.write(`[perf:verdicts] ${path}: ${i}/${sts.length}\n`);
    const ref = await bridge.dlCheck(s, { reasoner: 'hermit', deadlineMs: REFERENCE_MS, always: true });
    moduleSizes.push(ref.moduleAxioms);
    const t0 = performance.now();
    const v = await decider.decide(s);
    if (v.reasoner === 'dl') dlMs.push(performance.now() - t0);
    if (v.verdict !== 'UNKNOWN') counts.decided++;
    if (v.verdict === 'CONTRADICTED') counts.contradicted++;
    if (v.reasoner === 'dl') counts.byDl++;
    if (!ref.settled) continue;
    counts.refSettled++;
    const r = ref.entailed ? 'ENTAILED' : ref.satisfiable ? 'NOT ENTAILED' : 'CONTRADICTED';
    if (r === 'CONTRADICTED') counts.refContradicted++;
    if (v.verdict !== 'UNKNOWN') agree.settledDecided++;
    if (r === 'CONTRADICTED' && v.verdict === 'CONTRADICTED') agree.contradictedFound++;
    if (v.verdict !== 'UNKNOWN' && v.verdict !== r && !(ref.entailed && !ref.satisfiable)) agree.disagreements++;
  }
  return {
    ...counts,
    shareDecided: round(counts.decided / Math.max(1, counts.statements), 3),
    shareOfHermitSettledDecided: round(agree.settledDecided / Math.max(1, counts.refSettled), 3),
    shareOfHermitContradictedFound: round(agree.contradictedFound / Math.max(1, counts.refContradicted), 3),
    disagreementsWithHermit: agree.disagreements,
    dlCheckMs: { n: dlMs.length, p50: pct(dlMs, 50), p95: pct(dlMs, 95), max: pct(dlMs, 100) },
    moduleAxioms: { p50: pct(moduleSizes, 50), max: pct(moduleSizes, 100) },
  };
}

/** ASKs on GO 50k that ELK settles: the decider after one warm-up (the bridge load and its bottom facts). */
async function goAsk() {
  const h = await service.open(generated('go', 50_000, work));
  const ix = h.closure;
  const decider = deciderFor(h, new MemoryVerdictStore(), service.verdictBridge(h));
  const rand = seededRandom(5);
  const classes = ix.kindOf.flatMap((k, id) => (k === 'class' && !ix.unsat.has(id) ? [id] : []));
  const rels = h.linkRelations();
  const sts: IriStatement[] = Array.from({ length: Number(values.n ?? 300) }, (_, i) => ({
    subject: ix.iri(pick(rand, classes)),
    relation: i % 2 ? ix.iri(pick(rand, rels)) : SUBCLASS_OF,
    filler: ix.iri(pick(rand, classes)),
  }));
  await decider.decide(sts[0]);
  const ms: number[] = [];
  const verdicts: Record<string, number> = {};
  for (const s of sts) {
    const t0 = performance.now();
    const v = await decider.decide(s);
    if (v.reasoner !== 'elk') continue;
    ms.push(performance.now() - t0);
    verdicts[v.verdict] = (verdicts[v.verdict] ?? 0) + 1;
  }
  return { asks: ms.length, verdicts, p50: pct(ms, 50), p95: pct(ms, 95), targetP95Ms: 100 };
}
