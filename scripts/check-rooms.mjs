// Fails when a file in src-main imports from a room its own room may not import: the room table in
// README.md ("Architecture"), written out here. Type-only imports count too. Run by `npm run lint`.
import { join, relative } from 'node:path';
import { importGraph, root } from './import-graph.mjs';

const SERVICES = ['core', 'settings', 'files', 'ontology', 'query', 'llm', 'agent', 'datasets', 'evaluation', 'diff'];

/** What each room may import besides itself: a room, or one folder or file of it. */
const MAY = {
  core: [],
  settings: ['core'],
  files: ['core'],
  // A handle runs SPARQL over its own store.
  ontology: ['core'],
  query: ['core', 'ontology'],
  llm: ['core', 'settings'],
  agent: ['core', 'llm', 'ontology', 'query'],
  datasets: ['core', 'ontology', 'query'],
  evaluation: ['core', 'agent', 'datasets', 'llm', 'ontology', 'query'],
  diff: ['core', 'ontology'],
  // The app information it builds is a contract type.
  container: [...SERVICES, 'api/contract'],
  // The contract re-exports the desktop bridge's types for the renderer.
  api: ['container', ...SERVICES, 'app/bridge-types'],
  server: ['core', 'api'],
  // The MCP server over HTTP checks origins as web mode does.
  mcp: ['core', 'ontology', 'query', 'agent', 'server/origin-guard'],
  cli: ['container', ...SERVICES, 'api', 'server', 'mcp'],
  app: ['core', 'container', 'api'],
};

const src = join(root, 'src-main');
/** `ontology/bridge/bridge-client` for src-main/ontology/bridge/bridge-client.ts; its room is the first part. */
const place = (file) => relative(src, file).replace(/\.ts$/, '');
const roomOf = (p) => p.split('/')[0];

const graph = importGraph(['src-main']);
const bad = [];
for (const [file, deps] of graph) {
  const from = place(file);
  const room = roomOf(from);
  const may = MAY[room];
  if (!may) {
    bad.push(`${relative(root, file)}: room "${room}" is not in the table (scripts/check-rooms.mjs, README.md)`);
    continue;
  }
  for (const dep of deps) {
    if (!dep.startsWith(src + '/')) continue;
    const to = place(dep);
    if (roomOf(to) === room || may.some((m) => to === m || to.startsWith(m + '/'))) continue;
    bad.push(
      `${relative(root, file)} imports ${relative(root, dep)}: ${room} may import ${may.join(', ') || 'nothing'}`,
    );
  }
}
if (bad.length) {
  for (const b of bad) console.error(b);
  console.error(`${bad.length} import(s) across rooms that the room table does not allow.`);
  process.exit(1);
}
console.log(`every import between rooms follows the room table (${graph.size} files).`);
