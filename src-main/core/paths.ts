import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/** The folder holding package.json and resources/, found by walking up from this module. */
export function appRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'resources'))) return (root = dir);
    const up = dirname(dir);
    if (up === dir) return (root = process.cwd());
    dir = up;
  }
}

export function resourcePath(...parts: string[]): string {
  // A packaged Electron app keeps extraResources beside app.asar, not inside the app folder.
  const packaged = (process as { resourcesPath?: string }).resourcesPath;
  if (packaged) {
    const p = join(packaged, ...parts);
    if (existsSync(p)) return p;
  }
  return join(appRoot(), 'resources', ...parts);
}

export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.OARAG_CACHE_DIR) return resolve(env.OARAG_CACHE_DIR);
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'oa-rag-workbench');
}

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.OARAG_DATA_DIR) return resolve(env.OARAG_DATA_DIR);
  const base = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'oa-rag-workbench');
}

/**
 * The folder of real ontologies that integration tests, benchmarks and the app's "shared ontologies"
 * shortcut read: OARAG_ONTOLOGIES, else ../shared/ontologies beside the app folder.
 */
export function sharedOntologiesDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.OARAG_ONTOLOGIES ?? join(appRoot(), '..', 'shared', 'ontologies'));
}
