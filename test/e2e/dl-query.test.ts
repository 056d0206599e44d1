import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, openApp, openOntology, PIZZA, shot, warnSkip, type Session } from './support/harness';

const reason = browserSkipReason() ?? (existsSync(PIZZA) ? null : `${PIZZA} is absent (set OARAG_ONTOLOGIES)`);
if (reason) warnSkip('e2e DL query', reason);

const names = (page: Session['page'], section: string) =>
  page
    .locator(`[data-testid="dl-${section}"] li`)
    .allTextContents()
    .then((xs) => xs.map((x) => x.trim()));

describe.skipIf(reason)('e2e: the DL Query tab (pizza.owl)', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openApp();
    await openOntology(s.page, PIZZA);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('completes names, answers an EL expression with ELK, and keeps it in the history and the export', async () => {
    const { page } = s;
    await page.getByTestId('nav-query').click();
    await page.getByTestId('mode-dl').click();
    const box = page.getByTestId('query-text');
    await box.fill('');
    await box.pressSequentially('Pizza and hasTopping some MeatTop', { delay: 10 });
    const list = page.getByTestId('dl-completion');
    await list
      .getByRole('option', { name: /MeatTopping/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await box.press('Enter');
    expect(await box.inputValue()).toBe('Pizza and hasTopping some MeatTopping ');
    await page.getByTestId('query-run').click();
    await page.getByTestId('dl-result').waitFor({ timeout: 120_000 });
    expect(await names(page, 'equivalents')).toEqual(['MeatyPizza']);
    expect(await names(page, 'subclasses')).toContain('American');
    expect(await page.getByTestId('dl-satisfiable').textContent()).toBe('satisfiable');
    await shot(page, 'query-dl', { docs: true });

    const download = page.waitForEvent('download');
    await page.locator('[data-testid="dl-export"] [data-testid="export-json"]').click();
    const file = await (await download).path();
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { expression: string; equivalents: { name: string }[] };
    expect(saved.expression).toBe('Pizza and hasTopping some MeatTopping');
    expect(saved.equivalents.map((e) => e.name)).toEqual(['MeatyPizza']);

    // Outside EL: said plainly, not answered wrongly.
    await box.fill('Pizza and not (hasTopping some MeatTopping)');
    await page.getByTestId('query-run').click();
    const err = page.locator('[data-code="needs-dl-reasoner"]');
    await err.waitFor({ timeout: 60_000 });
    expect(await err.textContent()).toMatch(/needs a DL reasoner/);
    expect(await page.getByTestId('dl-result').count()).toBe(0);

    // The history has both; the first one comes back into the DL tab.
    const hist = page.getByTestId('query-history');
    await hist.getByText('Pizza and hasTopping some MeatTopping', { exact: true }).waitFor();
    await page.getByTestId('mode-dialect').click();
    await hist.getByText('Pizza and hasTopping some MeatTopping', { exact: true }).click();
    expect(await page.getByTestId('mode-dl').getAttribute('aria-selected')).toBe('true');
    expect(await box.inputValue()).toBe('Pizza and hasTopping some MeatTopping');
    expect(s.problems).toEqual([]);
  });
});
