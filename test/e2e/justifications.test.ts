import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, openApp, openOntology, shot, warnSkip, type Session } from './support/harness';

const reason = browserSkipReason();
if (reason) warnSkip('e2e all justifications', reason);

const TWO = join(__dirname, '..', 'fixtures', 'el', 'two-reasons.ofn');
const WAYS = join(__dirname, '..', 'fixtures', 'el', 'two-ways.ofn');

describe.skipIf(reason)('e2e: every justification of an unsatisfiable class and of an entailment', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openApp();
    await openOntology(s.page, TWO);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('lists each minimal set of axioms that makes the class unsatisfiable', async () => {
    const { page } = s;
    await page.getByTestId('nav-concepts').click();
    await page.getByTestId('concept-search').fill('chimera');
    await page.locator('[data-testid="search-results"] [role=option]', { hasText: 'chimera' }).first().click();
    await page.getByTestId('card-unsatisfiable').waitFor({ timeout: 60_000 });
    await page.getByTestId('why-unsatisfiable').click();
    const sets = page.getByTestId('justification');
    await sets.first().waitFor({ timeout: 120_000 });
    expect(await sets.count()).toBe(2);
    const texts = (await sets.evaluateAll((ss) => ss.map((x) => x.querySelectorAll('li').length))).sort();
    expect(texts).toEqual([3, 4]);
    expect(await page.getByTestId('justification-count').textContent()).toMatch(/2 independent reasons/);
    expect(await page.getByTestId('justification-more').count()).toBe(0);
    await shot(page, 'card-justifications', { docs: true });
    expect(s.problems).toEqual([]);
  });

  it("numbers every justification of a card's Explain and of the console's EXPLAIN", async () => {
    const { page } = s;
    await openOntology(page, WAYS);
    await page.getByTestId('nav-concepts').click();
    await page.getByTestId('concept-search').fill('rod cell');
    await page.locator('[data-testid="search-results"] [role=option]', { hasText: 'rod cell' }).first().click();
    // Stated, and also entailed by the definition of a retinal neuron: two minimal sets.
    const parent = page.getByTestId('parent-retinal neuron');
    await parent.getByRole('button', { name: 'Explain' }).click();
    const sets = parent.getByTestId('explain-justification');
    await sets.first().waitFor({ timeout: 120_000 });
    expect(await sets.count()).toBe(2);
    expect(await sets.locator('h4').allTextContents()).toEqual(['Justification 1 of 2', 'Justification 2 of 2']);
    expect((await sets.evaluateAll((ss) => ss.map((x) => x.querySelectorAll('li').length))).sort()).toEqual([1, 3]);
    expect(await parent.getByTestId('explain-justification-more').count()).toBe(0);
    await shot(page, 'explain-justifications', { docs: true });

    await page.getByTestId('nav-query').click();
    await page.getByTestId('mode-dialect').click();
    await page.getByTestId('query-text').fill('EXPLAIN { "rod cell" "part of" "eye" }');
    await page.getByTestId('query-run').click();
    const result = page.getByTestId('query-result');
    await result.getByTestId('explain-justification').first().waitFor({ timeout: 120_000 });
    expect(await result.getByTestId('explain-justification').locator('h4').allTextContents()).toEqual([
      'Justification 1 of 3',
      'Justification 2 of 3',
      'Justification 3 of 3',
    ]);
    expect(await result.getByTestId('explain-justification-count').textContent()).toMatch(/^\s*3 justifications/);
    expect(s.problems).toEqual([]);
  });
});
