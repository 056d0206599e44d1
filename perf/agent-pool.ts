/**
 * Pools the JSON of several perf:agent runs (say one per ontology, run side by side) into the same
 * tables one run prints: `npm run perf:agent:pool -- a.json b.json …`.
 */
import { readFileSync } from 'node:fs';
import { printTables, type TableRow } from './agent-tables';

const files = process.argv.slice(2);
if (!files.length) {
  console.error('usage: npm run perf:agent:pool -- <run.json>...');
  process.exit(2);
}
const runs = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as { model: string; rows: TableRow[] });
const models = [...new Set(runs.map((r) => r.model))];
if (models.length > 1) {
  console.error(`these runs used different models: ${models.join(', ')}`);
  process.exit(1);
}
const rows = runs.flatMap((r) => r.rows);
console.log(`model: ${models[0]}; pooled from ${files.length} runs (${files.join(', ')})\n`);
printTables(rows, [...new Set(rows.map((r) => r.test))].sort());
