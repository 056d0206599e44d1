import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiParams, AppInfo, ModelInfo } from './api/contract';
import { HistoryStore } from './agent/history-store';
import { defaultCacheDir, defaultDataDir, resourcePath, sharedOntologiesDir } from './core/paths';
import { UserError } from './core/errors';
import { grammarMaxNames, grammarVocabulary } from './agent/structured/grammar-vocabulary';
import type { AgentVocabulary } from './agent/structured/vocabulary';
import { availableBuiltinModel } from './llm/models/builtin-model';
import type { Task } from './core/task';
import { TaskRegistry } from './core/task-registry';
import { appVersion } from './core/version';
import type { LlmBackend } from './llm/types';
import type { OntologyHandle } from './ontology/ontology-handle';
import { OntologyService } from './ontology/ontology-service';
import { QueryService } from './query/exec/query-service';
import { ModelsService } from './llm/service/models-service';
import { BenchService } from './datasets/datasets-service';
import { EvalReview } from './evaluation/review';
import { SettingsStore } from './settings/settings-store';

export interface ContainerOptions {
  cacheDir?: string;
  dataDir?: string;
  env?: NodeJS.ProcessEnv;
}

/** Benchmark work behind the API; filled in by the benchmark services. */
export interface BenchFacade {
  generate(h: OntologyHandle, p: ApiParams<'bench.generate'>, task: Task): Promise<unknown>;
  revise(h: OntologyHandle, p: ApiParams<'bench.revise'>, task: Task): Promise<unknown>;
  evaluate(h: OntologyHandle, p: ApiParams<'bench.evaluate'>, task: Task): Promise<unknown>;
}

export interface ModelsFacade {
  list(): Promise<ModelInfo[]> | ModelInfo[];
  import(path: string): Promise<ModelInfo>;
  download(url: string, task: Task): Promise<unknown>;
  test(spec: string): Promise<{ text: string; ms: number; outputTokens: number }>;
}

const notYet = (what: string) => () => {
  throw new UserError('unavailable', `${what} is not available in this build.`);
};

/** Builds every service once, in dependency order; the CLI, the web server and Electron all share it. */
export class Container {
  readonly env: NodeJS.ProcessEnv;
  readonly cacheDir: string;
  readonly dataDir: string;
  readonly ontologies: OntologyService;
  readonly tasks = new TaskRegistry();
  readonly settings: SettingsStore;
  readonly history: HistoryStore;
  readonly bench: BenchFacade;
  /** Per-question review of stored evaluation runs (the same results store the runs write). */
  readonly review: EvalReview;
  models: ModelsFacade = {
    list: () => [],
    import: notYet('Model import'),
    download: notYet('Model download'),
    test: notYet('Model test'),
  };
  createBackend: (spec: string, signal?: AbortSignal) => Promise<LlmBackend> = notYet('Model backends');
  private readonly queries = new WeakMap<OntologyHandle, QueryService>();

  constructor(opts: ContainerOptions = {}) {
    this.env = opts.env ?? process.env;
    this.cacheDir = opts.cacheDir ?? defaultCacheDir(this.env);
    this.dataDir = opts.dataDir ?? defaultDataDir(this.env);
    this.ontologies = new OntologyService({ cacheDir: this.cacheDir, appVersion: appVersion() });
    this.settings = new SettingsStore(this.dataDir);
    this.history = new HistoryStore(join(this.dataDir, 'history.sqlite'));
    const models = new ModelsService(
      this.modelsDir,
      () => this.settings.get(),
      process.cwd(),
      () => this.builtinModel(),
      { cacheDir: this.cacheDir, env: this.env },
    );
    this.models = {
      list: () => models.list(),
      import: (p) => models.import(p),
      download: (u, t) => models.download(u, t),
      test: (spec) => models.test(spec),
    };
    this.createBackend = (spec, signal) => models.create(spec, signal);
    this.review = new EvalReview(this.evalStorePath);
    const bench = new BenchService(this);
    this.bench = {
      generate: (h, p, t) => bench.generate(h, p, t),
      revise: (h, p, t) => bench.revise(h, p, t),
      evaluate: (h, p, t) => bench.evaluate(h, p, t),
    };
  }

  get evalStorePath(): string {
    return join(this.dataDir, 'eval-results.sqlite');
  }

  /** The model used when none is named: the settings' default, else the built-in one if it was fetched. */
  defaultModelSpec(): string | null {
    return this.settings.get().defaultModel ?? this.builtinModel();
  }

  /** The built-in model's file if the fetch script put it in this container's cache folder. */
  builtinModel(): string | null {
    const dir = this.env.OARAG_BUILTIN_MODELS_DIR ?? join(this.cacheDir, 'models');
    return availableBuiltinModel({ OARAG_BUILTIN_MODELS_DIR: dir });
  }

  /** What the agent needs from an opened ontology beyond its query service: the names a step grammar may offer. */
  agentOptions(h: OntologyHandle): { vocabulary: AgentVocabulary | null; allowExplain: boolean } {
    return { vocabulary: grammarVocabulary(h, grammarMaxNames(this.env)), allowExplain: true };
  }

  get modelsDir(): string {
    return this.env.OARAG_MODELS_DIR ?? join(this.dataDir, 'models');
  }

  /** One query service per opened ontology: its name indexes are built once and reused. */
  queryService(h: OntologyHandle): QueryService {
    let qs = this.queries.get(h);
    if (!qs) {
      qs = new QueryService(h, { explain: (a, r, b) => this.ontologies.explain(h, a, r, b) });
      this.queries.set(h, qs);
    }
    return qs;
  }

  appInfo(mode: 'desktop' | 'web'): AppInfo {
    const sample = resourcePath('samples', 'cardio.ofn');
    const shared = sharedOntologiesDir(this.env);
    return {
      version: appVersion(),
      mode,
      cacheDir: this.cacheDir,
      dataDir: this.dataDir,
      modelsDir: this.modelsDir,
      sampleOntology: existsSync(sample) ? sample : null,
      sharedOntologies: existsSync(shared) ? shared : null,
      defaultModel: this.defaultModelSpec(),
      builtinModel: this.builtinModel(),
    };
  }

  start(): void {
    mkdirSync(this.dataDir, { recursive: true });
    this.ontologies.start();
    this.tasks.start();
    this.settings.start();
  }

  async stop(): Promise<void> {
    this.tasks.stop();
    this.history.stop();
    await this.ontologies.stop();
  }
}
