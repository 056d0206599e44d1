// Fails when the TypeScript/Vue sources import each other in a cycle (type-only imports included:
// a type cycle still ties two rooms together). Run by `npm run lint`.
//
//   node scripts/check-cycles.mjs [dir ...]   (default: src-main src-renderer perf scripts)
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const dirs = process.argv.slice(2).length ? process.argv.slice(2) : ['src-main', 'src-renderer', 'perf', 'scripts'];

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

const files = dirs.filter((d) => existsSync(join(root, d))).flatMap((d) => walk(join(root, d), []));
const graph = new Map();
for (const f of files) {
  const info = ts.preProcessFile(sourceOf(f), true, true);
  const deps = info.importedFiles.map((x) => resolveSpec(f, x.fileName)).filter(Boolean);
  graph.set(f, [...new Set(deps)]);
}

// Tarjan's strongly connected components: every component of two or more files is a cycle.
let index = 0;
const idx = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function strong(v) {
  idx.set(v, index);
  low.set(v, index);
  index++;
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!graph.has(w)) continue;
    if (!idx.has(w)) {
      strong(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const comp = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      comp.push(w);
    } while (w !== v);
    if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(comp);
  }
}
for (const v of graph.keys()) if (!idx.has(v)) strong(v);

if (cycles.length) {
  for (const c of cycles) console.error(`import cycle: ${c.map((f) => relative(root, f)).join(' <-> ')}`);
  console.error(`${cycles.length} import cycle(s) among ${files.length} files.`);
  process.exit(1);
}
console.log(`no import cycles among ${files.length} files.`);
