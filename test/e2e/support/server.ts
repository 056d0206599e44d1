import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { REPO } from './renderer-build';

export interface ServedApp {
  url: string;
  origin: string;
  port: number;
  token: string;
  dataDir: string;
  cacheDir: string;
  /** The server process's id. */
  pid: number;
  stderr(): string;
  stop(): Promise<void>;
}

/**
 * Starts `oarag serve --port 0` as a child process with fresh data and cache folders and waits for its
 * one stdout line "Serving on http://127.0.0.1:<port>/?token=<token>".
 */
export async function startServer(
  env: Record<string, string> = {},
  /** Runs before the server starts, e.g. to write a settings.json into its data folder. */
  prepare?: (dirs: { dataDir: string; cacheDir: string }) => void,
  /** Node flags before the CLI's own (perf's probes preload a module this way). */
  nodeArgs: string[] = [],
): Promise<ServedApp> {
  const root = mkdtempSync(join(tmpdir(), 'oarag-e2e-'));
  const dataDir = join(root, 'data');
  const cacheDir = join(root, 'cache');
  if (prepare) {
    mkdirSync(dataDir, { recursive: true });
    prepare({ dataDir, cacheDir });
  }
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', 'src-main/cli/bin.ts', 'serve', '--port', '0'],
    {
      cwd: REPO,
      env: {
        ...process.env,
        OARAG_DATA_DIR: dataDir,
        OARAG_CACHE_DIR: cacheDir,
        OARAG_MODELS_DIR: join(root, 'models'),
        // The cache is a fresh folder, and the built-in model in the user's cache would still be found: a test wants it named.
        OARAG_BUILTIN_MODELS_DIR: join(root, 'builtin-models'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-20_000)));
  const lines: string[] = [];
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`oarag serve printed nothing in 60 s.\n${err}`)), 60_000);
    const rl = createInterface({ input: child.stdout! });
    rl.on('line', (l) => {
      lines.push(l);
      if (lines.length === 1) {
        clearTimeout(timer);
        resolve(l);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`oarag serve exited with ${code}.\n${err}`));
    });
  });
  const m = /^Serving on (http:\/\/127\.0\.0\.1:(\d+))\/\?token=([A-Za-z0-9_-]+)$/.exec(line);
  if (!m) throw new Error(`Unexpected first line from oarag serve: ${JSON.stringify(line)}`);
  return {
    url: line.slice('Serving on '.length),
    origin: m[1],
    port: Number(m[2]),
    token: m[3],
    dataDir,
    cacheDir,
    pid: child.pid!,
    stderr: () => err,
    /** Extra stdout lines (there must be none). */
    get extraStdout() {
      return lines.slice(1);
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(t);
      }
      rmSync(root, { recursive: true, force: true });
    },
  } as ServedApp;
}
