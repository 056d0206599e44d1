// Fails when the TypeScript/Vue sources import each other in a cycle (type-only imports included:
// a type cycle still ties two rooms together). Run by `npm run lint`.
//
//   node scripts/check-cycles.mjs [dir ...]   (default: src-main src-renderer perf scripts)
import { relative } from 'node:path';
import { importGraph, root } from './import-graph.mjs';

const dirs = process.argv.slice(2).length ? process.argv.slice(2) : ['src-main', 'src-renderer', 'perf', 'scripts'];
const graph = importGraph(dirs);
const files = [...graph.keys()];

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
