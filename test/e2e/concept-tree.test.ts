import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserSkipReason,
  openApp,
  openOntology,
  SHARED_ONTOLOGIES,
  shot,
  warnSkip,
  type Session,
} from './support/harness';

const GO_MGI = join(SHARED_ONTOLOGIES, 'go-mgi-subset.obo');
const PART_OF = 'http://purl.obolibrary.org/obo/BFO_0000050';
const reason = browserSkipReason() ?? (existsSync(GO_MGI) ? null : `${GO_MGI} is absent (set OARAG_ONTOLOGIES)`);
if (reason) warnSkip('e2e Concept tree on go-mgi', reason);

interface Row {
  name: string;
  level: number;
  expanded: string | null;
  selected: boolean;
  glyph: string | null;
  count: string | null;
  curie: string | null;
}

/** The visible tree rows, top to bottom. */
function rows(page: Page): Promise<Row[]> {
  return page.$$eval('[data-testid="tree-rows"] [role="treeitem"]', (lis) =>
    lis.map((li) => ({
      name: li.querySelector('.name')?.textContent?.trim() ?? '',
      level: Number(li.getAttribute('aria-level')),
      expanded: li.getAttribute('aria-expanded'),
      selected: li.getAttribute('aria-selected') === 'true',
      glyph: li.querySelector('.glyph')?.textContent?.trim() ?? null,
      count: li.querySelector('.count')?.textContent?.trim() ?? null,
      curie: li.getAttribute('title'),
    })),
  );
}

/** The rows directly under the first row named `name`. */
function childrenOf(all: Row[], name: string): Row[] {
  const i = all.findIndex((r) => r.name === name);
  const out: Row[] = [];
  for (let j = i + 1; j < all.length && all[j].level > all[i].level; j++)
    if (all[j].level === all[i].level + 1) out.push(all[j]);
  return out;
}

const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

async function waitForSelected(page: Page, name: string) {
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid="tree-rows"] [aria-selected="true"] .name')?.textContent?.trim() === n,
    name,
    { timeout: 30_000 },
  );
}

