import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, openApp, openOntology, shot, warnSkip, type Session } from './support/harness';

const FIXTURE = join(resolve(__dirname, '..', 'fixtures', 'names'), 'multilingual.ofn');
const reason = browserSkipReason();
if (reason) warnSkip('e2e label languages', reason);

describe.skipIf(reason)('e2e: the label languages that name classes', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openApp();
  });
  afterAll(async () => {
    await s?.close();
  });

  /** The name on the card of the first hit for `search`, once it is `expected` (or what it is after 10 s). */
  async function cardName(search: string, expected: string): Promise<string | null> {
    const { page } = s;
    await page.getByTestId('nav-concepts').click();
    await page.getByTestId('concept-search').fill(search);
    await page.waitForFunction(
      (t) => document.querySelector('[data-testid="concept-search"] ~ .status')?.textContent?.includes(`“${t}”`),
      search,
    );
    await page.locator('[data-testid="search-results"] [role=option]').first().click();
    await page
      .waitForFunction((n) => document.querySelector('[data-testid="card-name"]')?.textContent === n, expected, {
        timeout: 10_000,
      })
      .catch(() => undefined);
    return page.getByTestId('card-name').textContent();
  }

  it('names classes by the first language the settings list, once the ontology is opened again', async () => {
    const { page } = s;
    await openOntology(page, FIXTURE);
    const langs = page.getByTestId('name-languages');
    expect(await langs.inputValue()).toBe('en, none');
    expect(await page.getByTestId('names-stale').count()).toBe(0);
    expect(await cardName('herzklappe', 'valve')).toBe('valve');
    expect(await cardName('heart', 'heart')).toBe('heart');

    await page.getByTestId('nav-ontologies').click();
    // A bad tag is refused by name and nothing is saved.
    await langs.fill('de, english!');
    await page.getByTestId('name-languages-save').click();
    await page.locator('.toast.error').filter({ hasText: 'nameLanguages' }).waitFor();
    expect(await page.getByTestId('names-stale').count()).toBe(0);

    await langs.fill('de; EN (none)');
    await page.getByTestId('name-languages-save').click();
    await page.getByTestId('names-stale').waitFor();
    // Tags are case-insensitive: saved in one spelling, so one cache entry serves every spelling.
    expect(await langs.inputValue()).toBe('de, en, none');
    expect(await page.getByTestId('names-stale').textContent()).toContain('was opened with labels in en, none');
    await shot(page, 'ontologies-name-languages', { docs: true });
    await page.getByTestId('names-reopen').click();
    await page.getByTestId('names-stale').waitFor({ state: 'detached', timeout: 120_000 });
    expect(await cardName('herzklappe', 'Herzklappe')).toBe('Herzklappe');
    expect(await cardName('heart', 'Herz')).toBe('Herz');
    expect(await cardName('chamber', 'heart chamber')).toBe('heart chamber');
  });
});
