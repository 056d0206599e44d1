import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, openApp, openOntology, PIZZA, shot, warnSkip, type Session } from './support/harness';

const reason = browserSkipReason();
if (reason) warnSkip('e2e Ontologies view', reason);

describe.skipIf(reason)('e2e: Ontologies view (web mode, headless Chromium)', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openApp();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('shows a first-run empty state that opens the sample ontology, then its statistics', async () => {
    const { page } = s;
    await page.getByTestId('view-ontologies').getByText('No ontology is open yet').waitFor();
    await page.getByTestId('open-sample').click();
    await page.getByTestId('ontology-summary').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('ontology-title').textContent()).toBe('Cardio: a toy clinical ontology');
    expect(await page.getByTestId('stat-classes').textContent()).toBe('53');
    expect(await page.getByTestId('ontology-summary').textContent()).toMatch(/cache (miss|hit)/);
    expect(await page.getByTestId('status-ontology').textContent()).toBe('Cardio: a toy clinical ontology');
    await shot(page, 'ontologies-sample');
  });

  it('opens pizza.owl by path and shows its statistics, non-EL warning and unsatisfiable classes', async (ctx) => {
    if (!existsSync(PIZZA)) {
      warnSkip('pizza.owl flow', `${PIZZA} is absent (set OARAG_ONTOLOGIES)`);
      ctx.skip(`${PIZZA} is absent`);
    }
    const { page } = s;
    await openOntology(page, PIZZA);
    expect(await page.getByTestId('ontology-title').textContent()).toBe('pizza');
    expect(await page.getByTestId('stat-classes').textContent()).toBe('99');
    const summary = (await page.getByTestId('ontology-summary').textContent()) ?? '';
    expect(summary).toContain('RDF/XML');
    expect(summary).toMatch(/outside OWL 2 EL/);
    expect(summary).toMatch(/IceCream/);
    // Both files are now recent and open; the current one is pizza.
    // The recent list is refetched after the open finishes, so it may lag the summary by a moment.
    const recent = page.locator('.files').first();
    await recent.getByText('pizza.owl', { exact: false }).first().waitFor({ timeout: 10_000 });
    const text = (await recent.textContent()) ?? '';
    expect(text).toContain('pizza.owl');
    expect(text).toContain('cardio.ofn');
    await shot(page, 'ontologies', { docs: true });
  });

  it('switches between light and dark themes', async () => {
    const { page } = s;
    const themeOf = () => page.evaluate(() => document.documentElement.dataset.theme);
    const seen = new Set<string | undefined>();
    for (let i = 0; i < 3; i++) {
      await page.getByTestId('theme-toggle').click();
      seen.add(await themeOf());
    }
    expect(seen).toEqual(new Set(['light', 'dark']));
    expect(s.problems).toEqual([]);
  });
});
