#!/usr/bin/env node
// Bundles the command line (src-main/cli/bin.ts) and the workers it starts into plain JavaScript under
// out/cli, so `oarag` starts in Node alone instead of transpiling ~500 TypeScript modules under tsx.
// Run by `npm install` (postinstall); bin/oarag.mjs rebuilds on its own when a source changed.
//
//   node scripts/build-cli.mjs [--force]
//
// Each build goes to a folder of its own (out/cli/b<time>-<pid>/) and out/cli/current.json names the
// newest, with the modification time and size of every file the bundle was made from. A process
// started from one build keeps loading that build's chunks and workers even after a rebuild, and two
// rebuilds at once cannot mix their files. Native and WASM packages (better-sqlite3, node-llama-cpp,
// oxigraph) and difflib (not strict-mode safe) stay in node_modules and load at run time.
// This module is imported by bin/oarag.mjs: esbuild is imported only when a build is needed.

import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { WORKER_ENTRIES } from './worker-entries.mjs';

const HERE = fileURLToPath(import.meta.url);
export const ROOT = resolve(dirname(HERE), '..');

const ENTRIES = { bin: 'src-main/cli/bin.ts', ...WORKER_ENTRIES };
const EXTERNAL = ['better-sqlite3', 'node-llama-cpp', '@node-llama-cpp/*', 'oxigraph', 'difflib', 'electron'];
const BUILD_DIR = /^b[0-9a-z]+-\d+$/;
const KEEP_NEWEST = 3;
const KEEP_MS = 24 * 3600 * 1000;

export function outDirOf(root = ROOT, env = process.env) {
  return env.OARAG_CLI_OUT ? resolve(root, env.OARAG_CLI_OUT) : join(root, 'out', 'cli');
}

/**
 * The current build if no file it was made from has changed since (same modification time and size),
 * else null. About 500 stat calls: a few milliseconds, paid by every start.
 */
export function freshBuild(root = ROOT, outDir = outDirOf(root)) {
  let pointer;
  try {
    pointer = JSON.parse(readFileSync(join(outDir, 'current.json'), 'utf8'));
  } catch {
    return null;
  }
  const dir = join(outDir, String(pointer.dir));
  if (!BUILD_DIR.test(String(pointer.dir)) || !existsSync(join(dir, 'bin.js'))) return null;
  if (!Array.isArray(pointer.inputs) || !pointer.inputs.length) return null;
  for (const [file, mtimeMs, size] of pointer.inputs) {
    let st;
    try {
      st = statSync(resolve(root, file));
    } catch {
      return null;
    }
    if (st.mtimeMs !== mtimeMs || st.size !== size) return null;
  }
  return { dir, entry: join(dir, 'bin.js') };
}

/** Builds a new bundle, makes it the current one and removes builds no process is likely to still use. */
export async function buildCli(root = ROOT, outDir = outDirOf(root)) {
  const esbuild = await import('esbuild');
  const started = Date.now();
  const name = `b${started.toString(36)}-${process.pid}`;
  const tmp = join(outDir, `${name}.tmp`);
  mkdirSync(outDir, { recursive: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir: tmp,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    chunkNames: 'c-[hash]',
    metafile: true,
    logLevel: 'error',
    legalComments: 'none',
    // Bundled CommonJS packages (ws, ajv) call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __oaragCreateRequire } from 'node:module'; const require = __oaragCreateRequire(import.meta.url);",
    },
  });
  const dir = join(outDir, name);
  renameSync(tmp, dir);
  const files = [...Object.keys(result.metafile.inputs), relative(root, HERE), 'package.json'];
  const inputs = files.map((f) => {
    const st = statSync(resolve(root, f));
    // Changed while esbuild was reading: the bundle may hold the old text, so the next start rebuilds.
    return [f, st.mtimeMs >= started ? -1 : st.mtimeMs, st.size];
  });
  const pointer = join(outDir, 'current.json');
  const tmpPointer = `${pointer}.${process.pid}.tmp`;
  writeFileSync(tmpPointer, JSON.stringify({ dir: name, builtAt: new Date(started).toISOString(), inputs }));
  renameSync(tmpPointer, pointer);
  prune(outDir, name);
  return { dir, entry: join(dir, 'bin.js'), seconds: (Date.now() - started) / 1000 };
}

/**
 * Keeps the current build, the newest few and any made in the last day: a long-running `oarag serve`
 * or `oarag mcp` still loads chunks and starts workers from the build it began with.
 */
function prune(outDir, current) {
  const now = Date.now();
  const builds = [];
  for (const n of readdirSync(outDir)) {
    const p = join(outDir, n);
    let st;
    try {
      st = statSync(p);
    } catch {
      continue;
    }
    if (n.endsWith('.tmp') && now - st.mtimeMs > 3600_000) rmSync(p, { recursive: true, force: true });
    else if (BUILD_DIR.test(n) && n !== current) builds.push({ p, t: st.mtimeMs });
  }
  builds.sort((a, b) => b.t - a.t);
  for (const b of builds.slice(KEEP_NEWEST - 1)) if (now - b.t > KEEP_MS) rmSync(b.p, { recursive: true, force: true });
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  const log = (msg) => process.stderr.write(`[build-cli] ${msg}\n`);
  if (!process.argv.includes('--force') && freshBuild()) {
    log('the CLI bundle is up to date (use --force to rebuild).');
  } else {
    try {
      const b = await buildCli();
      log(`built the CLI bundle in ${b.seconds.toFixed(1)} s: ${relative(ROOT, b.dir)}`);
    } catch (e) {
      // esbuild comes with the dev dependencies; without them `oarag` cannot run from sources either.
      log(`could not build the CLI bundle: ${e?.message ?? e}`);
      process.exit(1);
    }
  }
}
