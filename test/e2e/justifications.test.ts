import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, openApp, openOntology, shot, warnSkip, type Session } from './support/harness';

const reason = browserSkipReason();
if (reason) warnSkip('e2e all justifications', reason);

const TWO = join(__dirname, '..', 'fixtures', 'el', 'two-reasons.ofn');

describe.skipIf(reason)('e2e: every justification of an unsatisfiable class', () => {
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
});
