import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pick, seededRandom } from '../../src-main/core/random';
import { startServer, type ServedApp } from '../e2e/support/server';
import { formatStats, startLatencyProbe, type LatencyProbe, type LatencyStats } from '../support/latency-probe';
import { WsRpc } from '../support/ws-rpc';
import { FuzzTally } from './fuzz-report';

/**
 * Standing fuzz suite, issue #27 families over a real `oarag serve`: files that are not regular files
 * (item 1), folder listings (5), the SPARQL queue (7) and review ids (8). Throughout each family a second
 * process calls app.info every 20 ms; its latencies are printed per family and bounded.
 */
const SEED = Number(process.env.OARAG_FUZZ_SEED ?? 27);
const tally = new FuzzTally();
const SAMPLE = resolve(__dirname, '..', '..', 'resources', 'samples', 'cardio.ofn');
const C = 'http://example.org/cardio#';
const latency: Record<string, LatencyStats> = {};

/** The target: app.info within 100 ms; a 2-core machine shared with other jobs gets headroom on the maximum. */
function responsive(family: string, s: LatencyStats): boolean {
  latency[family] = s;
  console.log(`[fuzz] ${family}: app.info from a second process: ${formatStats(s)}`);
  // Every probe answered, none held for seconds: a stall detector, not a speed target (the figures are printed).
  return s.failures === 0 && s.count > 0 && s.max < 2000;
}

function mcq(id: string): string {
  return JSON.stringify({
    id,
    ontology: 'cardio.ofn',
    kind: 'mcq',
    question: `Viral myocarditis has finding site some ____ (${id.slice(0, 20)}).`,
    options: [
      { key: 'A', iri: `${C}Heart`, name: 'heart' },
      { key: 'B', iri: `${C}Lung`, name: 'lung' },
    ],
    gold: ['A'],
    slot: 'filler',
    axiom: { subject: `${C}ViralMyocarditis`, relation: `${C}hasFindingSite`, filler: `${C}Heart` },
    evidence: [],
  });
}

