// The relative imports between the TypeScript/Vue sources (type-only imports included), for the
// lint checks that read them: check-cycles.mjs and check-rooms.mjs.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

export const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (name === 'node_modules') continue;
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|vue|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function sourceOf(file) {
  const text = readFileSync(file, 'utf8');
  if (!file.endsWith('.vue')) return text;
  return [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
}

function resolveSpec(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const ext of ['', '.ts', '.vue', '.mjs', '/index.ts']) {
    const p = base + ext;
    if (existsSync(p) && statSync(p).isFile()) return p;
  }
  return null;
}

/** Every source file under `dirs` (relative to the repository) with the files it imports. */
export function importGraph(dirs) {
  const files = dirs.filter((d) => existsSync(join(root, d))).flatMap((d) => walk(join(root, d), []));
  const graph = new Map();
  for (const f of files) {
    const info = ts.preProcessFile(sourceOf(f), true, true);
    const deps = info.importedFiles.map((x) => resolveSpec(f, x.fileName)).filter(Boolean);
    graph.set(f, [...new Set(deps)]);
  }
  return graph;
}
