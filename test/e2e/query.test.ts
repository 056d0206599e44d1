import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, openApp, openOntology, SAMPLE, shot, warnSkip, type Session } from './support/harness';

const reason = browserSkipReason();
if (reason) warnSkip('e2e Query console', reason);

describe.skipIf(reason)('e2e: Query console', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openApp();
    await openOntology(s.page, SAMPLE);
    await s.page.getByTestId('nav-query').click();
  });
  afterAll(async () => {
    await s?.close();
  });

  async function run(text: string) {
    const { page } = s;
    await page.getByTestId('query-text').fill(text);
    const runs = () => page.getByTestId('query-console').getAttribute('data-runs').then(Number);
    const before = await runs();
    await page.keyboard.press('Control+Enter');
    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-testid="query-console"]')?.getAttribute('data-runs')) > n,
      before,
      { timeout: 120_000 },
    );
  }

  it('runs a dialect query and shows the result table and the observation', async () => {
    const { page } = s;
    await page.getByTestId('mode-dialect').click();
    await run('SELECT ?x WHERE { ?x "is a" "heart disease" }');
    const table = page.getByTestId('result-table');
    const names = await table.locator('tbody td:nth-child(2)').allTextContents();
    expect(names).toContain('viral myocarditis');
    expect(names).toContain('aortic stenosis');
    expect(await page.getByTestId('observation').textContent()).toMatch(/is a heart disease/);

    await run('ASK { "coronary artery bypass graft" "is a" "cardiac procedure" }');
    expect(await page.getByTestId('query-result').getByTestId('verdict').first().textContent()).toBe('ENTAILED');
    await shot(page, 'query-dialect');
  });

  it('runs SPARQL (SELECT and ASK), refuses updates, and lists the query history', async () => {
    const { page } = s;
    await page.getByTestId('mode-sparql').click();
    await run(`PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?c ?label WHERE { ?c rdfs:label ?label . FILTER(CONTAINS(?label, "valve")) } ORDER BY ?label`);
    const head = await page.getByTestId('result-table').locator('thead th').allTextContents();
    expect(head).toEqual(['#', '?c', '?label']);
    const labels = await page.getByTestId('result-table').locator('tbody td:nth-child(3)').allTextContents();
    expect(labels).toEqual(expect.arrayContaining(['aortic valve', 'heart valve', 'mitral valve']));
    await shot(page, 'query', { docs: true });

    await run('ASK { <http://example.org/cardio#Heart> ?p ?o }');
    expect(await page.getByTestId('sparql-boolean').textContent()).toBe('true');

    await run('DELETE DATA { <http://x> <http://y> <http://z> }');
    expect(await page.getByTestId('error').textContent()).toMatch(/read-only/);

    await page.waitForFunction(() => document.querySelectorAll('[data-testid="query-history"] li').length >= 5);
    const hist = await page.getByTestId('query-history').locator('li').allTextContents();
    expect(hist[0]).toMatch(/DELETE DATA.*failed/s); // refused updates are logged too, as failed
    expect(hist.some((h) => h.includes('"is a" "heart disease"'))).toBe(true);
    // Re-using a dialect history entry switches the console back to the dialect.
    await page
      .getByTestId('query-history')
      .locator('li', { hasText: '"heart disease"' })
      .first()
      .locator('button')
      .click();
    expect(await page.getByTestId('mode-dialect').getAttribute('aria-selected')).toBe('true');
    expect(s.problems).toEqual([]);
  });
});
