import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OntologyInfo, Revision } from '../../src-main/api/contract';
import { callApi, taskResult } from './support/api-client';
import { browserSkipReason, openApp, openOntology, SAMPLE, shot, warnSkip, type Session } from './support/harness';

const reason = browserSkipReason();
if (reason) warnSkip('e2e sessions', reason);

const TITLE = 'Cardio: a toy clinical ontology';

/**
 * Sessions in web mode: views in the browser history, errors without server paths, the file browser
 * over the allowed folders, the original and its Test-2 revision told apart, and closing.
 */
describe.skipIf(reason)('e2e: sessions (history, file browser, labels, close)', () => {
  let s: Session;
  let outside: string;
  let revised: string;
  beforeAll(async () => {
    s = await openApp();
    // A folder outside every allowed one, and a link to it from inside the data folder.
    outside = mkdtempSync(join(tmpdir(), 'oarag-e2e-outside-'));
    writeFileSync(join(outside, 'secret.owl'), '<rdf/>');
    mkdirSync(join(s.server.dataDir, 'inbox'), { recursive: true });
    symlinkSync(outside, join(s.server.dataDir, 'inbox', 'escape'));
    writeFileSync(join(s.server.dataDir, 'inbox', 'notes.txt'), 'not an ontology');
  });
  afterAll(async () => {
    await s?.close();
    rmSync(outside, { recursive: true, force: true });
  });

  it('keeps the views in the browser history: Back and Forward stay in the app', async () => {
    const { page } = s;
    const origin = new URL(page.url()).origin;
    await page.getByTestId('view-ontologies').waitFor();
    expect(new URL(page.url()).hash).toBe('#/ontologies');
    await page.getByTestId('nav-concepts').click();
    await page.getByTestId('nav-ask').click();
    await page.getByTestId('view-ask').waitFor();
    expect(new URL(page.url()).hash).toBe('#/ask');
    await page.goBack();
    await page.getByTestId('view-concepts').waitFor();
    expect(new URL(page.url()).hash).toBe('#/concepts');
    await page.goBack();
    await page.getByTestId('view-ontologies').waitFor();
    expect(new URL(page.url()).origin).toBe(origin);
    await page.goForward();
    await page.getByTestId('view-concepts').waitFor();
    expect(await page.getByTestId('nav-concepts').getAttribute('aria-current')).toBe('page');
    // Alt+digit switches views the same way.
    await page.keyboard.press('Alt+1');
    await page.getByTestId('view-ontologies').waitFor();
    await page.goBack();
    await page.getByTestId('view-concepts').waitFor();
    await page.getByTestId('nav-ontologies').click();
  });

  it("says why a file did not open without the server's working folder", async () => {
    const { page } = s;
    await page.getByTestId('ontology-path').fill('nope.owl');
    await page.getByTestId('ontology-open').click();
    const err = page.getByTestId('view-ontologies').getByTestId('error');
    await err.waitFor({ timeout: 30_000 });
    expect(await err.textContent()).toBe('Could not open nope.owl: No file at nope.owl.');
  });

  it('picks files in the allowed folders only, and opens the Test-2 revision beside its original', async () => {
    const { page, server } = s;
    await openOntology(page, SAMPLE);
    const open = (await callApi(server, 'ontology.list', {})) as OntologyInfo[];
    const rev = await callApi(server, 'datasets.revise', { ontologyId: open[0].id });
    revised = ((await taskResult(server, rev.taskId)).result as Revision).revisedPath;
    expect(revised.startsWith(server.dataDir)).toBe(true);

    await page.getByTestId('ontology-path-browse').click();
    const dialog = page.getByTestId('file-browser');
    await dialog.waitFor();
    const roots = dialog.getByTestId('file-root');
    // The dialog opens before its folders arrive from the server.
    await roots.filter({ hasText: 'Workbench data' }).waitFor();
    expect(await roots.allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Samples'), expect.stringContaining('Workbench data')]),
    );
    await roots.filter({ hasText: 'Workbench data' }).click();
    const entries = dialog.getByTestId('file-entries');
    const names = () => entries.locator('[role=option] .name').allTextContents();
    await entries.locator('[role=option]', { hasText: 'inbox' }).waitFor();

    // Inside the data folder: the link that leads outside is not listed, nor is anything beyond it.
    await entries.locator('[role=option]', { hasText: 'inbox' }).dblclick();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="file-where"]')?.textContent?.includes('inbox'),
    );
    expect(await names()).toEqual([]);
    await dialog.getByTestId('file-show-all').click();
    expect(await names()).toEqual(['notes.txt']);
    await dialog.getByTestId('file-show-all').click();
    await dialog.getByRole('button', { name: '↑ Up' }).click();
    await entries.locator('[role=option]', { hasText: 'revisions' }).waitFor();

    // Down to the revised file by keyboard: the list is one Tab stop, Enter opens a folder.
    const steps = relative(server.dataDir, revised).split('/');
    for (const step of steps.slice(0, -1)) {
      const i = (await names()).indexOf(step);
      expect(i).toBeGreaterThanOrEqual(0);
      await entries.focus();
      await page.keyboard.press('Home');
      for (let k = 0; k < i; k++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (name) => document.querySelector('[data-testid="file-where"]')?.textContent?.includes(name),
        step,
      );
    }
    await entries.locator('[role=option]', { hasText: basename(revised) }).click();
    await shot(page, 'file-browser', { docs: true });
    await dialog.getByTestId('file-choose').click();
    await page.getByTestId('file-browser').waitFor({ state: 'detached' });
    await page.waitForFunction(
      (p) => document.querySelector('[data-testid="ontology-summary"] code')?.textContent === p,
      revised,
      { timeout: 120_000 },
    );

    // The server refuses to list outside the allowed folders, whatever the page asks.
    for (const path of ['/', outside, join(server.dataDir, 'inbox', 'escape'), `${server.dataDir}/../cache`]) {
      const code = await callApi(server, 'files.list', { path }).then(
        () => 'listed',
        (e: { code?: string }) => e.code,
      );
      expect([path, code]).toEqual([path, 'forbidden']);
    }
    expect(dirname(revised)).not.toBe(outside);
  });

  it('tells the original and its revision apart by file name when their titles are the same', async () => {
    const { page } = s;
    const labels = page.getByTestId('open-list').getByTestId('open-label');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="open-label"]').length === 2);
    // In the order they were opened.
    expect(await labels.allTextContents()).toEqual([`${TITLE} (cardio.ofn)`, `${TITLE} (${basename(revised)})`]);
    expect(await page.getByTestId('ontology-title').textContent()).toBe(`${TITLE} (${basename(revised)})`);
    expect(await page.getByTestId('status-ontology').textContent()).toBe(`${TITLE} (${basename(revised)})`);
    await shot(page, 'ontologies-two-open', { docs: true });
  });

  it('closes an ontology; the selection moves to the other one, then nothing is open', async () => {
    const { page, server } = s;
    await page.getByTestId('ontology-close').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="open-label"]').length === 1);
    // One left: its title alone names it again, and it is the current one.
    expect(await page.getByTestId('open-label').textContent()).toBe(TITLE);
    expect(await page.getByTestId('ontology-title').textContent()).toBe(TITLE);
    expect(await page.getByTestId('status-ontology').textContent()).toBe(TITLE);
    expect((await callApi(server, 'ontology.list', {})).map((o) => o.path)).toEqual([SAMPLE]);

    // The other views follow: the concept search works on the remaining ontology.
    await page.getByTestId('nav-concepts').click();
    await page.getByTestId('concept-search').fill('myocardium');
    await page.getByTestId('search-results').locator('[role=option]').first().waitFor();
    await page.getByTestId('nav-ontologies').click();

    await page.getByTestId('open-list').getByTestId('open-close').click();
    await page.getByTestId('view-ontologies').getByText('No ontology is open yet').waitFor();
    expect(await page.getByTestId('status-ontology').textContent()).toBe('none open');
    expect(await callApi(server, 'ontology.list', {})).toEqual([]);
    await page.getByTestId('nav-concepts').click();
    await page.getByTestId('view-concepts').getByText('The concept browser searches the open ontology.').waitFor();
    expect(s.problems).toEqual([]);
  });
});
