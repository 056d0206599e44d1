/**
 * The agent with a real model against its baselines, on Test 1 and Test 2 of each ontology and seed:
 * accuracy (MCQ and OQ), tokens (sent, evaluated after KV reuse, generated) and seconds per question,
 * per method; then the figures pooled over ontologies and seeds. Prints Markdown tables; --out writes
 * the per-item JSON.
 *
 *   npm run perf:agent -- [--model <gguf>] [--ontology <file>]... [--seeds 1,2] [--mcq 30 --oq 10]
 *                          [--tests 1,2] [--methods oa-rag,cot,string-match,reasoner-only] [--driver auto|policy|react]
 *                          [--protocols structured] [--threads 1] [--limit N] [--out f.json]
 *                          [--names label,mixed]
 *
 * --names runs Test 2 once per naming of `revise` (label, synonym, mixed; default mixed) on the same
 * items (the checks do not read the text), and prints the drop from label to each other naming: the
 * paraphrase run. Open questions get a per-question table of precision and recall.
 *
 * Default model: the built-in SmolLM2; default ontologies: go-nucleus, po and zfa from the shared folder.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { AgentRecord } from '../src-main/agent/agent-types';
import type { AgentProtocol } from '../src-main/agent/protocol';
import { grammarVocabulary } from '../src-main/agent/structured/grammar-vocabulary';
import { ResultStore } from '../src-main/evaluation/result-store';
import { runEvaluation } from '../src-main/evaluation/runner';
import type { MethodName } from '../src-main/evaluation/methods';
import type { ItemResult } from '../src-main/evaluation/evaluation-types';
import { datasetHash, loadDataset, toJsonl, type DatasetItem } from '../src-main/datasets/generate/dataset';
import { generateDataset } from '../src-main/datasets/generate/generate-dataset';
import { reviseOntology } from '../src-main/datasets/revise/revise-service';
import { NAMES_MODES, type NamesMode } from '../src-main/datasets/revise/concept-names';
import { printDrop, printOpenTable } from './agent-paraphrase';
import { builtinModelPath } from '../src-main/llm/models/builtin-model';
import { LocalLlamaBackend } from '../src-main/llm/local/local-llama-backend';
import { OntologyService } from '../src-main/ontology/ontology-service';
import type { OntologyHandle } from '../src-main/ontology/ontology-handle';
import { printTables } from './agent-tables';
import { SHARED } from './perf-support';

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    ontology: { type: 'string', multiple: true },
    mcq: { type: 'string' },
    oq: { type: 'string' },
    seeds: { type: 'string' },
    tests: { type: 'string' },
    methods: { type: 'string' },
    driver: { type: 'string' },
    protocols: { type: 'string' },
    threads: { type: 'string' },
    limit: { type: 'string' },
    out: { type: 'string' },
    'reasoning-tokens': { type: 'string' },
    names: { type: 'string' },
  },
});
const modelPath = resolve(values.model ?? builtinModelPath());
const ontologies = (values.ontology ?? ['go-nucleus.ofn', 'po.obo', 'zfa.obo']).map((f) =>
  f.includes('/') ? resolve(f) : join(SHARED, f),
);
const seeds = (values.seeds ?? '1,2').split(',').map(Number);
const tests = (values.tests ?? '1,2').split(',').map(Number);
const methods = (values.methods ?? 'oa-rag,cot,string-match,reasoner-only').split(',') as MethodName[];
const driver = (values.driver ?? 'auto') as 'auto' | 'policy' | 'react';
const protocols = (values.protocols ?? 'structured').split(',') as AgentProtocol[];
const limit = values.limit ? Number(values.limit) : Infinity;
const namings = (values.names ?? 'mixed').split(',') as NamesMode[];
for (const n of namings)
  if (!NAMES_MODES.includes(n)) throw new Error(`--names: ${n} is not one of ${NAMES_MODES.join(', ')}`);
/** One cap for every method's free reasoning (pre-tool, answer step, CoT), so the comparison stays fair. */
const reasoning = Number(values['reasoning-tokens'] ?? 384);

