import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, openApp, openOntology, SAMPLE, shot, warnSkip, type Session } from './support/harness';

const reason = browserSkipReason();
if (reason) warnSkip('e2e search keyboard', reason);

describe.skipIf(reason)('e2e: search results are one Tab stop with arrow keys inside', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openApp();
    await openOntology(s.page, SAMPLE);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('moves with arrows from the box and in the list, leaves with one Tab, and starts a new search at the top', async () => {
    const { page } = s;
    const list = page.getByTestId('search-results');
    const options = list.locator('[role=option]');
    /** The highlighted row's position, as the list tells assistive technology. */
    const activeIndex = () =>
      list.evaluate((ul) => {
        const id = ul.getAttribute('aria-activedescendant');
        const rows = [...ul.querySelectorAll('[role=option]')];
        const i = rows.findIndex((r) => r.id === id);
        return { i, selected: rows[i]?.getAttribute('aria-selected') ?? null };
      });
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

    await page.getByTestId('nav-concepts').click();
    const search = page.getByTestId('concept-search');
    await search.fill('heart');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="search-results"] [role=option]').length >= 4,
    );
    const n = await options.count();
    expect(await activeIndex()).toEqual({ i: 0, selected: 'true' });
    // Nothing inside the list takes the focus on its own: the list is the one stop.
    expect(await list.evaluate((ul) => ul.querySelectorAll('button, a, input, [tabindex]').length)).toBe(0);

    await search.press('ArrowDown');
    await search.press('ArrowDown');
    expect((await activeIndex()).i).toBe(2);
    await search.press('Tab');
    expect(await focused()).toBe('search-results');
    await page.keyboard.press('ArrowDown');
    expect((await activeIndex()).i).toBe(3);
    await page.keyboard.press('ArrowUp');
    expect((await activeIndex()).i).toBe(2);
    await page.keyboard.press('End');
    expect((await activeIndex()).i).toBe(n - 1);
    await page.keyboard.press('Home');
    expect((await activeIndex()).i).toBe(0);
    await page.keyboard.press('ArrowDown');
    await shot(page, 'search-keyboard');

    // Enter opens the highlighted row's card.
    const second = ((await options.nth(1).textContent()) ?? '').trim().split(/\s/)[0];
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (name) => document.querySelector('[data-testid="card-name"]')?.textContent?.startsWith(name),
      second,
    );

    // One more Tab leaves the list for the card, not for the next row.
    await list.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="search-results"]'))).toBe(false);

    // A new search highlights its first row again.
    await list.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect((await activeIndex()).i).toBe(2);
    const before = await options.first().textContent();
    await search.fill('myocard');
    await page.waitForFunction(
      (old) => document.querySelector('[data-testid="search-results"] [role=option]')?.textContent !== old,
      before,
    );
    expect(await activeIndex()).toEqual({ i: 0, selected: 'true' });
    expect(await list.evaluate((ul) => ul.querySelectorAll('[aria-selected=true]').length)).toBe(1);
    expect(s.problems).toEqual([]);
  });
});
