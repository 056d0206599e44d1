import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { UserError } from '../../../core/errors';
import { TaskCancelledError } from '../../../core/task';
import { FairQueue } from './fair-queue';
import { checkSparql, type SparqlResult } from './raw-sparql';
import type { SparqlReply, SparqlRequest } from './sparql-protocol';

export const DEFAULT_SPARQL_TIMEOUT_MS = 10_000;
export const DEFAULT_SPARQL_MEMORY_MB = 1536;

export interface SparqlRunnerOptions {
  /** Wall-clock limit per query, store loading excluded (OARAG_SPARQL_TIMEOUT_MS, default 10 s). */
  timeoutMs?: number;
  /** Growth of this process's memory a query may cause before it is stopped (OARAG_SPARQL_MEMORY_MB, default 1.5 GiB). */
  memoryMb?: number;
  maxRows?: number;
  /** Overrides the worker module (a bundle that emits sparql-worker.js elsewhere). */
  workerPath?: string;
  /** The longest a query waits for its turn (OARAG_SPARQL_QUEUE_WAIT_MS, default twice the query deadline). */
  maxWaitMs?: number;
}

/** Who sent a query, for the queue's fair share: a socket, an MCP session, the CLI. */
export interface SparqlRunOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  maxRows?: number;
  client?: string;
}

/** Queries one client may have waiting, and all clients together (see FairQueue). */
export const SPARQL_WAITING_PER_CLIENT = 2;
export const SPARQL_WAITING_TOTAL = 8;

interface Slot {
  worker: Worker;
  ready: Promise<void>;
}

/**
 * Raw SPARQL in a worker thread that holds its own copy of the closure store, so the API stays
 * responsive during a costly query. Each query has a wall-clock deadline and a memory budget; past
 * either the worker is terminated (the only way to stop a synchronous WASM call) and the next query
 * starts a fresh one. Queries run one at a time per ontology, through a fair queue with a bounded wait.
 */
export class SparqlRunner {
  private slot: Slot | undefined;
  private readonly queue: FairQueue;
  private nextId = 1;
  private readonly timeoutMs: number;
  private readonly memoryMb: number;

  constructor(
    private readonly graphPath: string,
    private readonly o: SparqlRunnerOptions = {},
  ) {
    this.timeoutMs = o.timeoutMs ?? envNumber('OARAG_SPARQL_TIMEOUT_MS') ?? DEFAULT_SPARQL_TIMEOUT_MS;
    this.memoryMb = o.memoryMb ?? envNumber('OARAG_SPARQL_MEMORY_MB') ?? DEFAULT_SPARQL_MEMORY_MB;
    this.queue = new FairQueue({
      maxWaitMs: o.maxWaitMs ?? envNumber('OARAG_SPARQL_QUEUE_WAIT_MS') ?? 2 * this.timeoutMs,
      perClient: SPARQL_WAITING_PER_CLIENT,
      total: SPARQL_WAITING_TOTAL,
    });
  }

  async run(query: string, opts: SparqlRunOptions = {}): Promise<SparqlResult> {
    checkSparql(query); // refuse updates and non-queries before any thread starts
    return this.queue.run(opts.client ?? 'local', () => this.runOne(query, opts), opts.signal);
  }

  async close(): Promise<void> {
    const s = this.slot;
    this.slot = undefined;
    await s?.worker.terminate();
  }

