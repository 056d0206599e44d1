import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface WorkerEntry {
  /** The module to fork. */
  path: string;
  /** Node flags for the child: `--import <tsx loader>` for a .ts entry, none for .js. */
  execArgv: string[];
}

/**
 * Where the model process's entry module is, and how to start it.
 * - From sources (tsx, vitest): this module's URL ends in .ts, so the worker is ./llama-worker.ts and the
 *   child gets `--import <absolute URL of tsx's loader>` (resolved from here, so the child's cwd does not matter).
 * - From compiled JS (tsc output, or a bundle that emits llama-worker.js next to this code): plain Node.
 * `explicitPath` (the backend's `workerPath` option, or OARAG_LLAMA_WORKER) overrides both, e.g. for a bundle.
 */
export function resolveWorkerEntry(explicitPath?: string, here: string = import.meta.url): WorkerEntry {
  const path =
    explicitPath ??
    process.env.OARAG_LLAMA_WORKER ??
    fileURLToPath(new URL(/\.[cm]?ts$/.test(here) ? './llama-worker.ts' : './llama-worker.js', here));
  if (!existsSync(path)) {
    throw new Error(
      `The model process entry ${path} is missing; a bundled build must emit llama-worker.js (or pass workerPath).`,
    );
  }
  return { path, execArgv: /\.[cm]?ts$/.test(path) ? ['--import', tsxLoaderUrl(here)] : [] };
}

function tsxLoaderUrl(here: string): string {
  try {
    return pathToFileURL(createRequire(here).resolve('tsx')).href;
  } catch {
    throw new Error(
      'Running the model process from TypeScript sources needs the tsx package; build the app or install tsx.',
    );
  }
}
