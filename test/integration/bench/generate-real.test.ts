/**
 * Test 1 generation on real ontologies, checked against ELK itself (not our closure):
 * - every MCQ option's label (gold or not) equals ELK's isEntailed on the substituted axiom;
 * - every OQ answer set agrees with ELK on the branch members checked. A branch of at most
 *   OARAG_BENCH_OQ_CHECK members (default 40) is checked whole; a larger one is checked on a
 *   deterministic sample of that size: up to a third gold answers, the rest non-answers that meet
 *   all conditions but one according to the closure (the likeliest to be missed), then random
 *   members. Each checked member is asked every condition, in one batched request per ontology.
 * - reasoner-only scores 100%.
 * Counts: OARAG_BENCH_MCQ (default 60) and OARAG_BENCH_OQ (default 40) per file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { branchMembers, GenContext } from '../../../src-main/bench/generate/index';
import { generateDataset } from '../../../src-main/bench/generate/generate-dataset';
import { datasetHash, toJsonl, type McqItem, type OqItem } from '../../../src-main/bench/generate/dataset';
import { ResultStore } from '../../../src-main/bench/evaluate/result-store';
import { runEvaluation } from '../../../src-main/bench/evaluate/runner';
import { seededRandom, shuffle } from '../../../src-main/core/random';
import { bridgeJarPath } from '../../../src-main/ontology/bridge/bridge-client';
import { OntologyService } from '../../../src-main/ontology/ontology-service';
import { sharedOntology } from '../../support/shared-ontologies';
import { tempDir } from '../../support/temp-dir';

const FILES = ['po.obo', 'zfa.obo', 'envo.obo', 'go-mgi-subset.obo'];
const MCQ = Number(process.env.OARAG_BENCH_MCQ ?? 60);
const OQ = Number(process.env.OARAG_BENCH_OQ ?? 40);
const CHECK = Number(process.env.OARAG_BENCH_OQ_CHECK ?? 40);

const jar = existsSync(bridgeJarPath());
if (!jar) console.warn(`[skip] Test 1 generation on real ontologies: the ELK bridge jar ${bridgeJarPath()} is absent (npm run build:bridge)`);

const dir = tempDir('oarag-bench-int-');
const service = new OntologyService({ cacheDir: dir.path, appVersion: 'test' });

beforeAll(() => service.start());
afterAll(async () => {
  await service.stop();
  dir.cleanup();
});

interface Query {
  sub: string;
  r: string | null;
  sup: string;
}

describe.each(FILES)('Test 1 on %s', (file) => {
  const path = jar ? sharedOntology(file) : null;
  it.skipIf(!path)('MCQ labels and OQ answer sets agree with ELK, and reasoner-only scores 100%', async () => {
    const h = await service.open(path!);
    if (h.summary.cache === 'hit') await service.bridge().request('load', { path: h.path, catalog: null });
    const t0 = performance.now();
    const gen = await generateDataset(h, { mcq: MCQ, oq: OQ, seed: 1 });
    const genSeconds = (performance.now() - t0) / 1000;
    const mcqs = gen.items.filter((i): i is McqItem => i.kind === 'mcq');
    const oqs = gen.items.filter((i): i is OqItem => i.kind === 'oq');
    expect(mcqs.length).toBe(MCQ);
    expect(oqs.length).toBeGreaterThan(0);

    // MCQ: every option of every item.
    const mq: Query[] = [];
    const expected: boolean[] = [];
    const where: string[] = [];
    for (const q of mcqs) {
      for (const o of q.options) {
        mq.push({
          sub: q.slot === 'subject' ? o.iri : q.axiom.subject,
          r: q.slot === 'relation' ? o.iri : q.axiom.relation,
          sup: q.slot === 'filler' ? o.iri : q.axiom.filler,
        });
        expected.push(q.gold.includes(o.key));
        where.push(`${q.id} ${o.key} ${o.name}`);
      }
    }
    const mAns = (await service.bridge().request<{ answers: boolean[] }>('entailed', { queries: mq }, { timeoutMs: 600_000 })).answers;
    expect(mAns.map((a, i) => (a === expected[i] ? null : `${where[i]}: ELK ${a}, gold ${expected[i]}`)).filter(Boolean)).toEqual([]);

    // OQ: the checked members of each branch, every condition.
    const ctx = new GenContext(h);
    const ix = ctx.ix;
    const oqQueries: Query[] = [];
    const checks: { item: OqItem; member: string; gold: boolean; from: number; n: number }[] = [];
    let checkedMembers = 0;
    let wholeBranches = 0;
    for (const q of oqs) {
      const members = branchMembers(ctx, ix.id(q.root)!);
      const gold = new Set(q.answers.map((a) => a.iri));
      let chosen: number[];
      if (members.length <= CHECK) {
        chosen = members;
        wholeBranches++;
      } else {
        const rand = seededRandom(members.length + q.n);
        const conds = q.conditions.map((c) => ({ r: ix.id(c.relation)!, b: ix.id(c.filler)! }));
        const golds = shuffle(rand, members.filter((m) => gold.has(ix.iri(m)))).slice(0, Math.ceil(CHECK / 3));
        const others = members.filter((m) => !gold.has(ix.iri(m)));
        const near = shuffle(rand, others.filter((m) => conds.filter((c) => ix.isEntailed(m, c.r, c.b)).length === conds.length - 1));
        const rest = shuffle(rand, others.filter((m) => !near.includes(m)));
        chosen = [...golds, ...near, ...rest].slice(0, CHECK);
      }
      for (const m of chosen) {
        const iri = ix.iri(m);
        checks.push({ item: q, member: iri, gold: gold.has(iri), from: oqQueries.length, n: q.conditions.length });
        for (const c of q.conditions) oqQueries.push({ sub: iri, r: c.relation, sup: c.filler });
      }
      checkedMembers += chosen.length;
    }
    const oAns = (await service.bridge().request<{ answers: boolean[] }>('entailed', { queries: oqQueries }, { timeoutMs: 900_000 })).answers;
    const oqMismatch = checks
      .filter((c) => oAns.slice(c.from, c.from + c.n).every(Boolean) !== c.gold)
      .map((c) => `${c.item.id}: ${ix.nameOf(ix.id(c.member)!)} is ${c.gold ? '' : 'not '}a gold answer, ELK disagrees`);
    expect(oqMismatch).toEqual([]);

    // Reasoner-only answers exactly what is entailed.
    const store = new ResultStore(':memory:');
    const r = await runEvaluation({ handle: h, items: gen.items, datasetHash: datasetHash(toJsonl(gen.items)), method: 'reasoner-only', store });
    store.close();
    expect(r.accuracy).toBe(1);

    console.log(
      `${file}: generated ${mcqs.length} MCQ + ${oqs.length} OQ in ${genSeconds.toFixed(2)} s ` +
        `(root "${gen.stats.oq.root?.name}", ${gen.stats.oq.branchSize} classes, mean ${gen.stats.oq.meanAnswers} answers); ` +
        `${mq.length} option labels and ${checkedMembers} OQ memberships (${oqQueries.length} queries, ${wholeBranches} whole branches) equal to ELK; reasoner-only ${r.accuracy * 100}%` +
        (gen.warnings.length ? `; warnings: ${gen.warnings.join(' | ')}` : ''),
    );
  }, 900_000);
});
