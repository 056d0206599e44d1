/**
 * The agent with a real model, per method and protocol, on Test 1 items: valid-step rate, the share
 * of questions with at least one query answered by a verdict or card, queries and UNKNOWN NAME per
 * question, accuracy, tokens (sent, evaluated after KV reuse, generated) and seconds per question.
 * Prints a Markdown table (and --out writes the per-item JSON).
 *
 *   npm run perf:agent -- [--model <gguf>] [--ontology <file>]... [--dataset <jsonl>] [--mcq 30 --oq 10 --seed 1]
 *                          [--methods oa-rag,cot] [--protocols structured,text] [--threads 2] [--limit N] [--out f.json]
 *
 * Default model: the built-in SmolLM2; default ontologies: go-nucleus and po from the shared folder.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { AgentRecord } from '../src-main/agent/agent-record';
import type { AgentProtocol } from '../src-main/agent/protocol';
import { grammarVocabulary } from '../src-main/agent/structured/grammar-vocabulary';
import { ResultStore } from '../src-main/evaluation/result-store';
import { runEvaluation } from '../src-main/evaluation/runner';
import type { MethodName } from '../src-main/evaluation/methods';
import { datasetHash, loadDataset, toJsonl, type DatasetItem } from '../src-main/datasets/generate/dataset';
import { generateDataset } from '../src-main/datasets/generate/generate-dataset';
import { builtinModelPath } from '../src-main/llm/models/builtin-model';
import { LocalLlamaBackend } from '../src-main/llm/local/local-llama-backend';
import { OntologyService } from '../src-main/ontology/ontology-service';
import { round, SHARED } from './perf-support';

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    ontology: { type: 'string', multiple: true },
    dataset: { type: 'string' },
    mcq: { type: 'string' },
    oq: { type: 'string' },
    seed: { type: 'string' },
    methods: { type: 'string' },
    protocols: { type: 'string' },
    threads: { type: 'string' },
    limit: { type: 'string' },
    out: { type: 'string' },
    'reasoning-tokens': { type: 'string' },
    'text-limit': { type: 'string' },
  },
});
const modelPath = resolve(values.model ?? builtinModelPath());
const ontologies = (values.ontology ?? ['go-nucleus.ofn', 'po.obo']).map((f) =>
  f.includes('/') ? resolve(f) : join(SHARED, f),
);
const methods = (values.methods ?? 'oa-rag,cot').split(',') as MethodName[];
const protocols = (values.protocols ?? 'structured,text').split(',') as AgentProtocol[];
const limit = values.limit ? Number(values.limit) : Infinity;
/** The text protocol is slow with weak models (every turn can run to its cap): it may run on fewer items. */
const textLimit = values['text-limit'] ? Number(values['text-limit']) : Infinity;
/** One cap for every method's free reasoning (pre-tool, answer step, CoT), so the comparison stays fair. */
const reasoning = Number(values['reasoning-tokens'] ?? 1024);

const service = new OntologyService({ cacheDir: join(tmpdir(), 'oarag-bench-agent', 'cache'), appVersion: 'bench' });
service.start();
const llm = new LocalLlamaBackend({ modelPath, threads: Number(values.threads ?? 2), gpu: false });
const started = await llm.start();
const rows: Record<string, string | number>[] = [];
const perItem: unknown[] = [];

