import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const RENDERER_INDEX = join(REPO, 'out', 'renderer', 'index.html');
const SOURCES = [
  join(REPO, 'src-renderer'),
  join(REPO, 'src-main', 'api', 'contract.ts'),
  join(REPO, 'src-main', 'app', 'bridge-types.ts'),
];
const LOCK = join(REPO, 'out', '.renderer-build.lock');

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of readdirSync(p)) max = Math.max(max, newestMtime(join(p, e)));
  return max;
}

export function rendererIsStale(): boolean {
  if (!existsSync(RENDERER_INDEX)) return true;
  const built = statSync(RENDERER_INDEX).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > built);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Builds out/renderer (`vite build --config src-renderer/vite.config.ts`) when index.html is older than
 * the renderer sources. Test files run in parallel workers, so a lock directory makes one of them build
 * while the others wait.
 */
export async function ensureRendererBuilt(): Promise<void> {
  if (!rendererIsStale()) return;
  mkdirSync(dirname(LOCK), { recursive: true });
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      // Someone else is building; a lock older than 3 minutes is stale.
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > 180_000) rmSync(LOCK, { recursive: true, force: true });
      } catch {
        /* gone meanwhile */
      }
      if (Date.now() > deadline) throw new Error('Timed out waiting for another renderer build.');
      await sleep(500);
    }
  }
  try {
    if (!rendererIsStale()) return;
    const vite = join(REPO, 'node_modules', 'vite', 'bin', 'vite.js');
    const r = spawnSync(
      process.execPath,
      [vite, 'build', '--config', 'src-renderer/vite.config.ts', '--logLevel', 'warn'],
      { cwd: REPO, encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`The renderer build failed:\n${r.stdout}\n${r.stderr}`);
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
