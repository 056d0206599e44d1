import { UserError } from '../core/errors';
import { basename, extname, join } from 'node:path';
import type { ApiParams } from '../api/contract';
import type { Container } from '../container';
import { checkOutputs, writeOutputFile } from '../core/output-policy';
import type { Task } from '../core/task';
import type { OntologyHandle } from '../ontology/ontology-handle';
import { runEvaluation } from '../evaluation/runner';
import { reportJson, reportMarkdown } from '../evaluation/report';
import { ResultStore } from '../evaluation/result-store';
import { generateDataset, loadDataset, toJsonl } from './generate';
import { reviseOntology } from './revise/revise-service';

function stamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

function stem(path: string): string {
  return basename(path, extname(path));
}

/**
 * Benchmark work behind the API: every run writes its files under the data folder, so the UI can
 * show where the dataset, the revised ontology or the report went.
 */
export class BenchService {
  constructor(private readonly c: Container) {}

  async generate(h: OntologyHandle, p: ApiParams<'bench.generate'>, task: Task) {
    const r = await generateDataset(h, {
      mcq: p.mcq,
      oq: p.oq,
      seed: p.seed,
      root: p.root || undefined,
      slots: p.slots,
      signal: task.signal,
      onProgress: (x) => task.update(x),
    });
    const path = join(this.c.dataDir, 'datasets', `${stem(h.path)}-seed${p.seed}-${stamp()}.jsonl`);
    // A fresh, time-stamped name: the policy only guards against a clash, a device or a symlink planted there.
    writeOutputFile(path, toJsonl(r.items), { inputs: [h.path] });
    return { items: r.items, path, warnings: r.warnings, stats: r.stats };
  }

  async revise(h: OntologyHandle, p: ApiParams<'bench.revise'>, task: Task) {
    const questions = p.datasetPath ? loadDataset(p.datasetPath).items : undefined;
    const outDir = join(this.c.dataDir, 'revisions', `${stem(h.path)}-${stamp()}`);
    const r = await reviseOntology(this.c.ontologies, h.path, {
      questions,
      questionsPath: p.datasetPath,
      outDir,
      signal: task.signal,
      onProgress: (x) => task.update(x),
    });
    const { excluded, ...counts } = r.report;
    return { ...r, report: { ...r.report, counts, excluded } };
  }

  async evaluate(h: OntologyHandle, p: ApiParams<'bench.evaluate'>, task: Task) {
    const ds = loadDataset(p.datasetPath);
    const model = p.method === 'reasoner-only' ? undefined : (p.model ?? this.c.defaultModelSpec() ?? undefined);
    if (p.method !== 'reasoner-only' && !model)
      throw new UserError('usage', `the ${p.method} method needs a model: pick one in the Models view.`);
    const llm = model ? await this.c.createBackend(model, task.signal) : undefined;
    const store = new ResultStore(this.c.evalStorePath);
    try {
      const report = await runEvaluation({
        handle: h,
        items: ds.items,
        datasetHash: ds.hash,
        datasetPath: ds.path,
        method: p.method,
        model,
        llm,
        store,
        queryService: this.c.queryService(h),
        signal: task.signal,
        onProgress: (x) => task.update(x),
        concurrency: p.concurrency,
        protocol: p.protocol,
        nameScope: p.names,
        vocabulary: this.c.agentOptions(h).vocabulary,
      });
      const base = join(this.c.dataDir, 'evaluations', `${stem(h.path)}-${p.method}-${stamp()}`);
      const marks = store.marks(report.runId);
      const markdown = reportMarkdown(report, marks);
      const outputs = { inputs: [h.path, p.datasetPath] };
      checkOutputs({ ...outputs, targets: [`${base}.json`, `${base}.md`] });
      writeOutputFile(`${base}.json`, reportJson(report, marks), outputs);
      writeOutputFile(`${base}.md`, markdown, outputs);
      store.setReportPath(report.runId, `${base}.json`);
      // The evaluation view reads per-level counts and accuracies and per-question cost in one place.
      const levels = new Set([
        ...Object.keys(report.grounding.distribution),
        ...Object.keys(report.grounding.accuracy),
      ]);
      const grounding = Object.fromEntries(
        [...levels].map((l) => [
          l,
          {
            count: report.grounding.distribution[l]?.count ?? 0,
            accuracy: report.grounding.accuracy[l]?.accuracy ?? null,
          },
        ]),
      );
      return {
        ...report,
        byN: report.byConditions,
        grounding,
        groundingDetail: report.grounding,
        cost: {
          calls: report.usage.callsPerQuestion,
          inputTokens: report.usage.inputTokensPerQuestion,
          outputTokens: report.usage.outputTokensPerQuestion,
        },
        reportPath: `${base}.json`,
        markdown,
      };
    } finally {
      store.close();
      await llm?.close();
    }
  }
}
