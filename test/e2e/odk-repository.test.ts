import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from './support/renderer-build';
import { browserSkipReason, firstOf, openApp, openOntology, shot, warnSkip, type Session } from './support/harness';

const reason = browserSkipReason();
if (reason) warnSkip('e2e ODK repository', reason);

const FIXTURE = join(REPO, 'test', 'fixtures', 'odk');
const OBO = 'http://purl.obolibrary.org/obo/';

describe.skipIf(reason)('e2e: an ontology in an ODK-style git repository (web mode, headless Chromium)', () => {
  let s: Session;
  const dir = mkdtempSync(join(tmpdir(), 'oarag-e2e-odk-'));
  const repo = join(dir, 'demo-ontology');
  const file = join(repo, 'src', 'ontology', 'demo-edit.owl');
  const outside = join(dir, 'loose', 'demo-edit.owl');

  beforeAll(async () => {
    cpSync(FIXTURE, repo, { recursive: true });
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });
    git('init', '-q');
    git('add', '-A');
    git('-c', 'user.email=e2e@example.org', '-c', 'user.name=e2e', 'commit', '-qm', 'demo ontology');
    mkdirSync(join(dir, 'loose'));
    cpSync(file, outside);
    s = await openApp();
    await openOntology(s.page, file);
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const count = async (kind: string) =>
    Number(((await s.page.getByTestId(`diff-count-${kind}`).locator('.v').textContent()) ?? '').replace(/,/g, ''));

  it('opens the edit file with the catalog beside it and shows the imports tree', async () => {
    const { page } = s;
    const tree = page.getByTestId('imports-tree');
    await tree.waitFor();
    const nodes = tree.getByTestId('import-node');
    expect(await nodes.count()).toBe(3);
    expect(await nodes.evaluateAll((els) => els.map((e) => e.getAttribute('data-origin')))).toEqual([
      'catalog',
      'catalog',
      'catalog',
    ]);
    const text = (await tree.textContent()) ?? '';
    expect(text).toContain(`${OBO}demo/imports/ro_import.owl`);
    expect(text).toMatch(/components\/cell_parts\.owl\s*\d+ classes · \d+ axioms\s*· 6 new terms/);
    expect(await page.getByTestId('ontology-catalog-used').textContent()).toContain('catalog-v001.xml');
    await tree.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await shot(page, 'ontologies-imports', { docs: true });
  });

  it("shows the Cell Ontology layout's imports: 13 from the catalog, the absent merged import skipped and named", async () => {
    const { page } = s;
    const cl = join(dir, 'cell-ontology');
    cpSync(join(REPO, 'test', 'fixtures', 'cl-layout'), cl, { recursive: true });
    await openOntology(page, join(cl, 'src', 'ontology', 'cl-edit.owl'));
    const nodes = page.getByTestId('imports-tree').getByTestId('import-node');
    await nodes.first().waitFor();
    const origins = await nodes.evaluateAll((els) => els.map((e) => e.getAttribute('data-origin')));
    expect(origins.filter((o) => o === 'catalog')).toHaveLength(13);
    const skipped = page.locator('[data-testid="import-node"][data-origin="skipped"]');
    expect(await skipped.count()).toBe(1);
    expect(await skipped.textContent()).toMatch(/merged_import\.owl.*which is missing or unreadable/);
    await page.getByTestId('imports-tree').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await shot(page, 'ontologies-imports-cl', { docs: true });
    // A copy elsewhere, opened with the catalog given in the view's field, resolves the same imports.
    const copy = join(dir, 'loose', 'cl-edit.owl');
    cpSync(join(cl, 'src', 'ontology', 'cl-edit.owl'), copy);
    await page.getByTestId('ontology-catalog').fill(join(cl, 'src', 'ontology', 'catalog-v001.xml'));
    await openOntology(page, copy);
    expect(await page.getByTestId('ontology-catalog-used').textContent()).toContain('(given)');
    const given = page.getByTestId('imports-tree').getByTestId('import-node');
    const originsGiven = await given.evaluateAll((els) => els.map((e) => e.getAttribute('data-origin')));
    expect(originsGiven.filter((o) => o === 'catalog')).toHaveLength(13);
    await page.getByTestId('ontology-catalog').fill('');
    // Back to the ODK example for the steps below.
    await page.locator('[data-testid="open-list"] li', { hasText: 'demo cell ontology' }).locator('input').check();
  });

  it('names the import a term comes from on its card', async () => {
    const { page } = s;
    await page.getByTestId('nav-concepts').click();
    await page.getByTestId('concept-search').fill('ribosome');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="search-results"] [role=option]')?.textContent?.startsWith('ribosome'),
    );
    expect(await page.getByTestId('hit-source').first().textContent()).toContain('cell_parts.owl');
    await page.locator('[data-testid="search-results"] [role=option]').first().click();
    await page.getByTestId('card-source').waitFor();
    expect(await page.getByTestId('card-source').textContent()).toContain(`${OBO}demo/components/cell_parts.owl`);
    // The tree opens along the selected class: the imported class carries its import's name there too.
    const tag = page.getByTestId('tree-source').first();
    await tag.waitFor({ timeout: 30_000 });
    expect(await tag.textContent()).toContain('cell_parts.owl');
  });

  it('runs "against the last commit" in the Diff view after an uncommitted edit', async () => {
    const { page } = s;
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        'SubClassOf(:0000002 :0000001)',
        'SubClassOf(:0000002 :0000001)\nSubClassOf(:0000004 :0000002)',
      ),
    );
    // The notice offers the same comparison; here it is run from the Diff view itself.
    const notice = page.getByTestId('file-changed');
    await notice.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('file-changed-since-commit').textContent()).toContain(
      'What changed since the last commit',
    );
    await page.getByTestId('nav-diff').click();
    await page.getByTestId('diff-new').selectOption(file);
    await page.getByTestId('diff-last-commit').click();
    const which = await firstOf(page, ['[data-testid="diff-counts"]', '[data-testid="error"]'], 120_000);
    if (which === 1) throw new Error(await page.locator('[data-testid="error"]').first().innerText());
    expect(await count('parent-added')).toBe(1);
    expect(await count('link-removed')).toBe(0);
    const summary = (await page.getByTestId('diff-summary').textContent()) ?? '';
    expect(summary).toContain('demo-edit.owl @ HEAD → demo-edit.owl');
    expect(await page.getByTestId('diff-group-parent-added').textContent()).toMatch(/nucleolus.*epithelial cell/);
    await page.getByTestId('diff-summary').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await shot(page, 'diff-last-commit', { docs: true });
  });

  it('the "changed on disk" notice runs the same comparison', async () => {
    const { page } = s;
    await page.getByTestId('nav-ontologies').click();
    await page.getByTestId('file-changed-since-commit').click();
    await page.getByTestId('view-diff').waitFor();
    await page.getByTestId('diff-counts').waitFor({ timeout: 120_000 });
    expect(await count('parent-added')).toBe(1);
  });

  it('says clearly when the file is in no git repository', async () => {
    const { page } = s;
    await openOntology(page, outside);
    await page.getByTestId('nav-diff').click();
    await page.getByTestId('diff-new').selectOption(outside);
    await page.getByTestId('diff-last-commit').click();
    const note = page.getByTestId('diff-not-in-git');
    await note.waitFor({ timeout: 60_000 });
    expect(await note.textContent()).toContain('is not inside a git repository');
  });
});
