/**
 * Three-valued verdicts with the real bridge (ELK, STAR modules, HermiT): pizza's known answers, and
 * for the option statements of a generated Test 1, every decided verdict agrees with HermiT on the
 * whole ontology (statements HermiT does not settle there in time are left out, and counted).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { generateDataset } from '../../../src-main/datasets/generate/generate-dataset';
import type { McqItem } from '../../../src-main/datasets/generate/dataset';
import { bridgeJarPath } from '../../../src-main/ontology/bridge/bridge-client';
import { MemoryVerdictStore } from '../../../src-main/ontology/verdicts/verdict-store';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { SUBCLASS_OF, type IriStatement } from '../../../src-main/query/exec/closure-facts';
import type { StatementVerdict } from '../../../src-main/query/query-types';
import { QueryService } from '../../../src-main/query/exec/query-service';
import { deciderFor } from '../../../src-main/query/verdicts/decider-for';
import { sharedOntology } from '../../support/shared-ontologies';
import { OntologyService } from '../../../src-main/ontology/ontology-service';
import { tempDir } from '../../support/temp-dir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PZ = 'http://www.co-ode.org/ontologies/pizza/pizza.owl#';
const jar = existsSync(bridgeJarPath());
if (!jar) console.warn(`[skip] DL verdicts: the ELK bridge jar ${bridgeJarPath()} is absent (npm run build:bridge)`);
const pizza = jar ? sharedOntology('pizza.owl') : null;
const envo = jar ? sharedOntology('envo.obo') : null;
// HermiT on a whole ontology (the reference) needs more heap than ELK's load is sized for.
const dir = tempDir('oarag-verdicts-');
const service = new OntologyService({ cacheDir: join(dir.path, 'cache'), appVersion: 'test', heapFor: () => 3072 });
beforeAll(() => service.start());
afterAll(async () => {
  await service.stop();
  dir.cleanup();
});

const isa = (a: string, b: string): IriStatement => ({ subject: PZ + a, relation: SUBCLASS_OF, filler: PZ + b });

describe('pizza: verdicts the ontology decides', () => {
  it.skipIf(!pizza)(
    'Margherita is a VegetarianPizza is ENTAILED (dl), MeatyPizza CONTRADICTED, and EXPLAIN names why',
    async () => {
      const h = await service.open(pizza!);
      const store = service.verdictStore(h);
      const qs = new QueryService(h, {
        decider: deciderFor(h, store, service.verdictBridge(h), 20_000),
        dlDeadlineMs: 20_000,
      });
      const veg = await qs.askIriDecided(isa('Margherita', 'VegetarianPizza'));
      expect(veg.verdict).toBe('ENTAILED');
      expect(veg.reasoner).toBe('dl');
      const meaty = await qs.askIriDecided(isa('Margherita', 'MeatyPizza'));
      expect(meaty.verdict).toBe('CONTRADICTED');
      expect(meaty.observation).toContain('CONTRADICTED');
      expect((await qs.askIriDecided(isa('American', 'VegetarianPizza'))).verdict).toBe('CONTRADICTED');
      // the closure alone still says ENTAILED for what it has
      expect((await qs.askIriDecided(isa('Margherita', 'NamedPizza'))).verdict).toBe('ENTAILED');

      const ex = await qs.run(meaty.query.replace(/^ASK/, 'EXPLAIN'));
      expect(ex.verdict).toBe('CONTRADICTED');
      expect(ex.justification?.length).toBeGreaterThan(1);
      expect(ex.justification!.map((a) => a.functional).join('\n')).toMatch(/Disjoint|ObjectAllValuesFrom|Vegetarian/);

      const why = await qs.run(veg.query.replace(/^ASK/, 'EXPLAIN'));
      expect(why.verdict).toBe('ENTAILED');
      expect(why.justification!.map((a) => a.functional).join('\n')).toMatch(/ObjectAllValuesFrom|ObjectUnionOf/);

      // a re-check is free: a decider over the same store with no bridge at all gives the same verdicts
      const again = deciderFor(h, store, null);
      expect(again.known(isa('Margherita', 'MeatyPizza'))?.verdict).toBe('CONTRADICTED');
      expect(again.known(isa('Margherita', 'VegetarianPizza'))).toMatchObject({ verdict: 'ENTAILED', reasoner: 'dl' });
    },
    180_000,
  );
});

/** Option statements of a generated Test 1, at most `max`, spread over the items. */
function optionStatements(items: McqItem[], max: number): IriStatement[] {
  const all = items.flatMap((q) =>
    q.options.map((o) => ({
      subject: q.slot === 'subject' ? o.iri : q.axiom.subject,
      relation: q.slot === 'relation' ? o.iri : q.axiom.relation,
      filler: q.slot === 'filler' ? o.iri : q.axiom.filler,
    })),
  );
  const step = Math.max(1, Math.floor(all.length / max));
  return all.filter((_, i) => i % step === 0).slice(0, max);
}

async function agreesWithWhole(h: OntologyHandle, sample: number, wholeMs: number) {
  const gen = await generateDataset(h, { mcq: 12, oq: 0, seed: 5 });
  const mcqs = gen.items.filter((i): i is McqItem => i.kind === 'mcq');
  const decider = deciderFor(h, new MemoryVerdictStore(), service.verdictBridge(h), 5000);
  const decided: { s: IriStatement; v: StatementVerdict }[] = [];
  for (const s of optionStatements(mcqs, sample)) {
    const v = await decider.decide(s);
    if (v.verdict !== 'UNKNOWN') decided.push({ s, v });
  }
  const bridge = await service.bridgeHolding(h);
  const { answers } = await bridge.request<{
    answers: { settled: boolean; entailed: boolean; satisfiable: boolean }[];
  }>(
    'dlWhole',
    {
      queries: decided.map(({ s }) => ({
        sub: s.subject,
        r: s.relation === SUBCLASS_OF ? null : s.relation,
        sup: s.filler,
      })),
      deadlineMs: wholeMs,
    },
    { timeoutMs: decided.length * wholeMs + 120_000 },
  );
  let compared = 0;
  const disagreements: string[] = [];
  decided.forEach(({ s, v }, i) => {
    const whole = answers[i];
    if (!whole.settled) return;
    compared++;
    const ref = whole.entailed ? 'ENTAILED' : whole.satisfiable ? 'NOT ENTAILED' : 'CONTRADICTED';
    // an unsatisfiable subject: ENTAILED (the closure's reading) and CONTRADICTED are both true
    if (ref !== v.verdict && !(whole.entailed && !whole.satisfiable))
      disagreements.push(`${s.subject} ${s.relation} ${s.filler}: ${v.verdict} (${v.reasoner}) vs HermiT ${ref}`);
  });
  return { compared, decided: decided.length, disagreements };
}

describe('decided verdicts agree with HermiT on the whole ontology', () => {
  it.skipIf(!pizza)(
    'pizza',
    async () => {
      const r = await agreesWithWhole(await service.open(pizza!), 24, 20_000);
      console.log(`[verdicts] pizza: ${r.decided} decided, ${r.compared} compared with HermiT on the whole ontology`);
      expect(r.disagreements).toEqual([]);
      expect(r.compared).toBeGreaterThan(10);
    },
    240_000,
  );
  it.skipIf(!envo)(
    'envo.obo',
    async () => {
      const r = await agreesWithWhole(await service.open(envo!), 10, 8000);
      console.log(`[verdicts] envo: ${r.decided} decided, ${r.compared} compared with HermiT on the whole ontology`);
      expect(r.disagreements).toEqual([]);
      expect(r.compared).toBeGreaterThan(3);
    },
    300_000,
  );
});