describe.skipIf(reason)('e2e: Concept tree on go-mgi (is-a and part of)', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openApp();
    await openOntology(s.page, GO_MGI);
    await s.page.getByTestId('nav-concepts').click();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('shows the is-a roots, reveals a searched class along its path, expands and collapses', async () => {
    const { page } = s;
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="tree-rows"] [role="treeitem"]').length);
    expect((await rows(page)).map((r) => r.name)).toEqual([
      'biological_process',
      'cellular_component',
      'molecular_function',
    ]);
    expect(await page.getByTestId('concept-tree').textContent()).toMatch(
      /442 obsolete classes without parents not shown/,
    );

    await page.getByTestId('concept-search').fill('nuclear pore');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="search-results"] [role="option"]')?.textContent?.includes('nuclear pore'),
    );
    // Result rows and the card header show the CURIE.
    const firstHit = page.locator('[data-testid="search-results"] [role="option"]').first();
    expect(await firstHit.getByTestId('hit-curie').textContent()).toBe('GO:0005643');
    await page.getByTestId('concept-search').press('Enter');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="card-name"]')?.textContent === 'nuclear pore',
    );
    expect(await page.getByTestId('card-curie').textContent()).toBe('GO:0005643');
    await waitForSelected(page, 'nuclear pore');

    // The path is open down to the class: each step one level deeper, each open.
    const all = await rows(page);
    const path = ['cellular_component', 'membrane part', 'pore complex', 'nuclear pore'];
    const at = path.map((n) => all.find((r) => r.name === n)!);
    expect(at.map((r) => r?.level)).toEqual([1, 2, 3, 4]);
    expect(at.slice(0, 3).map((r) => r.expanded)).toEqual(['true', 'true', 'true']);
    expect(at[3].selected).toBe(true);
    expect(at[3].curie).toBe('nuclear pore · GO:0005643'); // the row's tooltip

    // Children come sorted by name, with their own child counts.
    const kids = childrenOf(all, 'cellular_component');
    expect(kids.length).toBeGreaterThan(5);
    expect(kids.map((k) => k.name)).toEqual([...kids.map((k) => k.name)].sort(byName.compare));
    expect(kids.every((k) => k.count === null || /^\d[\d,]*$/.test(k.count))).toBe(true);
    expect(kids.find((k) => k.name === 'membrane part')?.count).toMatch(/^\d+$/);
    expect(kids.every((k) => k.glyph === '⊑')).toBe(true); // each row's relation to its parent: is a
    // With the search box cleared the tree has the column to itself.
    await page.getByTestId('concept-search').fill('');
    await page.waitForFunction(() => !document.querySelector('[data-testid="search-results"] [role="option"]'));
    await shot(page, 'concept-tree', { docs: true });

    // Collapse the branch, then open it again by keyboard (Right on the focused row).
    const toggle = page
      .locator('[role="treeitem"]', { hasText: 'cellular_component' })
      .first()
      .getByTestId('tree-toggle');
    await toggle.click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="tree-rows"] [role="treeitem"]').length === 3,
    );
    await page.getByTestId('tree-rows').focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="tree-rows"] [role="treeitem"]').length > 3,
    );
    expect((await rows(page)).find((r) => r.name === 'cellular_component')?.expanded).toBe('true');
    // Enter on a child row opens its card.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const firstChild = childrenOf(await rows(page), 'cellular_component')[0].name;
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="card-name"]')?.textContent === n,
      firstChild,
    );
  });

  it('shows the part-of hierarchy from the closure, with its glyph, and reveals the class there', async () => {
    const { page } = s;
    await page.getByTestId('concept-search').fill('nuclear pore');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="search-results"] [role="option"]')?.textContent?.includes('nuclear pore'),
    );
    await page.getByTestId('concept-search').press('Enter');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="card-name"]')?.textContent === 'nuclear pore',
    );
    const options = await page.getByTestId('tree-relation').locator('option').allTextContents();
    expect(options[0]).toMatch(/is a/);
    expect(options.some((o) => /◔ part_of \(3,117\)/.test(o))).toBe(true);
    await page.getByTestId('tree-relation').selectOption(PART_OF);
    await page.waitForFunction(
      (iri) => document.querySelector('[data-testid="concept-tree"]')?.getAttribute('data-relation') === iri,
      PART_OF,
    );
    await waitForSelected(page, 'nuclear pore');
    const all = await rows(page);
    // nuclear pore ⊑ ∃part_of.nuclear envelope ⊑ ∃part_of.endomembrane system: its own links, not inherited ones.
    const path = ['endomembrane system', 'nuclear envelope', 'nuclear pore'].map((n) => all.find((r) => r.name === n)!);
    expect(path.map((r) => r?.level)).toEqual([1, 2, 3]);
    expect(path.map((r) => r.glyph)).toEqual([null, '◔', '◔']);
    // Transitive links are reduced: the pore is not listed again directly under the endomembrane system.
    expect(childrenOf(all, 'endomembrane system').map((r) => r.name)).not.toContain('nuclear pore');
    expect(childrenOf(all, 'nuclear envelope').map((r) => r.name)).toContain('nuclear pore');
    await page.getByTestId('concept-search').fill('');
    await page.waitForFunction(() => !document.querySelector('[data-testid="search-results"] [role="option"]'));
    await shot(page, 'concept-tree-part-of', { docs: true });

    // A class without part_of links of its own is said to be outside this hierarchy.
    await page.getByTestId('concept-search').fill('molecular_function');
    await page.waitForFunction(() =>
      document
        .querySelector('[data-testid="search-results"] [role="option"]')
        ?.textContent?.includes('molecular_function'),
    );
    await page.getByTestId('concept-search').press('Enter');
    await page.getByTestId('tree-outside').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('tree-outside').textContent()).toMatch(/“molecular_function” has no “part_of” links/);
    expect(s.problems).toEqual([]);
  });
});
