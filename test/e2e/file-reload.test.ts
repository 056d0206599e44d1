import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from './support/renderer-build';
import { browserSkipReason, openApp, openOntology, shot, warnSkip, type Session } from './support/harness';

const reason = browserSkipReason();
if (reason) warnSkip('e2e file reload', reason);

// The project's own fixture, copied so the test can edit and delete it.
const FIXTURE = join(REPO, 'test', 'fixtures', 'el', 'clinical.ofn');
const NEW_CLASS = [
  'Declaration(Class(:ZebraReloadFinding))',
  'AnnotationAssertion(rdfs:label :ZebraReloadFinding "zebra reload finding"@en)',
  'SubClassOf(:ZebraReloadFinding :Disease)',
].join('\n');

describe.skipIf(reason)('e2e: an ontology file changed on disk (web mode, headless Chromium)', () => {
  let s: Session;
  const dir = mkdtempSync(join(tmpdir(), 'oarag-e2e-reload-'));
  const file = join(dir, 'clinical.ofn');

  beforeAll(async () => {
    copyFileSync(FIXTURE, file);
    s = await openApp();
    await openOntology(s.page, file);
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reloads on request even when nothing changed (the web button needs no watcher)', async () => {
    const { page } = s;
    expect(await page.getByTestId('stat-classes').textContent()).toBe('22');
    expect(await page.getByTestId('file-changed').count()).toBe(0);
    await page.getByTestId('ontology-reload').click();
    const note = page.getByTestId('file-reloaded');
    await note.waitFor({ timeout: 60_000 });
    expect(await note.textContent()).toContain('this exact content was still open');
  });

  it('notices an edit, reloads it, and the card and search show the new class', async () => {
    const { page } = s;
    await page.getByTestId('nav-concepts').click();
    const search = page.getByTestId('concept-search');
    await search.fill('disease');
    const first = page.locator('[data-testid="search-results"] [role=option]').first();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="search-results"] [role=option]')?.textContent?.startsWith('disease'),
    );
    await first.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="card-name"]')?.textContent === 'disease');
    expect(await page.getByTestId('concept-card').textContent()).not.toContain('zebra reload finding');

    writeFileSync(file, readFileSync(file, 'utf8').replace(/\)\s*$/, `${NEW_CLASS}\n)\n`));
    const notice = page.getByTestId('file-changed');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.textContent()).toContain('clinical.ofn changed on disk since it was loaded.');
    await shot(page, 'file-changed', { docs: true });

    await notice.getByTestId('file-reload').click();
    const note = page.getByTestId('file-reloaded');
    await page.waitForFunction(
      () => /^Reloaded/.test(document.querySelector('[data-testid="file-reloaded"]')?.textContent ?? ''),
      null,
      { timeout: 120_000 },
    );
    expect(await note.textContent()).not.toContain('still open');
    expect(await page.getByTestId('file-changed').count()).toBe(0);
    // The open card is fetched again: the new class is one of its children.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="concept-card"]')?.textContent?.includes('zebra reload finding'),
      null,
      { timeout: 30_000 },
    );
    await shot(page, 'file-reloaded');
    await search.fill('zebra');
    await page.waitForFunction(() =>
      document
        .querySelector('[data-testid="search-results"] [role=option]')
        ?.textContent?.includes('zebra reload finding'),
    );

    await page.getByTestId('nav-ontologies').click();
    expect(await page.getByTestId('stat-classes').textContent()).toBe('23');
    expect(await page.getByTestId('ontology-reloaded').textContent()).toBe(
      await note.locator('span').first().textContent(),
    );
    await shot(page, 'ontology-reloaded');
  });

  it('keeps serving the loaded content when the edited file does not load, and says why', async () => {
    const { page } = s;
    const good = readFileSync(file, 'utf8');
    // Cut off in the middle of an axiom, as an editor's half-written save would leave it.
    writeFileSync(file, good.slice(0, good.indexOf('SubClassOf(:ZebraReloadFinding') + 20));
    const notice = page.getByTestId('file-changed');
    await notice.waitFor({ timeout: 30_000 });
    await notice.getByTestId('file-reload').click();
    const error = page.locator('.notices [data-testid="error"]');
    await error.waitFor({ timeout: 120_000 });
    expect(await error.textContent()).toMatch(/^Could not reload clinical\.ofn: /);
    // Said once: the Ontologies view does not repeat the notice's error as an open error.
    expect(await page.locator('[data-testid="error"]').count()).toBe(1);
    // The file still differs from what is served, so the reload stays on offer.
    expect(await notice.isVisible()).toBe(true);
    expect(await page.getByTestId('stat-classes').textContent()).toBe('23');
    await shot(page, 'file-reload-failed');
  });

  it('says a deleted file is gone, without offering a reload', async () => {
    const { page } = s;
    rmSync(file);
    const notice = page.getByTestId('file-deleted');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.textContent()).toContain('clinical.ofn was deleted or moved since it was loaded');
    expect(await notice.getByRole('button').count()).toBe(0);
    await shot(page, 'file-deleted');
    expect(await page.getByTestId('ontology-reload').isDisabled()).toBe(true);
    expect(s.problems).toEqual([]);
  });
});
