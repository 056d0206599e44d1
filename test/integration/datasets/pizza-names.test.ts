/**
 * pizza.owl names its properties only by their IRIs and many classes only in Portuguese. Under the
 * naming policy (labels in the preferred language, then skos:prefLabel, then the IRI in words) it
 * must behave like the OBO files: the CLI generates Test 1 (relation-masked MCQs included) and
 * revises it into Test 2, and cards, search and linking use the same names.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDataset, type McqItem } from '../../../src-main/datasets/generate/dataset';
import { bridgeJarPath } from '../../../src-main/ontology/bridge/bridge-client';
import { NameLinker } from '../../../src-main/query/linking/name-linker';
import { cliHarness } from '../../support/cli-harness';
import { sharedOntology } from '../../support/shared-ontologies';

const PZ = 'http://www.co-ode.org/ontologies/pizza/pizza.owl#';
const jar = existsSync(bridgeJarPath());
if (!jar)
  console.warn(`[skip] pizza.owl names: the ELK bridge jar ${bridgeJarPath()} is absent (npm run build:bridge)`);
const pizza = jar ? sharedOntology('pizza.owl') : null;
const h = cliHarness('oarag-pizza-');

describe('pizza.owl under the naming policy', () => {
  it.skipIf(!pizza)(
    'generates Test 1 with relation questions and revises it into Test 2 from the CLI',
    async () => {
      const gen = await h.cli(['generate', '--ontology', pizza!, '--out', 'test1.jsonl', '--json']);
      expect(gen.err).not.toMatch(/unambiguous name/);
      expect(gen.code).toBe(0);
      const stats = JSON.parse(gen.out) as {
        items: number;
        mcq: { generated: number; bySlot: Record<string, number> };
      };
      expect(stats.mcq.generated).toBe(300);
      expect(stats.mcq.bySlot.relation).toBe(100);
      const items = parseDataset(readFileSync(join(h.dir, 'test1.jsonl'), 'utf8'), 'test1.jsonl');
      const relationOptions = items
        .filter((i): i is McqItem => i.kind === 'mcq' && i.slot === 'relation')
        .flatMap((i) => i.options.map((o) => o.name));
      expect(new Set(relationOptions)).toContain('has topping');
      // Names read as words: no IRI humps and no Portuguese label stand in for a relation.
      for (const n of relationOptions) expect(n).toMatch(/^[a-z]+( [a-z]+)*$/);
      expect(JSON.stringify(items)).not.toContain('PizzaComUmNome');

      const rev = await h.cli(['revise', '--ontology', pizza!, '--questions', 'test1.jsonl', '--out', 't2', '--json']);
      expect(rev.code).toBe(0);
      const report = JSON.parse(rev.out) as { items: number; kept: number; distinctRestrictions: number };
      expect(report.items).toBe(items.length);
      expect(report.kept).toBeGreaterThan(items.length / 2);
      expect(report.distinctRestrictions).toBeGreaterThan(100);
      const revised = readFileSync(join(h.dir, 't2', 'pizza.revised.owl'), 'utf8');
      // The relation is written in other words (Test 2 is read, not string-matched), the names as the cards give them.
      expect(revised).toMatch(
        /\b(Every|Each|Any) American is (always )?(topped|covered|finished) with (some|at least one|some kind of) TomatoTopping\./,
      );
      expect(revised).not.toContain('American has topping');
    },
    300_000,
  );

  it.skipIf(!pizza)(
    'names label-less and Portuguese-only entities from their IRIs, on cards and in search',
    async () => {
      const handle = await h.container.ontologies.open(pizza!);
      const ix = handle.closure;
      const name = (local: string) => ix.nameOf(ix.id(PZ + local)!);
      expect(name('hasTopping')).toBe('has topping');
      expect(name('hasCountryOfOrigin')).toBe('has country of origin');
      expect(name('NamedPizza')).toBe('named pizza');
      expect(name('Margherita')).toBe('Margherita');

      const card = handle.card(PZ + 'NamedPizza')!;
      expect(card.name).toBe('named pizza');
      expect(card.sections.find((s) => s.group === 'other')!.entries).toContainEqual(
        expect.objectContaining({ property: 'label', value: 'PizzaComUmNome', lang: 'pt' }),
      );
      const american = handle.card(PZ + 'American')!;
      expect(american.statedRelations.map((s) => s.relation.name)).toContain('has topping');
      expect(american.text).toContain('has topping -> ');

      const linker = new NameLinker(handle.names, ix);
      const hits = linker.search('margherita');
      expect(ix.nameOf(hits[0].id)).toBe('Margherita');
      expect(hits[0].tier).toBe('label');
      expect(hits.map((x) => ix.nameOf(x.id))).not.toContain('American');
      expect(linker.linkRelation('has topping')).toMatchObject({ status: 'ok', entity: { iri: PZ + 'hasTopping' } });
      expect(linker.linkRelation('hasTopping')).toMatchObject({ status: 'ok', entity: { iri: PZ + 'hasTopping' } });
    },
  );

  it.skipIf(!pizza)('follows the language setting, in a cache of its own', async () => {
    const en = await h.container.ontologies.open(pizza!);
    h.container.settings.set({ nameLanguages: ['pt', ''] });
    const pt = await h.container.ontologies.open(pizza!);
    h.container.settings.set({ nameLanguages: ['en', ''] });
    expect(pt).not.toBe(en);
    expect(pt.summary.cache).toBe('miss');
    const name = (local: string) => pt.closure.nameOf(pt.closure.id(PZ + local)!);
    expect(name('NamedPizza')).toBe('PizzaComUmNome');
    expect(name('MeatTopping')).toBe('CoberturaDeCarne');
    // No Portuguese label: the prefLabel is English, so the IRI in words wins.
    expect(name('hasTopping')).toBe('has topping');
    expect(en.closure.nameOf(en.closure.id(PZ + 'MeatTopping')!)).toBe('MeatTopping');
  });
});