const work = mkdtempSync(join(tmpdir(), 'oarag-bench-agent-'));
const service = new OntologyService({ cacheDir: join(tmpdir(), 'oarag-bench-agent', 'cache'), appVersion: 'bench' });
service.start();
const llm = new LocalLlamaBackend({ modelPath, threads: Number(values.threads ?? 1), gpu: false });
const started = await llm.start();

interface Row {
  ontology: string;
  seed: number;
  test: number;
  method: string;
  items: ItemResult[];
  seconds: number;
  records: AgentRecord[];
  /** The gold answer per item id (option keys, or concept names), for reading the records. */
  gold: Record<string, string[]>;
  /** How revise named concepts (Test 2 only). */
  names?: NamesMode;
  /** The gold IRIs of each open question. */
  goldIris: Record<string, string[]>;
}
const rows: Row[] = [];

for (const file of ontologies) {
  const h = await service.open(file);
  for (const seed of seeds) {
    const t1 = (
      await generateDataset(h, { mcq: Number(values.mcq ?? 30), oq: Number(values.oq ?? 10), seed })
    ).items.slice(0, limit);
    type Run = [number, NamesMode | undefined];
    const runs = tests.flatMap((t): Run[] => (t === 2 ? namings.map((n): Run => [t, n]) : [[t, undefined]]));
    for (const [test, names] of runs) {
      let target: OntologyHandle = h;
      let items: DatasetItem[] = t1;
      if (test === 2) {
        const rev = await reviseOntology(service, h.path, {
          questions: t1,
          seed,
          names,
          outDir: join(work, `${basename(file)}-${seed}-${names}`),
        });
        target = await service.open(rev.revisedPath);
        items = loadDataset(rev.test2Path!).items;
      }
      const vocabulary = grammarVocabulary(target);
      for (const method of methods)
        for (const protocol of method === 'oa-rag' ? protocols : [undefined]) {
          const store = new ResultStore(':memory:');
          const t0 = performance.now();
          const report = await runEvaluation({
            handle: target,
            items,
            datasetHash: datasetHash(toJsonl(items)),
            method,
            model: modelPath,
            llm,
            store,
            vocabulary,
            driver,
            budget: { preTokens: reasoning, answerTokens: reasoning },
            maxTokens: reasoning,
            protocol,
            onItem: (r) =>
              process.stderr.write(
                `${basename(file)} seed ${seed} test ${test}${names ? ` names ${names}` : ''} ${method} ${r.id}: ${r.correct ? 'correct' : 'wrong'} (${r.seconds} s)\n`,
              ),
          });
          const records =
            method === 'oa-rag'
              ? report.items.map((it) => store.record(report.key, it.id) as AgentRecord).filter(Boolean)
              : [];
          rows.push({
            ontology: basename(file),
            seed,
            test,
            method:
              (protocol && protocols.length > 1 ? `${method}/${protocol}` : method) +
              (names && namings.length > 1 ? ` (names ${names})` : ''),
            names,
            items: report.items,
            seconds: (performance.now() - t0) / 1000,
            records,
            gold: Object.fromEntries(
              items.map((i) => [i.id, i.kind === 'mcq' ? i.gold : i.answers.map((a) => a.name)]),
            ),
            goldIris: Object.fromEntries(
              items.flatMap((i) => (i.kind === 'oq' ? [[i.id, i.answers.map((a) => a.iri)]] : [])),
            ),
          });
          store.close();
        }
    }
  }
}
await llm.close();
await service.stop();

console.log(
  `model: ${basename(modelPath)} (${started.threads} threads, context ${started.contextSize}); driver ${driver}; free reasoning capped at ${reasoning} tokens; ${new Date().toISOString()}\n`,
);
printTables(rows, tests);
printDrop(rows);
printOpenTable(rows);
if (values.out)
  writeFileSync(
    resolve(values.out),
    JSON.stringify(
      {
        model: modelPath,
        rows: rows.map((r) => ({
          ...r,
          records: r.records.map((x) => ({ question: x.question, answer: x.answer, decision: x.decision })),
        })),
      },
      null,
      1,
    ),
  );
