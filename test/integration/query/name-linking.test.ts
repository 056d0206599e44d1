import { describe, expect, it } from 'vitest';
import { pick, seededRandom } from '../../../src-main/core/random';
import { normalizeName } from '../../../src-main/ontology/names/normalize';
import { NameLinker } from '../../../src-main/query/linking/name-linker';
import { makeTypo } from '../../../src-main/query/linking/typo';
import { sharedOntology } from '../../support/shared-ontologies';
import { useOntologyService } from '../../support/ontology-service';

const service = useOntologyService();

describe.each(['go-mgi-subset.obo', 'envo.obo'])('fuzzy name linking on %s', (file) => {
  const path = sharedOntology(file);
  it.skipIf(!path)('puts the intended class in the top 5 for at least 95 % of 200 labels with 1–2 typos', async () => {
    const h = await service.open(path!);
    const ix = h.closure;
    const linker = new NameLinker(h.names, ix);
    const rand = seededRandom(11);
    const ids = ix.kindOf.flatMap((k, id) =>
      k === 'class' && !ix.deprecated.has(id) && ix.nameOf(id).length >= 4 ? [id] : [],
    );
    let hits = 0;
    const misses: string[] = [];
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const id = pick(rand, ids);
      const typo = makeTypo(ix.nameOf(id), rand, i % 2 === 0 ? 1 : 2);
      const t0 = performance.now();
      const top = linker.closestConcepts(normalizeName(typo), 5);
      times.push(performance.now() - t0);
      if (top.some((c) => c.iri === ix.iri(id))) hits++;
      else misses.push(`${typo} → ${ix.nameOf(id)}`);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${file}: typo top-5 recall ${hits / 2} %, p50 ${times[100].toFixed(1)} ms, p95 ${times[190].toFixed(1)} ms; misses: ${misses.slice(0, 5).join(' | ')}`,
    );
    expect(hits / 200).toBeGreaterThanOrEqual(0.95);
  });
});

describe('CamelCase names on pizza.owl', () => {
  const path = sharedOntology('pizza.owl');
  it.skipIf(!path)('links relations written as words to label-less CamelCase properties', async () => {
    const h = await service.open(path!);
    const linker = new NameLinker(h.names, h.closure);
    const pz = 'http://www.co-ode.org/ontologies/pizza/pizza.owl#';
    for (const [text, local] of [
      ['has topping', 'hasTopping'],
      ['is topping of', 'isToppingOf'],
      ['has country of origin', 'hasCountryOfOrigin'],
    ]) {
      expect(linker.linkRelation(text)).toMatchObject({ status: 'ok', entity: { iri: pz + local }, via: 'fragment' });
    }
    // The IRI's own spelling still links, though the name is now its words ("has base").
    expect(linker.linkRelation('hasBase')).toMatchObject({
      status: 'ok',
      entity: { iri: pz + 'hasBase', name: 'has base' },
      via: 'fragment',
    });
  });
});
