import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, openApp, openOntology, PIZZA, shot, warnSkip, type Session } from './support/harness';

const reason = browserSkipReason() ?? (existsSync(PIZZA) ? null : `${PIZZA} is absent (set OARAG_ONTOLOGIES)`);
if (reason) warnSkip('e2e stated and inferred on pizza', reason);

const P = 'http://www.co-ode.org/ontologies/pizza/pizza.owl#';

/** Opens a class's card by searching for its name. */
async function openCard(page: Page, text: string, name: string): Promise<void> {
  await page.getByTestId('nav-concepts').click();
  await page.getByTestId('concept-search').fill(text);
  await page.waitForFunction(
    (n) =>
      [...document.querySelectorAll('[data-testid="search-results"] [role="option"]')].some((o) =>
        o.textContent?.includes(n),
      ),
    name,
  );
  await page.getByTestId('concept-search').press('Enter');
  await page.waitForFunction((n) => document.querySelector('[data-testid="card-name"]')?.textContent === n, name);
}

/** The marks beside each parent on the card, once the stated axioms have arrived. */
async function parentMarks(page: Page): Promise<Record<string, string[]>> {
  await page.locator('[data-testid="card-parents"] [data-testid^="mark-"]').first().waitFor({ timeout: 60_000 });
  return page.$$eval('[data-testid="card-parents"] li', (lis) =>
    Object.fromEntries(
      lis.map((li) => [
        li.querySelector('.entity')?.textContent?.trim() ?? '',
        [...li.querySelectorAll('[data-testid^="mark-"]')].map((m) => m.textContent?.trim() ?? ''),
      ]),
    ),
  );
}

