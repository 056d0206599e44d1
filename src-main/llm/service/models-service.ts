import { basename } from 'node:path';
import type { Settings } from '../../settings/settings-types';
import type { ModelInfo } from '../models/model-types';
import type { Task } from '../../core/task';
import { backendFactory } from '../backend-spec';
import { BackoffGate, gatedFetch } from '../openai/backoff-gate';
import { inspectGguf, type GgufFacts } from '../gguf/gguf-facts';
import { downloadModel, importModel, listModels } from '../models';
import type { LlmBackend } from '../types';

/** The models folder and backend creation for the API and the CLI, configured from settings. */
export class ModelsService {
  constructor(
    private readonly modelsDir: string,
    private readonly settings: () => Settings,
    private readonly cwd: string = process.cwd(),
    /** The built-in model's file, when fetched; listed first and marked as built in. */
    private readonly builtin: () => string | null = () => null,
    /** `cacheDir` keeps what each OpenAI-compatible server supports; `env` holds the API key the settings name. */
    private readonly extra: { cacheDir?: string; env?: NodeJS.ProcessEnv } = {},
  ) {}

  async create(spec: string, signal?: AbortSignal): Promise<LlmBackend> {
    const s = this.settings();
    const f = backendFactory(spec, {
      cwd: this.cwd,
      local: {
        threads: s.local.threads ?? undefined,
        gpuLayers: s.local.gpuLayers ?? undefined,
        contextSize: s.local.contextSize ?? undefined,
      },
      // Requests in flight side by side (eval --concurrency) back off together when the server refuses.
      openai: {
        fetch: gatedFetch(new BackoffGate()),
        apiKeyEnv: s.openai.apiKeyEnv,
        env: this.extra.env,
        capabilityCacheDir: this.extra.cacheDir ?? null,
      },
    });
    const backend = await f.create();
    if (signal?.aborted) {
      await backend.close();
      throw new Error('Cancelled.');
    }
    return backend;
  }

  async list(): Promise<ModelInfo[]> {
    const own = (await listModels(this.modelsDir)).map((e) =>
      e.ok
        ? info(e.facts)
        : {
            path: e.file,
            fileName: basename(e.file),
            sizeBytes: 0,
            architecture: null,
            quantisation: null,
            contextLength: null,
            error: e.problem,
          },
    );
    const b = this.builtin();
    if (!b || own.some((m) => m.path === b)) return own;
    try {
      return [{ ...info(await inspectGguf(b)), builtIn: true }, ...own];
    } catch (e) {
      return [
        {
          path: b,
          fileName: basename(b),
          sizeBytes: 0,
          architecture: null,
          quantisation: null,
          contextLength: null,
          builtIn: true,
          error: (e as Error).message,
        },
        ...own,
      ];
    }
  }

  async import(path: string): Promise<ModelInfo> {
    return info((await importModel(path, this.modelsDir)).facts);
  }

  async download(uri: string, task: Task): Promise<ModelInfo> {
    const r = await downloadModel({
      uri,
      dir: this.modelsDir,
      signal: task.signal,
      onProgress: (p) => task.update({ stage: 'download', fraction: p.fraction }),
    });
    return info(r.facts);
  }

  /** One short prompt, to check that a backend answers at all. */
  async test(spec: string): Promise<{ text: string; ms: number; outputTokens: number }> {
    const b = await this.create(spec);
    try {
      const t0 = performance.now();
      const r = await b.chat([{ role: 'user', content: 'Reply with the single word: ready' }], { maxTokens: 16 });
      return { text: r.text, ms: Math.round(performance.now() - t0), outputTokens: r.outputTokens };
    } finally {
      await b.close();
    }
  }
}

function info(f: GgufFacts): ModelInfo {
  return {
    path: f.path,
    fileName: basename(f.path),
    sizeBytes: f.sizeBytes,
    architecture: f.architecture,
    quantisation: f.quantisation,
    contextLength: f.contextLength ?? null,
    parameters: formatParams(f.parameterCount),
  };
}

function formatParams(n: number): string {
  return n >= 1e9 ? `${(n / 1e9).toFixed(1)}B` : n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : `${n}`;
}