  private start(): Slot {
    const entry = resolveEntry(this.o.workerPath);
    const worker = new Worker(entry.source, {
      eval: entry.eval,
      workerData: { graphPath: this.graphPath },
      resourceLimits: { maxOldGenerationSizeMb: this.memoryMb },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    const ready = new Promise<void>((resolve, reject) => {
      const onMsg = (m: SparqlReply) => {
        if (m.type === 'ready') resolve();
        else if (m.type === 'load-failed')
          reject(new UserError('sparql-store', `The closure graph could not be loaded for SPARQL: ${m.message}`));
        else return;
        worker.off('message', onMsg);
      };
      worker.on('message', onMsg);
      worker.once('error', (e) =>
        reject(new UserError('sparql-store', `The SPARQL worker failed while loading: ${e.message}`)),
      );
      worker.once('exit', (code) =>
        reject(new UserError('sparql-store', `The SPARQL worker stopped while loading (exit ${code}).`)),
      );
    });
    const slot = { worker, ready };
    worker.once('exit', () => {
      if (this.slot === slot) this.slot = undefined;
    });
    ready.catch(() => {
      if (this.slot === slot) this.slot = undefined;
      void worker.terminate();
    });
    return slot;
  }

  private async runOne(
    query: string,
    opts: { signal?: AbortSignal; timeoutMs?: number; maxRows?: number },
  ): Promise<SparqlResult> {
    if (opts.signal?.aborted) throw new TaskCancelledError();
    const slot = (this.slot ??= this.start());
    await abortable(slot.ready, opts.signal, () => this.kill(slot));
    const id = this.nextId++;
    const timeoutMs = opts.timeoutMs ?? this.timeoutMs;
    const baseline = process.memoryUsage().rss;
    return await new Promise<SparqlResult>((resolve, reject) => {
      let done = false;
      const finish = (f: () => void) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearInterval(poll);
        slot.worker.off('message', onMsg);
        slot.worker.off('error', onError);
        slot.worker.off('exit', onExit);
        opts.signal?.removeEventListener('abort', onAbort);
        f();
      };
      const tooExpensive = (why: string) =>
        finish(() => {
          this.kill(slot);
          reject(
            new UserError(
              'sparql-too-expensive',
              `The query is too expensive: ${why}, so it was stopped. Add LIMIT, make the patterns share variables, or raise the limit (OARAG_SPARQL_TIMEOUT_MS, OARAG_SPARQL_MEMORY_MB).`,
            ),
          );
        });
      const onMsg = (m: SparqlReply) => {
        if (m.type === 'result' && m.id === id) finish(() => resolve(m.result));
        else if (m.type === 'error' && m.id === id) finish(() => reject(new UserError(m.error.code, m.error.message)));
      };
      const onError = (e: Error & { code?: string }) => {
        if (e.code === 'ERR_WORKER_OUT_OF_MEMORY')
          tooExpensive(`it needed more than the ${this.memoryMb} MB memory budget`);
        else finish(() => reject(new UserError('sparql-worker', `The SPARQL worker failed: ${e.message}`)));
      };
      const onExit = (code: number) =>
        finish(() => reject(new UserError('sparql-worker', `The SPARQL worker stopped (exit ${code}).`)));
      const onAbort = () =>
        finish(() => {
          this.kill(slot);
          reject(new TaskCancelledError());
        });
      const timer = setTimeout(() => tooExpensive(`it ran longer than ${fmtSeconds(timeoutMs)}`), timeoutMs);
      // The engine's own memory is WASM memory, outside the worker's heap limit; watch the process instead.
      const poll = setInterval(() => {
        if (process.memoryUsage().rss - baseline > this.memoryMb * 2 ** 20)
          tooExpensive(`it needed more than the ${this.memoryMb} MB memory budget`);
      }, 100);
      slot.worker.on('message', onMsg);
      slot.worker.once('error', onError);
      slot.worker.once('exit', onExit);
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      slot.worker.postMessage({ id, query, maxRows: opts.maxRows ?? this.o.maxRows ?? 1000 } satisfies SparqlRequest);
    });
  }

  private kill(slot: Slot): void {
    if (this.slot === slot) this.slot = undefined;
    void slot.worker.terminate();
  }
}

function abortable<T>(p: Promise<T>, signal: AbortSignal | undefined, onAbort: () => void): Promise<T> {
  if (!signal) return p;
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      onAbort();
      reject(new TaskCancelledError());
    };
    signal.addEventListener('abort', abort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

function fmtSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

function envNumber(name: string): number | undefined {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : undefined;
}

/**
 * As for the model process: from sources (tsx, vitest) the .ts worker, loaded through tsx's module hooks
 * registered inside the worker (a worker's `--import` flag does not reach its entry module); from a build,
 * sparql-worker.js next to this code.
 */
function resolveEntry(explicit?: string, here: string = import.meta.url): { source: string; eval: boolean } {
  const fromTs = /\.[cm]?ts$/.test(here);
  const path =
    explicit ??
    process.env.OARAG_SPARQL_WORKER ??
    fileURLToPath(new URL(fromTs ? './sparql-worker.ts' : './sparql-worker.js', here));
  if (!existsSync(path))
    throw new Error(`The SPARQL worker module ${path} is missing; a bundled build must emit sparql-worker.js.`);
  if (!/\.[cm]?ts$/.test(path)) return { source: path, eval: false };
  let api: string;
  try {
    // The ESM entry of tsx's API (createRequire would give the CommonJS one, which cannot register ESM hooks).
    const pkg = createRequire(here).resolve('tsx/package.json');
    api = pathToFileURL(join(dirname(pkg), 'dist', 'esm', 'api', 'index.mjs')).href;
  } catch {
    throw new Error(
      'Running the SPARQL worker from TypeScript sources needs the tsx package; build the app or install tsx.',
    );
  }
  const source = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(pathToFileURL(path).href)}); });`;
  return { source, eval: true };
}
