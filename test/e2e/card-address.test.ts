import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, openApp, openOntology, SAMPLE, shot, warnSkip, type Session } from './support/harness';

const reason = browserSkipReason();
if (reason) warnSkip('e2e card addresses', reason);

const cardName = (page: Session['page'], name: string) =>
  page.waitForFunction((n) => document.querySelector('[data-testid="card-name"]')?.textContent === n, name, {
    timeout: 30_000,
  });

describe.skipIf(reason)('e2e: each concept card has its own address', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openApp();
    await openOntology(s.page, SAMPLE);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('puts the card in the address; Back returns to the previous concept and never leaves the app; the address reopens it', async () => {
    const { page } = s;
    await page.getByTestId('nav-concepts').click();
    await page.getByTestId('concept-search').fill('viral myocarditis');
    await page
      .locator('[data-testid="search-results"] [role=option]', { hasText: 'viral myocarditis' })
      .first()
      .click();
    await cardName(page, 'viral myocarditis');
    const first = new URL(page.url()).hash;
    expect(first).toMatch(/^#\/concepts\/http/);
    expect(decodeURIComponent(first.slice('#/concepts/'.length))).toMatch(/myocarditis|MONDO|#|\//);

    const card = page.getByTestId('concept-card');
    await card.getByRole('button', { name: 'myocarditis', exact: true }).click();
    await cardName(page, 'myocarditis');
    const second = new URL(page.url()).hash;
    expect(second).not.toBe(first);
    await page.getByTestId('nav-ask').click();
    await page.getByTestId('view-ask').waitFor();

    // Back: the Concepts view on the card left, then the concept before it, then never out of the app.
    await page.goBack();
    await cardName(page, 'myocarditis');
    expect(new URL(page.url()).hash).toBe(second);
    await page.goBack();
    await cardName(page, 'viral myocarditis');
    expect(new URL(page.url()).hash).toBe(first);
    for (let i = 0; i < 4; i++) {
      await page.goBack().catch(() => null);
      await page.waitForTimeout(200);
    }
    expect(page.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*#\/ontologies$/);
    await page.goForward();
    await page.goForward();
    await cardName(page, 'viral myocarditis');

    // The address on its own (a bookmark, a shared link) opens the card in a fresh page.
    const link = page.url().replace(/#.*$/, '') + second;
    await page.goto('about:blank');
    await page.goto(link);
    await page.locator('.shell[data-ready="yes"]').waitFor({ timeout: 30_000 });
    await cardName(page, 'myocarditis');
    expect(await page.getByTestId('card-link').isVisible()).toBe(true);
    await shot(page, 'concepts-card-address', { docs: true });
    expect(s.problems).toEqual([]);
  });
});
