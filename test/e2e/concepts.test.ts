import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, openApp, openOntology, SAMPLE, shot, warnSkip, type Session } from './support/harness';

const reason = browserSkipReason();
if (reason) warnSkip('e2e Concept browser', reason);

describe.skipIf(reason)('e2e: Concept browser', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openApp();
    await openOntology(s.page, SAMPLE);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('searches as you type (Ctrl+K), opens a card in the paper field order, follows links and goes back', async () => {
    const { page } = s;
    await page.keyboard.press('Control+k');
    const search = page.getByTestId('concept-search');
    await search.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('concept-search');
    // A synonym finds its concept.
    await search.fill('heart attack');
    await page.waitForFunction(() =>
      document
        .querySelector('[data-testid="search-results"] [role=option]')
        ?.textContent?.includes('myocardial infarction'),
    );
    expect(await page.locator('[data-testid="search-results"] [role=option]').first().textContent()).toMatch(
      /myocardial infarction.*heart attack.*exact/s,
    );
    await search.fill('');
    await search.pressSequentially('viral myo', { delay: 20 });
    const first = page.locator('[data-testid="search-results"] [role=option]').first();
    await page.waitForFunction(() =>
      document
        .querySelector('[data-testid="search-results"] [role=option]')
        ?.textContent?.includes('viral myocarditis'),
    );
    expect(await first.textContent()).toContain('viral myocarditis');
    await search.press('Enter');
    const card = page.getByTestId('concept-card');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="card-name"]')?.textContent === 'viral myocarditis',
    );
    const fields = await card.locator('dt').allTextContents();
    expect(fields).toEqual(['Definition', 'Parents', 'Ancestors', 'Children', 'Relations', 'Other annotations']);
    const text = (await card.textContent()) ?? '';
    expect(text).toContain('Myocarditis caused by a virus');
    expect(text).toContain('causative agent');
    expect(text).toContain('coxsackievirus');

    // Parent links open the parent's card; Back returns.
    await card.getByRole('button', { name: 'myocarditis', exact: true }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="card-name"]')?.textContent === 'myocarditis',
    );
    await page.getByRole('button', { name: '← Back' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="card-name"]')?.textContent === 'viral myocarditis',
    );
  });

  it('explains an inferred parent with the justification axioms', async () => {
    const { page } = s;
    const card = page.getByTestId('concept-card');
    // "viral disorder" is inferred (viral myocarditis is told only an inflammatory disorder).
    const li = card.locator('li', { hasText: 'viral disorder' });
    await li.getByRole('button', { name: 'Explain' }).click();
    const ex = li.getByTestId('explanation');
    await ex.locator('ol li').first().waitFor({ timeout: 120_000 });
    expect(await ex.getByTestId('verdict').textContent()).toMatch(/^ENTAILED(ELK)?$/);
    const axioms = await ex.locator('ol li').allTextContents();
    expect(axioms.some((a) => /viral disorder EquivalentTo disorder and \(causative agent some virus\)/.test(a))).toBe(
      true,
    );
    expect(axioms.some((a) => /coxsackievirus/.test(a))).toBe(true);
    await shot(page, 'concepts', { docs: true });
    // The same card in the dark theme.
    while ((await page.evaluate(() => document.documentElement.dataset.theme)) !== 'dark')
      await page.getByTestId('theme-toggle').click();
    await shot(page, 'concepts-dark', { docs: true });
    expect(s.problems).toEqual([]);
  });
});
