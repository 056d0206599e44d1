import { readFileSync, writeFileSync } from 'node:fs';
import { cacheDb } from '../../support/cache-db';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ElkBridge } from '../../../src-main/ontology/bridge/bridge-client';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { QueryService } from '../../../src-main/query/exec/query-service';
import { EntailmentSampler, type StatedRow } from '../../support/entailment-sampler';
import { justificationOntology, prefixesUsed, STANDARD_PREFIXES } from '../../support/justification-file';
import { sharedOntology } from '../../support/shared-ontologies';
import { useOntologyService } from '../../support/ontology-service';
import { tempDir } from '../../support/temp-dir';
import { UniqueNames } from '../../support/unique-names';

/*
 * EXPLAIN's justification must stand on its own: written alone into a fresh ontology and loaded
 * into a second ELK session (so nothing of the original ontology can leak in), it still entails
 * the triple.
 */

const service = useOntologyService();
const checker = new ElkBridge({ heapMb: 1024 });
const dir = tempDir('oarag-explain-');
afterAll(async () => {
  await checker.stop();
  dir.cleanup();
});

const FIX = join(__dirname, '..', '..', 'fixtures', 'el');
const SUBCLASS = 'http://www.w3.org/2000/01/rdf-schema#subClassOf';

interface Triple {
  a: number;
  r: number | null;
  b: number;
}

/** Inferred closure positives: `per` existential ones and `per` subsumptions that skip a level. */
function sampleInferred(h: OntologyHandle, names: UniqueNames, per: number, seed: number): Triple[] {
  const ix = h.closure;
  const stated = cacheDb(h).prepare('SELECT s, r, f FROM stated WHERE f IS NOT NULL').all() as StatedRow[];
  const sampler = new EntailmentSampler(ix, stated, (id) => names.of(id) !== null, seed);
  const inferred = sampler
    .asks(200)
    .filter(
      (c) => !c.told && !ix.unsat.has(c.a) && (c.r === null ? ix.isSubClassOf(c.a, c.b) : ix.isEntailed(c.a, c.r, c.b)),
    );
  return [...inferred.filter((c) => c.r !== null).slice(0, per), ...inferred.filter((c) => c.r === null).slice(0, per)];
}

async function checkAlone(h: OntologyHandle, names: UniqueNames, triples: Triple[], label: string): Promise<void> {
  const ix = h.closure;
  const qs = new QueryService(h, { explain: (a, r, b) => service.explain(h, a, r, b) });
  const failures: string[] = [];
  let axioms = 0;
  for (const [i, t] of triples.entries()) {
    const text = `EXPLAIN { ${names.quoted(t.a)} ${t.r === null ? '"is a"' : names.quoted(t.r)} ${names.quoted(t.b)} }`;
    const res = await qs.run(text);
    expect(res.form, `${text}: ${res.observation}`).toBe('explain');
    expect(res.verdict, text).toBe('ENTAILED');
    expect(res.entities).toEqual([ix.iri(t.a), t.r === null ? SUBCLASS : ix.iri(t.r), ix.iri(t.b)]);
    const just = res.justification ?? [];
    expect(just.length, `${text}: empty justification`).toBeGreaterThan(0);
    for (const x of just) {
      expect(res.observation).toContain(x.text);
      for (const p of prefixesUsed(x.functional))
        expect(STANDARD_PREFIXES, `prefix "${p}:" in ${x.functional}`).toHaveProperty(p);
    }
    axioms += just.length;
    const file = join(dir.path, `${label}-${i}.ofn`);
    const kindOf = (iri: string) => {
      const k = ix.kindOf[ix.id(iri) ?? -1];
      return k === 'class' || k === 'property' ? k : undefined;
    };
    writeFileSync(
      file,
      justificationOntology(
        `urn:oarag:test:justification:${label}:${i}`,
        just.map((x) => x.functional),
        kindOf,
      ),
    );
    await checker.request('load', { path: file });
    const query = { sub: ix.iri(t.a), r: t.r === null ? null : ix.iri(t.r), sup: ix.iri(t.b) };
    const { answers } = await checker.request<{ answers: boolean[] }>('entailed', { queries: [query] });
    if (answers[0] !== true) failures.push(`${text}: ${just.map((x) => x.functional).join(' ')}`);
  }
  const existential = triples.filter((t) => t.r !== null).length;
  console.log(
    `${label}: ${triples.length} justifications (${existential} existential, ${triples.length - existential} is-a, ${axioms} axioms), each entails its triple alone`,
  );
  expect(failures).toEqual([]);
}

describe.each(['pizza.owl', 'go-nucleus.ofn', 'uberon-musculoskeletal.obo'])('EXPLAIN on %s', (name) => {
  const path = sharedOntology(name);
  it.skipIf(!path)('gives justifications that entail sampled inferred triples on their own', async () => {
    const h = await service.open(path!);
    const names = new UniqueNames(new QueryService(h).names, h.closure);
    const triples = sampleInferred(h, names, 4, 23);
    expect(triples.filter((t) => t.r !== null)).toHaveLength(4);
    expect(triples.filter((t) => t.r === null)).toHaveLength(4);
    await checkAlone(h, names, triples, name);
  });
});

describe.each(['regulation', 'reflexive'])('EXPLAIN on the %s fixture', (name) => {
  it('gives justifications for every expected entailment (chains, sub-properties, reflexivity) that hold on their own', async () => {
    const h = await service.open(join(FIX, `${name}.ofn`));
    const ix = h.closure;
    const names = new UniqueNames(new QueryService(h).names, ix);
    const expected = JSON.parse(readFileSync(join(FIX, `${name}.expected.json`), 'utf8')) as {
      entailed: [string, string, string][];
    };
    const triples: Triple[] = expected.entailed.map(([a, r, b]) => ({ a: ix.id(a)!, r: ix.id(r)!, b: ix.id(b)! }));
    triples.push(...sampleInferred(h, names, 3, 5).filter((t) => t.r === null));
    expect(triples.some((t) => t.r === null)).toBe(true);
    await checkAlone(h, names, triples, name);
  });
});
