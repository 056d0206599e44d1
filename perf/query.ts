/**
 * Latency of the dialect per form on the GO-scale generated ontology (and optionally a real one):
 * ASK, DESCRIBE, SELECT with 4 conditions, fuzzy linking. Prints JSON with p50/p95 in ms and
 * whether each p95 meets its target.
 * Then the concept search's ranking quality on real ontologies (go-mgi-subset.obo and envo.obo from
 * the shared folder): mean reciprocal rank on query sets built from each file with a fixed seed
 * (synonyms as queries; labels with one swap or one dropped letter; the same for labels of at most
 * ten letters, where near misses crowd in), and the search's own latency (see search-quality.ts).
 * Options: --file <ontology> (default: generated GO-like, 50k classes), --n 300,
 * --search-files <a,b> (default go-mgi-subset.obo,envo.obo), --search-only (skip the latency part).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pick, seededRandom, shuffle } from '../src-main/core/random';
import { sampleTriples } from '../src-main/ontology/closure/closure-sampler';
import { normalizeName } from '../src-main/ontology/names/normalize';
import { OntologyService } from '../src-main/ontology/ontology-service';
import { QueryService } from '../src-main/query/exec/query-service';
import { quoteName } from '../src-main/query/dialect';
import { SUGGESTIONS } from '../src-main/query/linking/name-linker';
import { makeTypo } from '../src-main/query/linking/typo';
import { generated, round, SHARED } from './perf-support';
import { meanReciprocalRank, synonymCases, typoCases } from './search-quality';

const { values } = parseArgs({
  options: {
    file: { type: 'string' },
    n: { type: 'string' },
    'search-files': { type: 'string' },
    'search-only': { type: 'boolean' },
  },
});
const n = Number(values.n ?? 300);
const work = join(tmpdir(), 'oarag-bench');
mkdirSync(work, { recursive: true });
const service = new OntologyService({ cacheDir: join(work, 'cache-query'), appVersion: 'bench' });
service.start();
if (!values['search-only']) await latency();
await searchQuality();
await service.stop();

async function latency() {
  const file = values.file ?? generated('go', 50_000, work);
  const h = await service.open(file);
  await service.bridge().stop();
  const ix = h.closure;
  const qs = new QueryService(h, { timeLimitMs: 10_000 });
  const rand = seededRandom(5);
  const classes = ix.kindOf.flatMap((k, id) =>
    k === 'class' && !ix.unsat.has(id) && !ix.deprecated.has(id) ? [id] : [],
  );
  const q = (id: number) => quoteName(ix.nameOf(id));

  async function measure(label: string, queries: string[]) {
    const times: number[] = [];
    const verdicts: Record<string, number> = {};
    for (const text of queries) {
      const t0 = performance.now();
      const r = await qs.run(text);
      times.push(performance.now() - t0);
      const key = r.verdict ?? (r.fallback ? 'fallback' : r.form);
      verdicts[key] = (verdicts[key] ?? 0) + 1;
    }
    return { form: label, n: queries.length, ...stats(times), outcomes: verdicts };
  }

  // Warm the name indexes once; the first fuzzy lookup builds the trigram index.
  await qs.run('DESCRIBE "warm up the indexes"');

  const asks = sampleTriples(ix, n, 9).map(
    (t) => `ASK { ${q(t.a)} ${t.r === undefined ? '"is a"' : quoteName(ix.nameOf(t.r))} ${q(t.b)} }`,
  );
  const describes = Array.from({ length: n }, () => `DESCRIBE ${q(pick(rand, classes))}`);
  const selects: string[] = [];
  for (let guard = 0; selects.length < Math.min(n, 200) && guard < n * 200; guard++) {
    const a = pick(rand, classes);
    const pairs: [number, number][] = [];
    for (const x of ix.ancestors(a)) for (const l of ix.links[x] ?? []) pairs.push([l.r, l.f]);
    const named = shuffle(
      rand,
      pairs.filter(([, f]) => ix.kindOf[f] === 'class'),
    );
    if (named.length < 4) continue;
    const conds = named.slice(0, 4).map(([r, f]) => {
      const ups = [...ix.ancestors(f)].filter((b) => ix.kindOf[b] === 'class');
      return `?x ${quoteName(ix.nameOf(r))} ${q(pick(rand, ups))}`;
    });
    selects.push(`SELECT ?x WHERE { ${conds.join(' . ')} }`);
  }
  const linker = qs.names;
  const fuzzyTimes: number[] = [];
  let fuzzyHits = 0;
  for (let i = 0; i < n; i++) {
    const id = pick(rand, classes);
    const typo = normalizeName(makeTypo(ix.nameOf(id), rand, i % 2 ? 2 : 1));
    const t0 = performance.now();
    const top = linker.closestConcepts(typo, 5);
    fuzzyTimes.push(performance.now() - t0);
    if (top.some((c) => c.iri === ix.iri(id))) fuzzyHits++;
  }

  // The latency targets (p95) on the GO-scale ontology.
  const TARGET_P95_MS: Record<string, number> = { ask: 10, describe: 10, 'select-4': 50, 'fuzzy-link': 30 };
  const results = [
    await measure('ask', asks),
    await measure('describe', describes),
    await measure('select-4', selects),
    { form: 'fuzzy-link', n, ...stats(fuzzyTimes), top5Recall: round(fuzzyHits / n, 3) },
  ].map((r) => ({ ...r, targetP95Ms: TARGET_P95_MS[r.form], met: r.p95Ms <= TARGET_P95_MS[r.form] }));
  console.log(
    JSON.stringify(
      { file: file.split('/').pop(), classes: h.summary.classes, closure: h.summary.closure, results },
      null,
      2,
    ),
  );
}

/** MRR of the concept search (the API's ontology.search) on each real file's query sets. */
async function searchQuality() {
  const files = (values['search-files'] ?? 'go-mgi-subset.obo,envo.obo').split(',').filter(Boolean);
  const out = [];
  for (const name of files) {
    const path = join(SHARED, name);
    if (!existsSync(path)) {
      console.error(`[skip] search quality on ${name}: not found under ${SHARED} (set OARAG_ONTOLOGIES)`);
      continue;
    }
    const h = await service.open(path);
    const linker = new QueryService(h, { timeLimitMs: 10_000 }).names;
    const ix = h.closure;
    const times: number[] = [];
    const search = (text: string) => {
      const t0 = performance.now();
      const hits = linker.search(text, 20);
      times.push(performance.now() - t0);
      return hits.map((x) => ix.iri(x.id));
    };
    search('warm up the indexes');
    times.length = 0;
    const sets = {
      synonym: synonymCases(h, n),
      typo: typoCases(h, n),
      'typo-short': typoCases(h, n, 14, 10),
    };
    const mrr = Object.fromEntries(Object.entries(sets).map(([k, cases]) => [k, meanReciprocalRank(cases, search)]));
    const searchLatency = { n: times.length, ...stats(times) };
    // The agent's path for the same texts: a linked name, else the suggestions it is shown (SUGGESTIONS of
    // them); the search cut to the same depth must rank them alike (one ranker for both).
    const link = (text: string) => {
      const l = linker.linkConcept(text);
      return l.status === 'ok' ? [l.entity.iri] : l.candidates.map((c) => c.iri);
    };
    const top = (text: string) => search(text).slice(0, SUGGESTIONS);
    const atDepth = Object.fromEntries(
      Object.entries(sets).map(([k, cases]) => {
        const linking = meanReciprocalRank(cases, link);
        const searching = meanReciprocalRank(cases, top);
        return [k, { linking: linking.mrr, search: searching.mrr, equal: linking.mrr === searching.mrr }];
      }),
    );
    out.push({
      file: name,
      classes: h.summary.classes,
      mrr,
      [`mrrAt${SUGGESTIONS}`]: atDepth,
      searchLatency,
    });
  }
  await service.bridge().stop();
  console.log(JSON.stringify({ searchQuality: out }, null, 2));
}

function stats(times: number[]) {
  const s = [...times].sort((a, b) => a - b);
  const at = (p: number) => round(s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0, 2);
  return { p50Ms: at(0.5), p95Ms: at(0.95), maxMs: round(s.at(-1) ?? 0, 2) };
}