describe.skipIf(reason)('e2e: stated and inferred, unsatisfiable classes, axioms (pizza.owl)', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openApp();
    await openOntology(s.page, PIZZA);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('names the unsatisfiable classes in the warning by their names, not their IRI fragments', async () => {
    const links = await s.page.getByTestId('unsatisfiable-link').allTextContents();
    // The IRI says CheeseyVegetableTopping; its label (its name everywhere else) says CheesyVegetableTopping.
    expect(links).toContain('CheesyVegetableTopping');
    expect(links).not.toContain('CheeseyVegetableTopping');
  });

  it('marks each parent and link of a card stated or inferred', async () => {
    const { page } = s;
    await openCard(page, 'Margherita', 'Margherita');
    // Stated under named pizza; ELK also finds it a cheesy pizza (it has a cheese topping).
    const marks = await parentMarks(page);
    expect(marks['CheesyPizza']).toEqual(['inferred']);
    expect(Object.entries(marks).find(([n]) => /named ?pizza/i.test(n))?.[1]).toEqual(['stated', 'inferred']);
    const links = await page.$$eval('[data-testid="card-relations"] li', (lis) =>
      lis.map((li) => ({
        source: li.getAttribute('data-source'),
        names: [
          li.closest('[data-relation]')?.getAttribute('data-relation'),
          ...[...li.querySelectorAll('.entity')].map((e) => e.textContent?.trim()),
        ],
      })),
    );
    expect(links).toContainEqual({ source: 'stated', names: ['has topping', 'MozzarellaTopping'] });
    expect(links).toContainEqual({ source: 'inherited', names: ['has base', 'PizzaBase', 'Pizza'] });
    // Every ancestor and both paths to a root.
    await page.getByTestId('lineage-show').click();
    await page.getByTestId('lineage-paths').waitFor();
    const paths = await page.getByTestId('lineage-paths').locator('li').allTextContents();
    expect(paths).toHaveLength(2);
    expect(paths.every((p) => /Pizza › .*Margherita$/.test(p.replace(/\s+/g, ' ').trim()))).toBe(true);
    await page.getByTestId('concept-card').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await shot(page, 'card-stated-inferred', { docs: true });
  });

  it("lists a class's axioms in Manchester syntax, marks what ELK skips, and copies them", async () => {
    const { page } = s;
    const panel = page.getByTestId('class-axioms');
    await panel.getByTestId('axioms-subclass').waitFor({ timeout: 60_000 });
    const sub = (await panel.getByTestId('axioms-subclass').locator('li').allTextContents()).map((t) =>
      t.replace(/\s+/g, ' ').trim(),
    );
    expect(sub.some((t) => t.startsWith('has topping some MozzarellaTopping'))).toBe(true);
    const only = sub.find((t) => t.includes('only'));
    expect(only).toMatch(/^has topping only \(MozzarellaTopping or TomatoTopping\)\s*ELK skips/);
    expect(await panel.getByTestId('axioms-outside-el').textContent()).toMatch(/outside OWL 2 EL; ELK skips/);
    expect(await panel.getByTestId('axioms-disjoint').textContent()).toContain('American');
    // The whole axioms, as Manchester syntax to paste elsewhere (names quoted where they are not one word).
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await panel.getByTestId('axioms-copy-all').click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("Margherita SubClassOf 'has topping' some MozzarellaTopping");
    await panel.evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await shot(page, 'class-axioms', { docs: true });
    // Functional syntax, with full IRIs.
    await panel.getByTestId('axioms-functional').check();
    expect(await panel.getByTestId('axioms-subclass').textContent()).toContain(`SubClassOf(<${P}Margherita>`);
    await panel.getByTestId('axioms-functional').uncheck();
  });

  it('gives an unsatisfiable class its stated parents, explains why, and puts it under owl:Nothing', async () => {
    const { page } = s;
    await openCard(page, 'CheesyVegetableTopping', 'CheesyVegetableTopping');
    expect(await page.getByTestId('card-unsatisfiable').textContent()).toMatch(/Unsatisfiable/);
    const marks = await parentMarks(page);
    expect(marks).toEqual({ CheeseTopping: ['stated'], VegetableTopping: ['stated'] });
    expect(await page.getByTestId('card-parents').textContent()).not.toMatch(/top-level/);
    await page.getByTestId('why-unsatisfiable').click();
    const why = page.getByTestId('unsatisfiable-explanation');
    await why.locator('li').first().waitFor({ timeout: 120_000 });
    const axioms = (await why.locator('li').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(axioms).toHaveLength(3);
    expect(axioms).toContain('CheesyVegetableTopping SubClassOf CheeseTopping');
    expect(axioms).toContain('CheesyVegetableTopping SubClassOf VegetableTopping');
    expect(axioms.some((a) => /^DisjointClasses: .*CheeseTopping.*VegetableTopping/.test(a))).toBe(true);
    // The tree reveals it under owl:Nothing, not among the top-level classes.
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="tree-rows"] [aria-selected="true"]')?.textContent?.includes('Cheesy'),
    );
    const tree = await page.$$eval('[data-testid="tree-rows"] [role="treeitem"]', (lis) =>
      lis.map((li) => ({
        name: li.querySelector('.name')?.textContent?.trim() ?? '',
        level: Number(li.getAttribute('aria-level')),
      })),
    );
    const at = tree.findIndex((r) => r.name === 'CheesyVegetableTopping');
    expect(tree[at].level).toBe(2);
    expect(tree.filter((r) => r.level === 1).map((r) => r.name)).toContain('owl:Nothing');
    expect(tree.filter((r) => r.level === 1).map((r) => r.name)).not.toContain('CheesyVegetableTopping');
    await page.getByTestId('concept-card').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await shot(page, 'card-unsatisfiable', { docs: true });
  });

  it('shows the asserted hierarchy, and unsatisfiable classes marked under their stated parents', async () => {
    const { page } = s;
    // In the inferred tree, under its stated parent CheeseTopping, marked as placed there by its axioms only.
    await openCard(page, 'CheeseTopping', 'CheeseTopping');
    const row = page.locator('[data-testid="tree-rows"] [role="treeitem"][aria-selected="true"]');
    await row.getByTestId('tree-toggle').click();
    const marked = page.locator('[data-testid="tree-rows"] [role="treeitem"]', { hasText: 'CheesyVegetableTopping' });
    await marked.getByTestId('tree-stated-only').waitFor();
    // The asserted hierarchy: IceCream is stated under Food only (ELK has it under owl:Nothing).
    await page.getByTestId('tree-relation').selectOption('@stated');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="concept-tree"]')?.getAttribute('data-relation') === 'stated',
    );
    await openCard(page, 'IceCream', 'IceCream');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="tree-rows"] [aria-selected="true"]')?.textContent?.includes('IceCream'),
    );
    const names = await page.$$eval('[data-testid="tree-rows"] [role="treeitem"] .name', (xs) =>
      xs.map((x) => x.textContent?.trim()),
    );
    expect(names.indexOf('Food')).toBeGreaterThanOrEqual(0);
    expect(names.indexOf('Food')).toBeLessThan(names.indexOf('IceCream'));
    expect(names).not.toContain('owl:Nothing');
    await page.getByTestId('tree-relation').selectOption('');
    expect(s.problems).toEqual([]);
  });
});
