import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, openApp, openOntology, SAMPLE, shot, warnSkip, type Session } from './support/harness';

const reason = browserSkipReason();
if (reason) warnSkip('e2e Query console examples and SPARQL export', reason);

describe.skipIf(reason)('e2e: Query console examples, SPARQL export, errors and history', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openApp();
    await openOntology(s.page, SAMPLE);
    await s.page.getByTestId('nav-query').click();
  });
  afterAll(async () => {
    await s?.close();
  });

  async function run() {
    const { page } = s;
    const before = Number(await page.getByTestId('query-console').getAttribute('data-runs'));
    await page.getByTestId('query-run').click();
    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-testid="query-console"]')?.getAttribute('data-runs')) > n,
      before,
      { timeout: 120_000 },
    );
  }

  it('prefills the dialect with an example built from the open ontology, which holds', async () => {
    const { page } = s;
    await page.getByTestId('mode-dialect').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="dialect-examples"] button').length >= 4);
    const examples = await page.getByTestId('dialect-examples').locator('button').allTextContents();
    const prefilled = await page.getByTestId('query-text').inputValue();
    expect(prefilled).toBe(examples[0].trim());
    expect(prefilled).toMatch(/^ASK \{ "[^"]+" "is a" "[^"]+" \}$/);
    await run();
    expect(await page.getByTestId('query-result').getByTestId('verdict').first().textContent()).toBe('ENTAILED');
  });

  it('runs a SPARQL example with the predeclared prefixes and saves the rows as CSV, TSV and JSON', async () => {
    const { page } = s;
    await page.getByTestId('mode-sparql').click();
    expect(await page.getByTestId('sparql-prefixes').textContent()).toMatch(/rdf: rdfs: owl: xsd: obo: oarag:/);
    const titles = await page.getByTestId('sparql-examples').locator('button').allTextContents();
    expect(titles.length).toBeGreaterThanOrEqual(4);
    // The "direct subclasses" example lists labelled rows; it has no PREFIX lines.
    await page
      .getByTestId('sparql-examples')
      .getByRole('button', { name: /^Direct subclasses of/ })
      .click();
    const query = await page.getByTestId('query-text').inputValue();
    expect(query).not.toMatch(/PREFIX/i);
    await run();
    const table = page.getByTestId('result-table');
    const head = await table.locator('thead th').allTextContents();
    expect(head).toEqual(['#', '?class', '?label']);
    const labels = await table.locator('tbody td:nth-child(3)').allTextContents();
    expect(labels.length).toBeGreaterThan(1);
    await shot(page, 'query-sparql-export', { docs: true });

    const save = async (f: 'csv' | 'tsv' | 'json') => {
      const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`export-${f}`).click()]);
      return { name: dl.suggestedFilename(), text: readFileSync((await dl.path())!, 'utf8') };
    };
    const csv = await save('csv');
    expect(csv.name).toMatch(/^sparql-\d{8}-\d{6}\.csv$/);
    const csvLines = csv.text.trimEnd().split('\r\n');
    expect(csvLines[0]).toBe('class,label');
    expect(csvLines.length).toBe(labels.length + 1);
    expect(csvLines.map((l) => l.split(',').at(-1))).toEqual(expect.arrayContaining(labels.map((l) => l.trim())));
    const tsv = await save('tsv');
    expect(tsv.text.split('\n')[0]).toBe('class\tlabel');
    expect(tsv.text.trimEnd().split('\n').length).toBe(labels.length + 1);
    const json = JSON.parse((await save('json')).text);
    expect(json.query).toBe(query.trim());
    expect(json.variables).toEqual(['class', 'label']);
    expect(json.rows.map((r: { label: string }) => r.label)).toEqual(labels.map((l) => l.trim()));
  });

  it('words a SPARQL error as a sentence and keeps failed queries in the history', async () => {
    const { page } = s;
    await page.getByTestId('query-text').fill('SELECT ?x WHERE {\n  ?x foo:bar ?y }');
    await run();
    const error = (await page.getByTestId('error').textContent())!.trim();
    expect(error).toBe(
      'The SPARQL query uses the prefix “foo:” without declaring it at line 2, column 13. Add a line PREFIX foo: <…> at the top; rdf, rdfs, owl, xsd, obo, oarag are declared already.',
    );
    expect(error).not.toMatch(/sparql-syntax/);
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="query-history"] li')?.textContent?.includes('foo:bar'),
    );
    const newest = page.getByTestId('query-history').locator('li').first();
    expect(await newest.textContent()).toMatch(/failed\s+sparql-error/);
    expect(await newest.locator('button').getAttribute('title')).toMatch(/Failed: The SPARQL query uses the prefix/);
    // The successful runs are there too, in order.
    const forms = await page.getByTestId('query-history').locator('li').allTextContents();
    expect(forms.slice(0, 3).map((f) => /failed/.test(f))).toEqual([true, false, false]);
    await shot(page, 'query-error');
    expect(s.problems).toEqual([]);
  });
});
