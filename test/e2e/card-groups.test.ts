import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, openApp, openOntology, PIZZA, shot, warnSkip, type Session } from './support/harness';

const reason = browserSkipReason() ?? (existsSync(PIZZA) ? null : `${PIZZA} is absent (set OARAG_ONTOLOGIES)`);
if (reason) warnSkip('e2e card relations grouped', reason);

describe.skipIf(reason)('e2e: a card groups its links by relation (pizza.owl)', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openApp();
    await openOntology(s.page, PIZZA);
  });
  afterAll(async () => {
    await s?.close();
  });

  it("lists the class's own links first, by relation; inherited ones fold under 'inherited from …'", async () => {
    const { page } = s;
    await page.getByTestId('nav-concepts').click();
    await page.getByTestId('concept-search').fill('American');
    await page.locator('[data-testid="search-results"] [role=option]', { hasText: 'American' }).first().click();
    await page.waitForFunction(() => document.querySelector('[data-testid="card-name"]')?.textContent === 'American');
    const rel = page.getByTestId('card-relations');
    await rel.locator('[data-testid="link-stated"]').first().waitFor({ timeout: 60_000 });
    await rel.getByTestId('inherited-group').first().waitFor({ timeout: 60_000 });
    const groups = await rel.getByTestId('relation-group').evaluateAll((gs) =>
      gs.map((g) => ({
        relation: g.getAttribute('data-relation'),
        direct: g.querySelectorAll(':scope > ul > li').length,
        inherited: [...g.querySelectorAll('[data-testid="inherited-group"]')].map((d) => ({
          open: (d as HTMLDetailsElement).open,
          summary: d.querySelector('summary')?.textContent?.replace(/\s+/g, ' ').trim(),
        })),
      })),
    );
    // One group per relation, the class's own first.
    expect(new Set(groups.map((g) => g.relation)).size).toBe(groups.length);
    const firstInheritedOnly = groups.findIndex((g) => g.direct === 0);
    expect(groups[0].direct).toBeGreaterThan(0);
    expect(groups.find((g) => g.relation === 'has topping')?.direct).toBeGreaterThanOrEqual(3);
    if (firstInheritedOnly >= 0) expect(groups.slice(firstInheritedOnly).every((g) => g.direct === 0)).toBe(true);
    const base = groups.find((g) => g.relation === 'has base');
    expect(base?.direct).toBe(0);
    expect(base?.inherited[0]).toMatchObject({
      open: false,
      summary: expect.stringMatching(/^inherited from Pizza \(\d+\)$/),
    });
    // Folded rows are not shown until asked for.
    const hasBase = rel.locator('[data-relation="has base"]');
    expect(await hasBase.locator('li').first().isVisible()).toBe(false);
    await shot(page, 'card-relations-grouped', { docs: true });
    await hasBase.locator('summary').first().click();
    expect(await hasBase.locator('li').first().isVisible()).toBe(true);
    expect(await hasBase.locator('li').first().textContent()).toMatch(/PizzaBase/);
    expect(s.problems).toEqual([]);
  });
});
