import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { CliIo } from '../../src-main/cli/cli-io';
import { runArgs } from '../../src-main/cli/run-args';
import { Container } from '../../src-main/container';
import type { OntologyHandle } from '../../src-main/ontology/ontology-handle';
import { tempDir } from './temp-dir';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

export interface CliHarnessOptions {
  /** What the container and the CLI see as the environment; by default nothing from the shell, and no built-in model. */
  env?: NodeJS.ProcessEnv;
  /** An ontology every --ontology opens instead of going through the bridge (unit tests have no JVM). */
  fixture?: () => Promise<{ handle: OntologyHandle; cleanup: () => void }>;
}

export interface CliHarness {
  /** The temp folder: the CLI's working directory, and the home of the container's cache/ and data/. */
  readonly dir: string;
  /** The started container (only inside tests and hooks). */
  readonly container: Container;
  /** Runs `oarag <args>` against the container, stdout and stderr captured, not a TTY. */
  cli(args: string[]): Promise<CliRun>;
}

/**
 * The scaffolding of a CLI test file: a temp folder and a started Container around the file's tests
 * (registered as beforeAll/afterAll where it is called), and a runner that captures what the CLI prints.
 */
export function cliHarness(prefix: string, options: CliHarnessOptions = {}): CliHarness {
  const dir = tempDir(prefix);
  // The built-in model is looked for in the machine's own cache too (a moved cache must not hide it):
  // an empty folder of its own keeps a test from finding whatever this machine has fetched.
  const env = options.env ?? { OARAG_BUILTIN_MODELS_DIR: join(dir.path, 'builtin-models') };
  let container: Container | undefined;
  let fixture: { handle: OntologyHandle; cleanup: () => void } | undefined;

  beforeAll(async () => {
    if (options.fixture) fixture = await options.fixture();
    container = new Container({ cacheDir: join(dir.path, 'cache'), dataDir: join(dir.path, 'data'), env });
    await container.start();
    if (fixture) {
      const handle = fixture.handle;
      container.ontologies.open = async () => handle;
    }
  });
  afterAll(async () => {
    await container?.stop();
    fixture?.cleanup();
    dir.cleanup();
  });

  const started = (): Container => {
    if (!container) throw new Error('the CLI harness container is used outside a test');
    return container;
  };
  return {
    dir: dir.path,
    get container() {
      return started();
    },
    async cli(args) {
      let out = '';
      let err = '';
      const io: CliIo = {
        stdout: (s) => void (out += s),
        stderr: (s) => void (err += s),
        isTTY: false,
        env,
        cwd: dir.path,
      };
      const code = await runArgs(args, io, started());
      return { code, out, err };
    },
  };
}

const CARDIO = join(__dirname, '..', '..', 'resources', 'samples', 'cardio.ofn');

/**
 * The bundled cardio sample copied into the harness folder, and a Test-1 dataset generated from it
 * through the CLI (in a beforeAll registered where it is called, after the harness's own).
 */
export function cardioWithDataset(
  h: CliHarness,
  counts: { mcq: number; oq: number },
): { onto: string; dataset: string } {
  const onto = join(h.dir, 'cardio.ofn');
  const dataset = join(h.dir, 'test1.jsonl');
  beforeAll(async () => {
    copyFileSync(CARDIO, onto);
    const r = await h.cli([
      'generate',
      '--ontology',
      onto,
      '--out',
      dataset,
      '--mcq',
      String(counts.mcq),
      '--oq',
      String(counts.oq),
    ]);
    expect(r.code, r.err).toBe(0);
  });
  return { onto, dataset };
}
