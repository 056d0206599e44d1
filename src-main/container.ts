import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppInfo } from './api/contract';
import { HistoryStore } from './agent/history-store';
import { defaultCacheDir, defaultDataDir, resourcePath, sharedOntologiesDir } from './core/paths';
import { grammarMaxNames, grammarVocabulary } from './agent/structured/grammar-vocabulary';
import type { AgentVocabulary } from './agent/structured/vocabulary';
import { availableBuiltinModel } from './llm/models/builtin-model';
import { TaskRegistry } from './core/task-registry';
import { appVersion } from './core/version';
import type { LlmBackend } from './llm/types';
import type { OntologyHandle } from './ontology/ontology-handle';
import { OntologyService } from './ontology/ontology-service';
import { OpenOntologies } from './ontology/open-ontologies';
import { JUSTIFICATION_LIMIT, StatedService } from './ontology/stated/stated-service';
import { TreeService } from './ontology/tree/tree-service';
import { FileWatcher } from './ontology/watch/file-watcher';
import { deciderFor } from './query/verdicts/decider-for';
import { QueryService } from './query/exec/query-service';
import { ModelsService } from './llm/service/models-service';
import { DatasetsService } from './datasets/datasets-service';
import { EvaluationService } from './evaluation/evaluation-service';
import { EvalReview } from './evaluation/review';
import { FileBrowser } from './files/file-browser';
import { SettingsStore } from './settings/settings-store';

export interface ContainerOptions {
  cacheDir?: string;
  dataDir?: string;
  env?: NodeJS.ProcessEnv;
}

/** Builds every service once, in dependency order; the CLI, the web server and Electron all share it. */
export class Container {
  readonly env: NodeJS.ProcessEnv;
  readonly cacheDir: string;
  readonly dataDir: string;
  readonly ontologies: OntologyService;
  readonly tasks = new TaskRegistry();
  /** The ontologies served to clients (the API's, MCP's), by path and by file name; tasks hold them. */
  readonly openOntologies: OpenOntologies;
  /** The files of the ontologies the API has open, so the UI can offer a reload when one changes. */
  readonly fileWatcher = new FileWatcher();
  readonly settings: SettingsStore;
  readonly history: HistoryStore;
  readonly models: ModelsService;
  readonly datasets: DatasetsService;
  readonly evaluation: EvaluationService;
  /** What the ontology states beside what ELK inferred: stated marks, a class's axioms, unsatisfiability. */
  readonly stated: StatedService;
  /** The concept tree's hierarchies: inferred, asserted, or a relation's. */
  readonly trees: TreeService;
  /** Per-question review of stored evaluation runs (the same results store the runs write). */
  readonly review: EvalReview;
  /** The web mode's file picker, limited to the allowed folders (settings.fileRoots, else the defaults). */
  readonly files = new FileBrowser({
    paths: () => this.settings.get().fileRoots ?? Object.keys(this.defaultFileRoots()),
    labels: () => this.defaultFileRoots(),
  });
  private readonly queries = new WeakMap<OntologyHandle, QueryService>();
  private readonly started: Service[] = [];
  /** Label languages for this process alone (the CLI's --languages), in place of the setting. */
  nameLanguages: string[] | undefined;
  /** The catalog for this process alone (the CLI's --catalog), used by every load that names none. */
  catalog: string | undefined;
  /** The DL reasoner's deadline per statement for this process alone (the CLI's --dl-deadline), in place of the setting. */
  dlDeadlineMs: number | undefined;

  constructor(opts: ContainerOptions = {}) {
    this.env = opts.env ?? process.env;
    this.cacheDir = opts.cacheDir ?? defaultCacheDir(this.env);
    this.dataDir = opts.dataDir ?? defaultDataDir(this.env);
    this.ontologies = new OntologyService({
      cacheDir: this.cacheDir,
      appVersion: appVersion(),
      // Read at each open: a changed preference names entities anew in a cache of its own.
      naming: () => ({ languages: this.nameLanguages ?? this.settings.get().nameLanguages }),
      catalog: () => this.catalog,
    });
    this.openOntologies = new OpenOntologies({ tasks: this.tasks, release: (h) => this.closeOntology(h) });
    this.stated = new StatedService({
      bridgeFor: (h, signal) => this.ontologies.bridgeHolding(h, signal),
      explain: (h, a, r, b, signal, opts) => this.ontologies.explain(h, a, r, b, signal, opts),
    });
    this.trees = new TreeService(this.stated);
    this.settings = new SettingsStore(this.dataDir);
    this.history = new HistoryStore(join(this.dataDir, 'history.sqlite'));
    this.models = new ModelsService(
      this.modelsDir,
      () => this.settings.get(),
      process.cwd(),
      () => this.builtinModel(),
      { cacheDir: this.cacheDir, env: this.env },
    );
    this.review = new EvalReview(this.evalStorePath);
    this.datasets = new DatasetsService({
      dataDir: this.dataDir,
      ontologies: this.ontologies,
      decider: (h) => this.queryService(h).decider,
    });
    this.evaluation = new EvaluationService({
      dataDir: this.dataDir,
      storePath: this.evalStorePath,
      defaultModel: () => this.defaultModelSpec(),
      createBackend: (spec, signal) => this.createBackend(spec, signal),
      queryService: (h) => this.queryService(h),
      vocabulary: (h) => this.agentOptions(h).vocabulary,
      driver: () => this.settings.get().agentDriver,
    });
  }