describe('fuzz: issue #27 over the web server', () => {
  let s: ServedApp;
  let rpc: WsRpc;
  let probe: LatencyProbe;
  let D: string;

  beforeAll(async () => {
    s = await startServer({ OARAG_SPARQL_TIMEOUT_MS: '2000' });
    D = join(s.dataDir, 'fuzz27');
    mkdirSync(D, { recursive: true });
    rpc = await WsRpc.connect(s.port, s.token);
    const opened = await rpc.task('ontology.open', { path: SAMPLE });
    expect(opened.code, opened.message).toBe('ok');
    probe = await startLatencyProbe(s.port, s.token);
  });
  afterAll(async () => {
    tally.print();
    await probe?.stop();
    rpc?.close();
    await s?.stop();
  });

  it('input-types: pipes, devices, folders and oversized files named as datasets are refused at once', async () => {
    const rand = seededRandom(SEED);
    const good = join(D, 'good.jsonl');
    writeFileSync(good, [mcq('m1'), mcq('m2')].join('\n') + '\n');
    const withPipe = join(D, 'piped.jsonl');
    writeFileSync(withPipe, mcq('m1') + '\n');
    execFileSync('mkfifo', [join(D, 'piped.review.json')]);
    const kinds: Record<string, string> = {};
    kinds.fifo = join(D, 'fifo.jsonl');
    execFileSync('mkfifo', [kinds.fifo]);
    kinds['link to /dev/zero'] = join(D, 'zero.jsonl');
    symlinkSync('/dev/zero', kinds['link to /dev/zero']);
    try {
      kinds['char device'] = join(D, 'null.jsonl');
      execFileSync('mknod', [kinds['char device'], 'c', '1', '3'], { stdio: 'ignore' });
    } catch {
      delete kinds['char device'];
    }
    kinds.folder = join(D, 'folder.jsonl');
    mkdirSync(kinds.folder);
    kinds['sparse 65 MiB'] = join(D, 'huge.jsonl');
    writeFileSync(kinds['sparse 65 MiB'], '');
    truncateSync(kinds['sparse 65 MiB'], 65 * 2 ** 20);
    const refused = /^(not-a-file|too-large)$/;
    const calls: [string, (p: string) => Promise<{ code: string; message: string }>][] = [
      ['datasets.open', (p) => plain(rpc.call('datasets.open', { path: p }, 10_000))],
      ['datasets.review.get', (p) => plain(rpc.call('datasets.review.get', { datasetPath: p }, 10_000))],
      [
        'datasets.review.set',
        (p) => plain(rpc.call('datasets.review.set', { datasetPath: p, item: 'm1', decision: 'rejected' }, 10_000)),
      ],
      ['datasets.export', (p) => plain(rpc.call('datasets.export', { datasetPath: p }, 10_000))],
      [
        'evaluation.run',
        (p) => rpc.task('evaluation.run', { ontologyId: SAMPLE, datasetPath: p, method: 'reasoner-only' }, 10_000),
      ],
      ['datasets.revise', (p) => rpc.task('datasets.revise', { ontologyId: SAMPLE, datasetPath: p }, 10_000)],
      ['ontology.open', (p) => rpc.task('ontology.open', { path: p }, 10_000)],
    ];
    await probe.mark();
    const probes: Promise<void>[] = [];
    for (let i = 0; i < 40; i++) {
      const [kind, path] = pick(rand, Object.entries(kinds));
      const [method, call] = pick(rand, calls);
      probes.push(
        call(path).then((r) => {
          const ok = method === 'ontology.open' ? /^(not-a-file|empty-file)$/.test(r.code) : refused.test(r.code);
          tally.record('input-types', `${method} <${kind}> -> ${r.code}: ${r.message.slice(0, 70)}`, ok);
        }),
      );
      // Some at once, as a hostile page would send them.
      if (rand() < 0.6) await Promise.all(probes.splice(0));
    }
    await Promise.all(probes);
    // The review sidecar as a pipe: the dataset opens (with a warning), saving a decision is refused.
    const opened = await rpc.call('datasets.open', { path: withPipe }, 10_000);
    const warned = JSON.stringify((opened.result as { warnings?: string[] } | undefined)?.warnings ?? []);
    tally.record(
      'input-types',
      `datasets.open <review sidecar fifo> -> ${warned.slice(0, 80)}`,
      /named pipe/.test(warned),
    );
    const set = await rpc.call(
      'datasets.review.set',
      { datasetPath: withPipe, item: 'm1', decision: 'rejected' },
      10_000,
    );
    tally.record(
      'input-types',
      `review.set <sidecar fifo> -> ${set.error?.code}`,
      set.error?.code === 'output-not-regular',
    );
    const fine = await rpc.call('datasets.open', { path: good }, 10_000);
    tally.record('input-types', 'datasets.open <regular> still works', !fine.error);
    expect(responsive('input-types', await probe.mark())).toBe(true);
    expect(tally.bad('input-types')).toEqual([]);
  });

  it('folder-listing: a 100,000-entry folder answers in pages, bounded in time, ten at once', async () => {
    const big = join(s.dataDir, 'big');
    mkdirSync(big);
    execFileSync('bash', ['-c', `cd ${JSON.stringify(big)} && seq 1 100000 | sed 's/$/.owl/' | xargs touch`]);
    await probe.mark();
    const t0 = performance.now();
    const first = await rpc.call('files.list', { path: big }, 30_000);
    const one = performance.now() - t0;
    const l = first.result as { total: number; complete: boolean; entries: { name: string }[]; nextOffset: number };
    tally.record(
      'folder-listing',
      `one listing: ${one.toFixed(0)} ms, ${l?.entries.length} of ${l?.total} (complete ${l?.complete})`,
      !first.error && l.entries.length === 500 && l.total === 100_000 && one < 6000,
    );
    // Ten clients at once, each on its own socket, each a fresh scan (the cache holds one listing per folder).
    const clients = await Promise.all(Array.from({ length: 10 }, () => WsRpc.connect(s.port, s.token)));
    const rand = seededRandom(SEED + 5);
    writeFileSync(join(big, 'changed.owl'), ''); // a changed folder is scanned again
    const t1 = performance.now();
    const pages = await Promise.all(
      clients.map((c) => c.call('files.list', { path: big, offset: Math.floor(rand() * 200) * 500 }, 30_000)),
    );
    const ten = performance.now() - t1;
    for (const c of clients) c.close();
    tally.record(
      'folder-listing',
      `ten at once: ${ten.toFixed(0)} ms; codes ${pages.map((p) => p.error?.code ?? 'ok').join(',')}`,
      pages.every((p) => !p.error) && ten < 10_000,
    );
    const last = await rpc.call('files.list', { path: big, offset: 99_000, limit: 2000 }, 30_000);
    const tail = last.result as { entries: { name: string }[]; nextOffset: number | null };
    tally.record(
      'folder-listing',
      `last page: ${tail?.entries.length} entries, next ${tail?.nextOffset}`,
      tail?.entries.length === 1001 && tail.nextOffset === null,
    );
    console.log(
      `[fuzz] folder-listing: 100,000 entries: one listing ${one.toFixed(0)} ms, ten at once ${ten.toFixed(0)} ms`,
    );
    expect(responsive('folder-listing', await probe.mark())).toBe(true);
    expect(tally.bad('folder-listing')).toEqual([]);
  });

  it("sparql-queue: one client's burst of cross joins never starves another client's cheap queries", async () => {
    const rand = seededRandom(SEED + 7);
    const a = await WsRpc.connect(s.port, s.token);
    const b = await WsRpc.connect(s.port, s.token);
    const CROSS = 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }';
    expect((await b.call('query.sparql', { ontologyId: SAMPLE, query: 'ASK { ?s ?p ?o }' })).error).toBeUndefined();
    await probe.mark();
    for (let round = 0; round < 2; round++) {
      const n = 8 + Math.floor(rand() * 8);
      const t0 = performance.now();
      const burst = Array.from({ length: n }, () =>
        a.call('query.sparql', { ontologyId: SAMPLE, query: CROSS }, 60_000).then((r) => ({
          code: r.error?.code ?? 'ok',
          ms: performance.now() - t0,
        })),
      );
      await new Promise((r) => setTimeout(r, 30));
      const c0 = performance.now();
      const cheap = await b.call('query.sparql', { ontologyId: SAMPLE, query: 'ASK { ?s ?p ?o }' }, 60_000);
      const cheapMs = performance.now() - c0;
      const d0 = performance.now();
      const dialect = await b.call('query.run', {
        ontologyId: SAMPLE,
        query: 'ASK { "viral myocarditis" "has finding site" "heart" }',
      });
      const dialectMs = performance.now() - d0;
      const outcomes = await Promise.all(burst);
      const codes = outcomes.map((o) => o.code);
      tally.record(
        'sparql-queue',
        `round ${round}: ${n} cross joins -> ${[...new Set(codes)].join('/')}, slowest ${Math.max(...outcomes.map((o) => o.ms)).toFixed(0)} ms`,
        codes.every((c) => c === 'busy' || c === 'sparql-too-expensive') &&
          outcomes.every((o) => o.ms < 2000 * 3 + 8000),
      );
      tally.record(
        'sparql-queue',
        `round ${round}: other client's ASK after ${cheapMs.toFixed(0)} ms, dialect ASK ${dialectMs.toFixed(0)} ms`,
        !cheap.error && cheapMs < 2000 + 6000 && !dialect.error && dialectMs < 1000,
      );
    }
    a.close();
    b.close();
    expect(responsive('sparql-queue', await probe.mark())).toBe(true);
    expect(tally.bad('sparql-queue')).toEqual([]);
  });

  it('review-ids: every decision is saved and read back, whatever the item id', async () => {
    const rand = seededRandom(SEED + 9);
    const ids = [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'valueOf',
      '__defineGetter__',
      'prototype',
      'ünïcödé',
      'a'.repeat(300),
      '0',
      ' spaced id ',
      'm1',
    ];
    const path = join(D, 'ids.jsonl');
    writeFileSync(path, ids.map(mcq).join('\n') + '\n');
    await probe.mark();
    const want = new Map<string, string>();
    for (let i = 0; i < 30; i++) {
      const id = pick(rand, ids);
      const decision = rand() < 0.6 ? 'rejected' : 'accepted';
      const r = await rpc.call('datasets.review.set', { datasetPath: path, item: id, decision });
      want.set(id, decision);
      tally.record(
        'review-ids',
        `set ${JSON.stringify(id.slice(0, 20))} ${decision} -> ${r.error?.code ?? 'ok'}`,
        !r.error,
      );
    }
    const opened = (await rpc.call('datasets.open', { path })).result as {
      review: { items: Record<string, { decision: string }> };
      counts: { rejected: number };
    };
    for (const [id, decision] of want) {
      const got = Object.hasOwn(opened.review.items, id) ? opened.review.items[id].decision : 'accepted';
      tally.record('review-ids', `read back ${JSON.stringify(id.slice(0, 20))}: ${got}`, got === decision);
    }
    const rejected = [...want.values()].filter((d) => d === 'rejected').length;
    tally.record('review-ids', `counts: ${opened.counts.rejected} rejected`, opened.counts.rejected === rejected);
    expect(responsive('review-ids', await probe.mark())).toBe(true);
    expect(tally.bad('review-ids')).toEqual([]);
  });
});

async function plain(p: Promise<{ result?: unknown; error?: { code: string; message: string } }>) {
  const r = await p;
  return r.error ?? { code: 'ok', message: '' };
}
