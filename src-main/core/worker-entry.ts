import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The entry of a worker-thread module `<name>.ts` beside `here`: from sources (tsx, vitest) the .ts
 * file, loaded through tsx's module hooks registered inside the worker (a worker's `--import` flag does
 * not reach its entry module); from a build, `<name>.js` next to the bundle (electron.vite.config.ts
 * emits it there).
 */
export function workerEntry(name: string, here: string, explicit?: string): { source: string; eval: boolean } {
  const fromTs = /\.[cm]?ts$/.test(here);
  const path = explicit ?? fileURLToPath(new URL(`./${name}.${fromTs ? 'ts' : 'js'}`, here));
  if (!existsSync(path)) throw new Error(`The worker module ${path} is missing; a bundled build must emit ${name}.js.`);
  if (!/\.[cm]?ts$/.test(path)) return { source: path, eval: false };
  let api: string;
  try {
    // The ESM entry of tsx's API (createRequire would give the CommonJS one, which cannot register ESM hooks).
    const pkg = createRequire(here).resolve('tsx/package.json');
    api = pathToFileURL(join(dirname(pkg), 'dist', 'esm', 'api', 'index.mjs')).href;
  } catch {
    throw new Error(
      `Running the worker ${name} from TypeScript sources needs the tsx package; build the app or install tsx.`,
    );
  }
  const source = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(pathToFileURL(path).href)}); });`;
  return { source, eval: true };
}
