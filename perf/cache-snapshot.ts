/**
 * What a cache gives back, as one comparable JSON document: every card, every table row, the closure
 * graph, full-text hits with their BM25 scores, name search, linking and dialect query results. For
 * checking that a change to how the cache is built changes nothing a user or a model can see: build
 * a snapshot before and after from the same bridge dump (the bridge lists annotations in an order
 * that can change between JVM runs, so the dump is kept and reused), then compare.
 *
 *   tsx perf/cache-snapshot.ts --ontology <file> --dump <out.ndjson> --out before.json   (runs the bridge once)
 *   tsx perf/cache-snapshot.ts --dump <file.ndjson> --out after.json                     (reuses that dump)
 *     [--writer thread]  (through the worker-thread writer of a cold load)
 *   tsx perf/cache-snapshot.ts --compare before.json after.json                          (exit 1 on any difference)
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { seededRandom, pick } from '../src-main/core/random';
import { ElkBridge } from '../src-main/ontology/bridge/bridge-client';
import { CacheBuilder } from '../src-main/ontology/cache/cache-builder';
import { WorkerSink } from '../src-main/ontology/cache/cache-writer';
import { readDump } from '../src-main/ontology/dump/dump-reader';
import { OntologyHandle } from '../src-main/ontology/ontology-handle';
import type { LoadSummary } from '../src-main/ontology/ontology-types';
import { writeClosureGraph } from '../src-main/ontology/store/closure-graph';
import { QueryService } from '../src-main/query/exec/query-service';
import { quoteName } from '../src-main/query/dialect';
import { makeTypo } from '../src-main/query/linking/typo';

const { values } = parseArgs({
  options: {
    ontology: { type: 'string' },
    dump: { type: 'string' },
    out: { type: 'string' },
    compare: { type: 'boolean' },
    // 'thread' builds through the worker-thread writer a cold load uses; the default writes in this thread.
    writer: { type: 'string' },
  },
  allowPositionals: true,
  strict: true,
});

const TABLES = [
  'entity',
  'annotation',
  'annprop',
  'parent',
  'equiv',
  'link',
  'stated',
  'prop_parent',
  'prop_chain',
  'prop_range',
  'name',
];

function sha(s: string | Buffer): string {
  return createHash('sha256').update(s).digest('hex').slice(0, 16);
}

async function snapshot(dump: string): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'oarag-snap-'));
  try {
    const dbPath = join(dir, 'c.sqlite');
    const b = new CacheBuilder(dbPath, undefined, values.writer === 'thread' ? new WorkerSink() : undefined);
    for await (const r of readDump(dump)) b.add(r);
    b.finishCards();
    await b.commitAndClose();
    const ntPath = join(dir, 'c.nt');
    const db = new Database(dbPath, { readonly: true });
    await writeClosureGraph(db, ntPath);
    const h = new OntologyHandle('snapshot', db, {} as LoadSummary, ntPath);
    const ix = h.closure;
    const out: Record<string, unknown> = {};

    const tables: Record<string, string> = {};
    for (const t of TABLES) {
      const rows = db.prepare(`SELECT * FROM ${t} ORDER BY rowid`).raw().all();
      tables[t] = `${rows.length} rows, ${sha(JSON.stringify(rows))}`;
    }
    out.tables = tables;
    out.closureGraph = sha(readFileSync(ntPath));

    const classes = db.prepare("SELECT iri FROM entity WHERE kind = 'class' ORDER BY id").pluck().all() as string[];
    const cards: Record<string, string | null> = {};
    for (const iri of classes) {
      const c = h.card(iri);
      cards[iri] = c ? sha(JSON.stringify(c)) : null;
    }
    out.cards = cards;
    out.cardsSample = classes.slice(0, 3).map((iri) => h.card(iri));

    // Full-text hits with their scores, over words taken from the names themselves.
    const rand = seededRandom(16);
    const names = db.prepare('SELECT text FROM name ORDER BY id').pluck().all() as string[];
    const words = new Set<string>();
    for (let i = 0; i < 400 && names.length; i++) {
      const ws = pick(rand, names)
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length > 2);
      if (ws.length) words.add(pick(rand, ws));
    }
    const list = [...words].sort();
    const cardFts = db.prepare(
      'SELECT rowid, bm25(card_fts) AS s FROM card_fts WHERE card_fts MATCH ? ORDER BY bm25(card_fts) LIMIT 30',
    );
    const nameFts = db.prepare('SELECT rowid, rank AS s FROM name_fts WHERE name_fts MATCH ? ORDER BY rank LIMIT 30');
    const hits = (stmt: Database.Statement, q: string) =>
      (stmt.all(q) as { rowid: number; s: number }[]).map((r) => `${r.rowid}:${r.s.toPrecision(12)}`).join(' ');
    const fts: Record<string, string> = {};
    for (let i = 0; i < list.length; i++) {
      const w = list[i];
      const or = [w, list[(i * 7 + 3) % list.length], list[(i * 13 + 5) % list.length]]
        .map((x) => `"${x}"`)
        .join(' OR ');
      fts[`card ${w}`] = hits(cardFts, `"${w}"`);
      fts[`card ${or}`] = hits(cardFts, or);
      fts[`name ${w}`] = hits(nameFts, `"${w}"`);
    }
    out.fts = fts;

    const qs = new QueryService(h, { timeLimitMs: 30_000 });
    const live = classes.filter((iri) => {
      const id = ix.id(iri);
      return id !== undefined && !ix.unsat.has(id) && !ix.deprecated.has(id);
    });
    const search: Record<string, unknown> = {};
    const link: Record<string, unknown> = {};
    const queries: Record<string, unknown> = {};
    for (let i = 0; i < Math.min(60, live.length); i++) {
      const id = ix.id(pick(rand, live))!;
      const name = ix.nameOf(id);
      const typo = makeTypo(name, rand, ((i % 2) + 1) as 1 | 2);
      search[typo] = qs.names.search(typo, 20).map((x) => ix.iri(x.id));
      link[typo] = qs.names.linkConcept(typo);
      link[name] = qs.names.linkConcept(name);
      for (const q of [`DESCRIBE ${quoteName(name)}`, `SELECT ?x WHERE { ?x "is a" ${quoteName(name)} }`]) {
        const r = await qs.run(q);
        queries[q] = { ...r, elapsedMs: undefined };
      }
    }
    out.search = search;
    out.link = link;
    out.queries = queries;
    h.close();
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function compare(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const diffs: string[] = [];
  const walk = (x: unknown, y: unknown, path: string) => {
    if (diffs.length > 50) return;
    if (x && y && typeof x === 'object' && typeof y === 'object') {
      for (const k of new Set([...Object.keys(x), ...Object.keys(y)]))
        walk((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k], `${path}.${k}`);
    } else if (JSON.stringify(x) !== JSON.stringify(y)) {
      diffs.push(`${path}: ${JSON.stringify(x)?.slice(0, 200)} != ${JSON.stringify(y)?.slice(0, 200)}`);
    }
  };
  walk(a, b, '');
  return diffs;
}

if (values.compare) {
  const [x, y] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const diffs = compare(JSON.parse(readFileSync(x, 'utf8')), JSON.parse(readFileSync(y, 'utf8')));
  if (diffs.length) {
    console.log(`${diffs.length > 50 ? 'over 50' : diffs.length} difference(s):\n${diffs.join('\n')}`);
    process.exit(1);
  }
  console.log('identical');
} else {
  if (!values.dump || !values.out) throw new Error('give --dump and --out (and --ontology to write the dump)');
  if (values.ontology) {
    const bridge = new ElkBridge();
    await bridge.request('load', { path: values.ontology, catalog: null });
    await bridge.request('extract', { out: values.dump });
    await bridge.stop();
  }
  const snap = await snapshot(values.dump);
  writeFileSync(values.out, JSON.stringify(snap, null, 1));
  console.log(
    `${values.out}: ${Object.keys(snap.cards as object).length} cards, ${Object.keys(snap.fts as object).length} full-text queries`,
  );
}
