// Fails when the TypeScript/Vue sources import each other in a cycle (type-only imports included:
// a type cycle still ties two rooms together). Run by `npm run lint`.
//
//   node scripts/check-cycles.mjs [dir ...]   (default: src-main src-renderer perf scripts)
import { relative } from 'node:path';
import { importGraph, root } from './import-graph.mjs';
import { cyclicComponents } from './strong-components.mjs';

const dirs = process.argv.slice(2).length ? process.argv.slice(2) : ['src-main', 'src-renderer', 'perf', 'scripts'];
const graph = importGraph(dirs);
const files = [...graph.keys()];
const cycles = cyclicComponents(graph);

if (cycles.length) {
  for (const c of cycles) console.error(`import cycle: ${c.map((f) => relative(root, f)).join(' <-> ')}`);
  console.error(`${cycles.length} import cycle(s) among ${files.length} files.`);
  process.exit(1);
}
console.log(`no import cycles among ${files.length} files.`);
