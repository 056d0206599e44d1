import { freemem, totalmem } from 'node:os';
import { basename, resolve } from 'node:path';
import type { ModelRunSettings, Settings } from '../../settings/settings-types';
import type { MemoryEstimate, ModelInfo } from '../models/model-types';
import type { Task } from '../../core/task';
import { backendFactory, parseBackendSpec } from '../backend-spec';
import { apiKeyEnvFor } from '../openai/api-key';
import { BackoffGate, gatedFetch } from '../openai/backoff-gate';
import { inspectGguf, type GgufFacts } from '../gguf/gguf-facts';
import { LlmError } from '../errors';
import { GgufFormatError, readGgufHeader } from '../gguf/gguf-reader';
import { defaultContextSize } from '../local/machine-defaults';
import { cpuHasAmx } from '../models/cpu-features';
import { estimateMemory } from '../models/memory-estimate';
import { removeModel } from '../models/model-remove';
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
    private readonly extra: {
      cacheDir?: string;
      env?: NodeJS.ProcessEnv;
      /** Free and total memory (tests pin them); default os.freemem() and os.totalmem(). */
      memory?: () => { free: number; total: number };
      /** Whether the CPU has AMX (tests pin it); default read from /proc/cpuinfo. */
      amx?: boolean;
    } = {},
  ) {}

  /** A local model's run settings: its own (settings.models) over the local ones; null = the machine default. */
  runSettings(modelPath: string): ModelRunSettings {
    const s = this.settings();
    const own = s.models[resolve(this.cwd, modelPath)];
    return {
      contextSize: own?.contextSize ?? s.local.contextSize,
      threads: own?.threads ?? s.local.threads,
      gpuLayers: own?.gpuLayers ?? s.local.gpuLayers,
      temperature: own?.temperature ?? null,
    };
  }

  async create(spec: string, signal?: AbortSignal): Promise<LlmBackend> {
    const s = this.settings();
    const parsed = parseBackendSpec(spec, this.cwd);
    const run = parsed.kind === 'local' ? this.runSettings(parsed.modelPath) : null;
    const f = backendFactory(parsed, {
      cwd: this.cwd,
      local: {
        threads: run?.threads ?? undefined,
        gpuLayers: run?.gpuLayers ?? undefined,
        contextSize: run?.contextSize ?? undefined,
        temperature: run?.temperature ?? undefined,
      },
      // Requests in flight side by side (eval --concurrency) back off together when the server refuses.
      openai: {
        fetch: gatedFetch(new BackoffGate()),
        // Only the key configured for this server's host (api-key.ts); none for any other.
        apiKeyEnv: parsed.kind === 'openai' ? (apiKeyEnvFor(parsed.baseUrl, s)?.env ?? null) : null,
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

  /**
   * What loading a local model would take for a context size (by default the one its run settings give),
   * from the GGUF header alone, against the memory free right now.
   */
  async estimate(path: string, contextSize?: number): Promise<MemoryEstimate> {
    const file = resolve(this.cwd, path);
    // Per-layer head counts are short arrays; keep them (the tokenizer's long arrays are still skipped).
    const header = await readGgufHeader(file, { maxArrayItemsKept: 4096 }).catch((e: unknown) => {
      if (e instanceof GgufFormatError)
        throw new LlmError('model-invalid', `${basename(file)} cannot be estimated: ${e.message}`, { cause: e });
      throw e;
    });
    const run = this.runSettings(file);
    const own = this.settings().models[file]?.contextSize;
    const train = header.metadata.get(`${String(header.metadata.get('general.architecture'))}.context_length`);
    const ctx = contextSize ?? run.contextSize ?? defaultContextSize(typeof train === 'number' ? train : undefined);
    const from = contextSize ? 'request' : own ? 'model' : run.contextSize ? 'local' : 'default';
    const mem = this.extra.memory?.() ?? { free: freemem(), total: totalmem() };
    return estimateMemory(header, {
      path: file,
      contextSize: ctx,
      contextFrom: from,
      freeBytes: mem.free,
      machineBytes: mem.total,
      amx: this.extra.amx ?? cpuHasAmx(),
    });
  }

  /** Deletes a model file in the models folder (the built-in one only with allowBuiltin); returns its path. */
  remove(path: string, o: { allowBuiltin?: boolean } = {}): Promise<string> {
    return removeModel(resolve(this.cwd, path), this.modelsDir, {
      builtin: this.builtin(),
      allowBuiltin: o.allowBuiltin,
    });
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