for (const file of ontologies) {
  const h = await service.open(file);
  let items: DatasetItem[];
  let hash: string;
  if (values.dataset && ontologies.length === 1) {
    const d = loadDataset(resolve(values.dataset));
    items = d.items;
    hash = d.hash;
  } else {
    items = (
      await generateDataset(h, {
        mcq: Number(values.mcq ?? 30),
        oq: Number(values.oq ?? 10),
        seed: Number(values.seed ?? 1),
      })
    ).items;
    hash = datasetHash(toJsonl(items));
  }
  items = items.slice(0, limit);
  const vocabulary = grammarVocabulary(h);
  // Text-protocol runs go last: they are the slowest with weak models.
  const jobs = methods.flatMap((m): [MethodName, AgentProtocol | '-'][] =>
    m === 'oa-rag' ? protocols.map((p): [MethodName, AgentProtocol] => [m, p]) : [[m, '-']],
  );
  jobs.sort((a, b) => Number(a[1] === 'text') - Number(b[1] === 'text'));
  for (const [method, protocol] of jobs) {
    {
      const store = new ResultStore(':memory:');
      const records: AgentRecord[] = [];
      const t0 = performance.now();
      const run = protocol === 'text' ? items.slice(0, textLimit) : items;
      const report = await runEvaluation({
        handle: h,
        items: run,
        datasetHash: hash,
        method,
        model: modelPath,
        llm,
        store,
        vocabulary,
        budget: { preTokens: reasoning, answerTokens: reasoning },
        maxTokens: reasoning,
        protocol: protocol === '-' ? undefined : protocol,
        onItem: (r) => {
          process.stderr.write(
            `${basename(file)} ${method} ${protocol} ${r.id}: ${r.correct ? 'correct' : 'wrong'} (${r.seconds} s)\n`,
          );
        },
      });
      const seconds = (performance.now() - t0) / 1000;
      for (const it of report.items) {
        const rec = store.record(report.key, it.id) as AgentRecord | null;
        if (rec && method === 'oa-rag') records.push(rec);
      }
      const n = report.items.length;
      const sum = (f: (r: (typeof report.items)[number]) => number) => report.items.reduce((a, r) => a + f(r), 0);
      const row: Record<string, string | number> = {
        ontology: basename(file),
        method,
        protocol,
        items: n,
        accuracy: `${round((100 * report.correct) / n, 1)} %`,
        inTok: round(sum((r) => r.usage.inputTokens) / n, 0),
        evalTok: round(sum((r) => r.usage.evaluatedTokens ?? r.usage.inputTokens) / n, 0),
        outTok: round(sum((r) => r.usage.outputTokens) / n, 0),
        secPerQ: round(seconds / n, 1),
        lenient: `${round((100 * report.items.filter((r) => r.answerFormat === 'lenient').length) / n, 0)} %`,
      };
      if (method === 'oa-rag') Object.assign(row, agentFigures(records));
      rows.push(row);
      perItem.push({
        ontology: basename(file),
        method,
        protocol,
        items: report.items,
        records: method === 'oa-rag' ? records.map(slim) : undefined,
      });
      console.error(JSON.stringify(row));
      store.close();
    }
  }
}
await llm.close();
await service.stop();

function agentFigures(recs: AgentRecord[]): Record<string, string | number> {
  let steps = 0;
  let valid = 0;
  let queries = 0;
  let unknown = 0;
  let withInformative = 0;
  for (const r of recs) {
    steps += r.steps?.total ?? 0;
    valid += r.steps?.valid ?? 0;
    const obs = r.trajectory.filter((s) => s.type === 'observation' && s.kind !== 'correction') as {
      verdict: string | null;
      kind: string;
    }[];
    queries += obs.length;
    unknown += obs.filter((o) => o.verdict === 'UNKNOWN NAME').length;
    if ((r.steps?.informative ?? 0) > 0) withInformative++;
  }
  const n = Math.max(1, recs.length);
  return {
    validSteps: `${round((100 * valid) / Math.max(1, steps), 1)} %`,
    answeredQuery: `${round((100 * withInformative) / n, 1)} %`,
    queriesPerQ: round(queries / n, 2),
    unknownName: `${round((100 * unknown) / Math.max(1, queries), 1)} %`,
  };
}

function slim(r: AgentRecord) {
  return { ...r, trajectory: r.trajectory.map((s) => (s.type === 'observation' ? { ...s, result: undefined } : s)) };
}

const cols = [
  'ontology',
  'method',
  'protocol',
  'items',
  'accuracy',
  'validSteps',
  'answeredQuery',
  'queriesPerQ',
  'unknownName',
  'inTok',
  'evalTok',
  'outTok',
  'secPerQ',
  'lenient',
];
console.log(
  `model: ${basename(modelPath)} (${started.threads} threads, context ${started.contextSize}); free reasoning capped at ${reasoning} tokens for every method; ${new Date().toISOString()}\n`,
);
console.log(`| ${cols.join(' | ')} |\n|${cols.map(() => '---').join('|')}|`);
for (const r of rows) console.log(`| ${cols.map((c) => r[c] ?? '–').join(' | ')} |`);
if (values.out) writeFileSync(resolve(values.out), JSON.stringify({ model: modelPath, rows, perItem }, null, 1));
