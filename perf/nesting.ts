/**
 * Load time and cache size of deeply nested class expressions (issue #12): a chain
 * A ⊑ ∃r.∃r.…∃r.B of depth 1k, 2k, 4k and 10k in functional syntax, plus one past the nesting
 * limit, each loaded cold into a fresh cache. Prints a table. Not a test: figures, not verdicts.
 * Options: --depths 1000,2000,4000,10000,20000
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { errorMessage } from '../src-main/core/errors';
import { OntologyService } from '../src-main/ontology/ontology-service';

const { values } = parseArgs({ options: { depths: { type: 'string' } } });
const depths = (values.depths ?? '1000,2000,4000,10000,20000').split(',').map(Number);
const work = join(tmpdir(), 'oarag-bench-nesting');
mkdirSync(work, { recursive: true });

/** The probe's shape: ObjectSomeValuesFrom nested `depth` times around one class. */
export function nestedOntology(depth: number): string {
  return [
    'Prefix(:=<http://example.org/nest#>)',
    'Ontology(<http://example.org/nest>',
    'Declaration(Class(:A)) Declaration(Class(:B)) Declaration(ObjectProperty(:r))',
    `SubClassOf(:A ${'ObjectSomeValuesFrom(:r '.repeat(depth)}:B${')'.repeat(depth)})`,
    ')',
    '',
  ].join('\n');
}

const rows: string[][] = [['depth', 'file KB', 'load s', 'cache MB', 'outcome']];
for (const depth of depths) {
  const file = join(work, `nest-${depth}.ofn`);
  writeFileSync(file, nestedOntology(depth));
  const cacheDir = join(work, `cache-${depth}-${Date.now()}`);
  const service = new OntologyService({ cacheDir, appVersion: 'bench' });
  service.start();
  const t0 = performance.now();
  let outcome: string;
  try {
    const h = await service.open(file, { timeoutMs: 600_000 });
    outcome = `ok: ${h.summary.classes} classes, ${h.summary.closure.existential} existential edges`;
  } catch (e) {
    outcome = `refused: ${errorMessage(e).slice(0, 110)}`;
  }
  const seconds = (performance.now() - t0) / 1000;
  await service.stop();
  const bytes = readdirSync(cacheDir).reduce((n, f) => n + statSync(join(cacheDir, f)).size, 0);
  rows.push([
    String(depth),
    (statSync(file).size / 1024).toFixed(0),
    seconds.toFixed(2),
    (bytes / 2 ** 20).toFixed(2),
    outcome,
  ]);
  rmSync(cacheDir, { recursive: true, force: true });
  console.error(`[nesting] depth ${depth}: ${seconds.toFixed(2)} s`);
}
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
for (const r of rows) console.log(r.map((c, i) => (i === r.length - 1 ? c : c.padStart(widths[i]))).join('  '));
