import { describe, expect, it } from 'vitest';
import { sampleTriples } from '../../../src-main/ontology/closure/closure-sampler';
import { pick, seededRandom } from '../../../src-main/core/random';
import { REAL_FILES, sharedOntology } from '../../support/shared-ontologies';
import { useOntologyService } from '../../support/ontology-service';

const service = useOntologyService();

describe.each(REAL_FILES)('real ontology %s', (file) => {
  const path = sharedOntology(file);
  it.skipIf(!path)('loads, and its closure agrees with ELK on sampled entailments and direct parents', async () => {
    const h = await service.open(path!);
    expect(h.summary.classes).toBeGreaterThan(0);
    const ix = h.closure;
    const sample = sampleTriples(ix, 300, 7);
    expect(sample.length).toBeGreaterThanOrEqual(200);
    const queries = sample.map((t) => ({
      sub: ix.iri(t.a),
      r: t.r === undefined ? null : ix.iri(t.r),
      sup: ix.iri(t.b),
    }));
    const { answers } = await service.bridge().request<{ answers: boolean[] }>('entailed', { queries });
    const mismatches = sample
      .map((t, i) => ({ ...queries[i], how: t.how, ours: t.expected, elk: answers[i] }))
      .filter((m) => m.ours !== m.elk);
    expect(mismatches).toEqual([]);
    const positives = sample.filter((t) => t.expected && t.r !== undefined).length;
    const negatives = sample.filter((t) => !t.expected).length;
    console.log(
      `${file}: ${sample.length} sampled, ${positives} existential positives, ${negatives} negatives, all equal to ELK`,
    );
    if (h.summary.closure.existential > 0) expect(positives).toBeGreaterThan(50);
    expect(negatives).toBeGreaterThan(50);

    const rand = seededRandom(3);
    // IRI order, not id order: ids change between loads, and the sample should not.
    const classIds = ix.kindOf
      .flatMap((k, id) => (k === 'class' && !ix.unsat.has(id) ? [id] : []))
      .sort((x, y) => (ix.iri(x) < ix.iri(y) ? -1 : 1));
    const chosen = Array.from({ length: Math.min(100, classIds.length) }, () => pick(rand, classIds));
    const iris = chosen.map((id) => ix.iri(id));
    const sup = await service.bridge().request<{ answers: string[][] }>('superclasses', { iris });
    iris.forEach((iri, i) => {
      const card = h.card(iri)!;
      expect(card, iri).toBeTruthy();
      expect(card.parents.map((p) => p.iri).sort(), iri).toEqual([...sup.answers[i]].sort());
    });
  });
});