  /** A backend for a model spec (GGUF path, openai:…, scripted:…); tests replace this to script the LLM. */
  createBackend(spec: string, signal?: AbortSignal): Promise<LlmBackend> {
    return this.models.create(spec, signal);
  }

  get evalStorePath(): string {
    return join(this.dataDir, 'eval-results.sqlite');
  }

  /** The model used when none is named: the settings' default, else the built-in one if it was fetched. */
  defaultModelSpec(): string | null {
    return this.settings.get().defaultModel ?? this.builtinModel();
  }

  /**
   * The built-in model's file: in this container's cache folder, or where `npm install` fetched it
   * (the default cache), so that moving the cache does not hide it.
   */
  builtinModel(): string | null {
    return availableBuiltinModel({ ...this.env, OARAG_CACHE_DIR: this.cacheDir });
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
      const deadline = () => this.dlDeadlineMs ?? this.settings.get().dlDeadlineMs;
      qs = new QueryService(h, {
        explain: (a, r, b, limit) => this.ontologies.explain(h, a, r, b, undefined, { limit }),
        // The console, the card and the CLI show every justification up to the limit; agents ask for one.
        justificationLimit: JUSTIFICATION_LIMIT,
        decider: deciderFor(h, this.ontologies.verdictStore(h), this.ontologies.verdictBridge(h)),
        // Read at each query: a changed setting applies to the open ontology at once.
        get dlDeadlineMs() {
          return deadline();
        },
      });
      this.queries.set(h, qs);
    }
    return qs;
  }

  /** Forgets an opened ontology: its query service (name indexes) and its handle (cache file, closure, store). */
  closeOntology(h: OntologyHandle): void {
    this.queries.delete(h);
    this.ontologies.close(h);
  }

  /** The folders the file browser allows unless the settings say otherwise, with their names. */
  defaultFileRoots(): Record<string, string> {
    return {
      [sharedOntologiesDir(this.env)]: 'Shared ontologies',
      [resourcePath('samples')]: 'Samples',
      [this.dataDir]: 'Workbench data',
    };
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
      settingsProblems: this.settings.problems(),
    };
  }

  /**
   * Starts the services in dependency order (each may use those before it). When one fails, those
   * already started are stopped again, newest first, and the failure is thrown.
   */
  async start(): Promise<void> {
    if (this.started.length) return;
    for (const s of this.lifecycle()) {
      try {
        s.start();
      } catch (e) {
        await this.stop().catch(() => {
          // The start's own failure is the one worth reporting.
        });
        throw e;
      }
      this.started.push(s);
    }
  }

  /** Stops what start() started, in reverse order; every one is stopped even if another fails. */
  async stop(): Promise<void> {
    let first: unknown;
    for (const s of this.started.splice(0).reverse()) {
      try {
        await s.stop();
      } catch (e) {
        first ??= e;
      }
    }
    if (first !== undefined) throw first;
  }

  /** The services with a start and a stop, in the order they start. */
  private lifecycle(): Service[] {
    return [
      // The data folder, which the settings, the history and the results stores live in.
      { start: () => mkdirSync(this.dataDir, { recursive: true }), stop: () => {} },
      { start: () => this.settings.start(), stop: () => this.settings.stop() },
      { start: () => this.ontologies.start(), stop: () => this.ontologies.stop() },
      // Stopped before the ontology service, so each served handle is released through it.
      { start: () => this.openOntologies.start(), stop: () => this.openOntologies.stop() },
      // Opened at its first use; closed only after the tasks that write to it were cancelled.
      { start: () => {}, stop: () => this.history.stop() },
      { start: () => this.fileWatcher.start(), stop: () => this.fileWatcher.stop() },
      // Last: a task may use every service above, so tasks are cancelled before any of them stops.
      { start: () => this.tasks.start(), stop: () => this.tasks.stop() },
    ];
  }
}

/** One step of the container's start, and what undoes it. */
interface Service {
  start(): void;
  stop(): void | Promise<void>;
}
