import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserSkipReason,
  openApp,
  openOntology,
  PIZZA,
  SHARED_ONTOLOGIES,
  shot,
  warnSkip,
  type Session,
} from './support/harness';

const GO_NUCLEUS = join(SHARED_ONTOLOGIES, 'go-nucleus.ofn');
const missing = [GO_NUCLEUS, PIZZA].filter((p) => !existsSync(p));
const reason = browserSkipReason() ?? (missing.length ? `${missing.join(', ')} absent (set OARAG_ONTOLOGIES)` : null);
if (reason) warnSkip('e2e names, alt_ids and obsolete terms', reason);

describe.skipIf(reason)('e2e: names for any ontology, alt_ids and obsolete terms', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openApp();
  });
  afterAll(async () => {
    await s?.close();
  });

  const rows = () => s.page.locator('[data-testid="search-results"] [role=option]');
  async function searchFor(text: string, first: string) {
    const search = s.page.getByTestId('concept-search');
    await search.fill(text);
    await s.page.waitForFunction(
      ([t, f]) =>
        document.querySelector('[data-testid="concept-search"] ~ .status')?.textContent?.includes(`“${t}”`) &&
        document.querySelector('[data-testid="search-results"] [role=option]')?.textContent?.includes(f),
      [text, first],
    );
  }

  it('resolves an alt_id CURIE to the live term with a note, and shows obsolete terms only when asked', async () => {
    const { page } = s;
    await openOntology(page, GO_NUCLEUS);
    await page.getByTestId('nav-concepts').click();
    await searchFor('GO:0005636', 'nuclear envelope');
    expect(await rows().count()).toBe(1);
    expect(await rows().first().getByTestId('hit-replaces').textContent()).toMatch(
      /GO:0005636 is (an alternative ID of|obsolete, replaced by) this term/,
    );
    await page.getByTestId('search-obsolete').check();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="search-results"] [role=option]').length === 2,
    );
    expect(await rows().nth(1).textContent()).toMatch(/GO:0005636.*obsolete/s);
    await page.getByTestId('search-obsolete').uncheck();

    // A swapped pair of letters still finds the term first, marked as a near miss.
    await searchFor('nucelus', 'nucleus');
    expect(await rows().first().getByTestId('hit-match').textContent()).toBe('similar');
    await searchFor('GO:0005636', 'nuclear envelope');
    await rows().first().click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="card-name"]')?.textContent === 'nuclear envelope',
    );
    await shot(page, 'concepts-alt-id', { docs: true });

    // Grouped annotations, with the taxon an IRI value names as a link.
    await searchFor('GO:0005634', 'nucleus');
    await rows().first().click();
    await page.waitForFunction(() => document.querySelector('[data-testid="card-name"]')?.textContent === 'nucleus');
    const card = page.getByTestId('concept-card');
    expect(await card.locator('dt').allTextContents()).toEqual([
      'Definition',
      'Parents',
      'Ancestors',
      'Children',
      'Relations',
      'Synonyms',
      'Cross-references',
      'Subsets',
      'Other annotations',
    ]);
    expect(await page.getByTestId('card-synonyms').textContent()).toMatch(/cell nucleus\s*exact/);
    await page.getByTestId('card-other').getByRole('button', { name: 'Bacteria', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="card-name"]')?.textContent === 'Bacteria');
    expect(s.problems).toEqual([]);
  });

  it('names pizza.owl entities from their IRIs where the file gives no English label', async () => {
    const { page } = s;
    await openOntology(page, PIZZA);
    await page.getByTestId('nav-concepts').click();
    await searchFor('named pizza', 'named pizza');
    await rows().first().click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="card-name"]')?.textContent === 'named pizza',
    );
    expect(await page.getByTestId('card-other').textContent()).toMatch(/label\s*PizzaComUmNome\s*pt/);
    await page.getByTestId('concept-card').getByRole('button', { name: 'American', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="card-name"]')?.textContent === 'American');
    const text = (await page.getByTestId('concept-card').textContent()) ?? '';
    expect(text).toContain('has topping');
    expect(text).not.toContain('hasTopping');
    await shot(page, 'pizza-names', { docs: true });
    expect(s.problems).toEqual([]);
  });
});
