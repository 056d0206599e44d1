import { basename, dirname, extname, join } from 'node:path';
import type { NameScopeMode } from '../agent/loop-context';
import type { AgentProtocol } from '../agent/agent-types';
import type { AgentVocabulary } from '../agent/structured/vocabulary';
import { UserError } from '../core/errors';
import { checkOutputs, checkStoreFile, writeOutputFileAsync } from '../core/output-policy';
import type { TaskProgress } from '../core/task-types';
import { readDataset } from '../datasets/generate/dataset';
import { stamp, stem } from '../datasets/datasets-service';
import type { LlmBackend } from '../llm/types';
import type { OntologyHandle } from '../ontology/ontology-handle';
import type { QueryService } from '../query/exec/query-service';
import type { ReviewMark } from './evaluation-types';
import { selectItems, type SelectionRequest } from './item-selection';
import { needsLlm, type MethodName } from './methods';
import { reportJsonChunks, reportMarkdown } from './report';
import { ResultStore } from './result-store';
import { runEvaluation, type EvalReport } from './runner';

export interface EvaluateRequest {
  datasetPath: string;
  method: MethodName;
  /** No model: the default one. Ignored by reasoner-only. */
  model?: string;
  concurrency?: number;
  /** How long a server outage is waited out before the run stops, writing what it has (default 120 s). */
  retryForMs?: number;
  protocol?: AgentProtocol | 'auto';
  names?: NameScopeMode;
  /** Who drives the oa-rag agent's queries (default: the setting). */
  driver?: 'auto' | 'policy' | 'react';
  fresh?: boolean;
  persona?: string;
  /** The JSON report; its Markdown sibling is `<out without extension>.md`. Default: under the data folder. */
  out?: string;
  /** The results store (default: the workbench's own). */
  storePath?: string;
  /** Replace existing report files. */
  force?: boolean;
  /** Only some items: the first N, or N drawn at random with a seed (see selectItems). */
  items?: SelectionRequest;
}

export interface EvaluationRun {
  report: EvalReport;
  marks: Map<string, ReviewMark>;
  jsonPath: string;
  markdownPath: string;
  markdown: string;
  storePath: string;
}

export interface EvaluationServiceDeps {
  dataDir: string;
  storePath: string;
  defaultModel: () => string | null;
  createBackend: (spec: string, signal?: AbortSignal) => Promise<LlmBackend>;
  queryService: (h: OntologyHandle) => QueryService;
  vocabulary: (h: OntologyHandle) => AgentVocabulary | null;
  /** The agentDriver setting, read at each run. */
  driver?: () => 'auto' | 'policy' | 'react';
}

/** Runs a method over a dataset, stores every scored item and writes the JSON and Markdown reports. */
export class EvaluationService {
  constructor(private readonly deps: EvaluationServiceDeps) {}

  async run(
    h: OntologyHandle,
    req: EvaluateRequest,
    io: { signal?: AbortSignal; onProgress?: (p: TaskProgress) => void } = {},
  ): Promise<EvaluationRun> {
    const model = needsLlm(req.method) ? (req.model ?? this.deps.defaultModel() ?? undefined) : undefined;
    if (needsLlm(req.method) && !model)
      throw new UserError('usage', `the ${req.method} method needs a model: pick one in the Models view.`);
    const jsonPath = req.out ?? join(this.deps.dataDir, 'evaluations', `${stem(h.path)}-${req.method}-${stamp()}.json`);
    const markdownPath = join(dirname(jsonPath), `${basename(jsonPath, extname(jsonPath))}.md`);
    if (markdownPath === jsonPath)
      throw new UserError(
        'usage',
        `${jsonPath} would be overwritten by its own Markdown report; give it a .json name.`,
      );
    const storePath = req.storePath ?? this.deps.storePath;
    const outputs = { inputs: [h.path, req.datasetPath, storePath], force: req.force === true };
    checkOutputs({ ...outputs, targets: [jsonPath, markdownPath] });
    checkStoreFile(storePath, [h.path, req.datasetPath]);
    const dataset = await readDataset(req.datasetPath);
    const { items, selection } = selectItems(dataset.items, req.items ?? {});
    const store = openResultStore(storePath);
    let llm: LlmBackend | undefined;
    try {
      if (model) llm = await this.deps.createBackend(model, io.signal);
      const report = await runEvaluation({
        handle: h,
        items,
        datasetHash: dataset.hash,
        datasetPath: dataset.path,
        fresh: req.fresh === true,
        method: req.method,
        model: model ?? 'none',
        llm,
        store,
        queryService: this.deps.queryService(h),
        persona: req.persona,
        signal: io.signal,
        onProgress: io.onProgress,
        concurrency: req.concurrency,
        retryForMs: req.retryForMs,
        protocol: req.protocol,
        nameScope: req.names,
        driver: req.driver ?? this.deps.driver?.(),
        vocabulary: this.deps.vocabulary(h),
      });
      report.selection = selection;
      const marks = store.marks(report.runId);
      // Each step of a large report (tens of MB at 30,000 items) gets its own turn of the event loop.
      const turn = () => new Promise<void>((r) => setImmediate(r));
      await turn();
      const markdown = reportMarkdown(report, marks);
      const json = await reportJsonChunks(report, marks);
      await writeOutputFileAsync(jsonPath, json, outputs);
      await writeOutputFileAsync(markdownPath, markdown, outputs);
      store.setReportPath(report.runId, jsonPath);
      return { report, marks, jsonPath, markdownPath, markdown, storePath };
    } finally {
      store.close();
      await llm?.close();
    }
  }
}

/** The results store, or a clear error when the path names something that is not one (never its content). */
function openResultStore(path: string): ResultStore {
  try {
    return new ResultStore(path);
  } catch (e) {
    const code = (e as { code?: string }).code;
    const why =
      code === 'SQLITE_NOTADB'
        ? 'is not an SQLite results store'
        : code === 'SQLITE_CANTOPEN'
          ? 'cannot be opened as a database (is it a folder?)'
          : `cannot be used (${code ?? (e as Error).message})`;
    throw new UserError('bad-store', `The results store ${path} ${why}; give a new or existing results .sqlite file.`);
  }
}
