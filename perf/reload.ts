/**
 * Reload after an edit (issue #16): a cold load of the GO-scale ontology, then one-class edits saved
 * to the same file and reloaded through the same service (the bridge applies them to its warm
 * session), each timed against the cold load. Prints one JSON document. Not a test: figures.
 * Options: --go-classes N (default 50000), --check (also cold-load the last edited file in a fresh
 * service and compare the two caches; a difference exits 1), --explain (an explanation after the cold
 * load, which classifies the ontology for queries, and one after each reload, which takes the edit),
 * --pause-ms N (default 3000: the time a user takes to make the next edit, during which the bridge
 * collects its garbage; 0 times back-to-back reloads, which then wait for that collection).
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { OntologyService } from '../src-main/ontology/ontology-service';
import type { LoadSummary } from '../src-main/ontology/ontology-types';
import { cacheCanon } from '../test/support/cache-canon';
import { generated, round } from './perf-support';

const { values } = parseArgs({
  options: {
    'go-classes': { type: 'string' },
    check: { type: 'boolean' },
    explain: { type: 'boolean' },
    'pause-ms': { type: 'string' },
  },
});
const work = join(tmpdir(), 'oarag-bench');
mkdirSync(work, { recursive: true });
const source = generated('go', Number(values['go-classes'] ?? 50_000), work);
const file = join(work, 'reload-edited.ofn');
copyFileSync(source, file);

/** The n-th declared class of the file, so the edits touch classes in the middle of the hierarchy. */
function classes(text: string): string[] {
  return [...text.matchAll(/^Declaration\(Class\(([^)]+)\)\)$/gm)].map((m) => m[1]);
}
const all = classes(readFileSync(file, 'utf8'));
const [a, b, c, d] = [all[Math.floor(all.length / 2)], all[Math.floor(all.length / 3)], all[all.length - 7], all[11]];
const partOf = 'obo:BFO_0000050';

/** One axiom per edit, added after the class's declaration: how an editor saves a one-class change. */
const edits: { name: string; line: string; after: string }[] = [
  { name: 'add a parent', line: `SubClassOf(${a} ${b})`, after: a },
  { name: 'add an existential', line: `SubClassOf(${c} ObjectSomeValuesFrom(${partOf} ${d}))`, after: c },
];

const cacheDir = join(work, `cache-reload-${Date.now()}`);
const service = new OntologyService({ cacheDir, appVersion: 'bench' });
service.start();
const t0 = performance.now();
const first = await service.open(file);
const coldSeconds = (performance.now() - t0) / 1000;

/** Seconds of one explanation of the first edit's axiom (entailed or not, the reasoner answers it). */
async function explainSeconds(h: typeof first): Promise<number> {
  const t = performance.now();
  await service.explain(h, iri(a), null, iri(b));
  return round((performance.now() - t) / 1000);
}
const iri = (curie: string) => curie.replace(/^obo:/, 'http://purl.obolibrary.org/obo/');
const explainAfterCold = values.explain ? await explainSeconds(first) : null;

const rows: Record<string, unknown>[] = [];
let last: LoadSummary = first.summary;
let lastDb = first.cacheFile;
const pauseMs = Number(values['pause-ms'] ?? 3000);
for (const e of edits) {
  await new Promise((r) => setTimeout(r, pauseMs));
  const text = readFileSync(file, 'utf8');
  const decl = `Declaration(Class(${e.after}))\n`;
  writeFileSync(file, text.replace(decl, decl + e.line + '\n'));
  const t = performance.now();
  const h = await service.open(file);
  const seconds = (performance.now() - t) / 1000;
  last = h.summary;
  lastDb = h.cacheFile;
  rows.push({
    edit: e.name,
    seconds: round(seconds),
    ratioToCold: round(seconds / coldSeconds, 3),
    reload: h.summary.reload ?? null,
    stages: Object.fromEntries(Object.entries(h.summary.stageSeconds).map(([k, v]) => [k, round(v ?? 0)])),
    profile: h.summary.profile ?? null,
    explainSeconds: values.explain ? await explainSeconds(h) : null,
  });
  console.error(JSON.stringify(rows[rows.length - 1]));
}

let equalToCold: boolean | null = null;
if (values.check) {
  const fresh = new OntologyService({ cacheDir: join(cacheDir, 'fresh'), appVersion: 'bench' });
  fresh.start();
  const copy = join(work, 'reload-edited-copy.ofn');
  copyFileSync(file, copy);
  const h = await fresh.open(copy);
  const canon = (db: string) => JSON.stringify(cacheCanon(db, db.replace(/\.sqlite$/, '.nt')));
  equalToCold = canon(lastDb) === canon(h.cacheFile);
  await fresh.stop();
  rmSync(copy, { force: true });
}
await service.stop();
rmSync(cacheDir, { recursive: true, force: true });
rmSync(file, { force: true });

console.log(
  JSON.stringify(
    {
      machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
      file: source.split('/').pop(),
      classes: last.classes,
      cold: { seconds: round(coldSeconds), stages: first.summary.stageSeconds, explainSeconds: explainAfterCold },
      pauseBetweenEditsMs: pauseMs,
      reloads: rows,
      equalToCold,
    },
    null,
    2,
  ),
);
if (equalToCold === false) process.exit(1);
