import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiffReport } from '../../src-main/api/contract';
import {
  browserSkipReason,
  firstOf,
  openApp,
  openOntology,
  SHARED_ONTOLOGIES,
  shot,
  warnSkip,
  type Session,
} from './support/harness';

const PO = join(SHARED_ONTOLOGIES, 'po.obo');
const FIXTURES = resolve(__dirname, '..', 'fixtures', 'diff');
const reason = browserSkipReason() ?? (existsSync(PO) ? null : `${PO} is absent (set OARAG_ONTOLOGIES)`);
if (reason) warnSkip('e2e diff view', reason);

describe.skipIf(reason)('e2e: diff of po against its Test-2 revision', () => {
  let s: Session;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'oarag-e2e-diff-'));
    s = await openApp();
    await openOntology(s.page, PO);
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function outcome(what: string, resultSel: string) {
    const which = await firstOf(s.page, [resultSel, '[data-testid="error"]'], 300_000);
    if (which === 1)
      throw new Error(`${what} failed: ${await s.page.locator('[data-testid="error"]').first().textContent()}`);
  }

  const count = async (kind: string) =>
    Number(((await s.page.getByTestId(`diff-count-${kind}`).locator('.v').textContent()) ?? '').replace(/,/g, ''));

  it('offers "diff against the original" after a revision, and shows counts per kind and the details', async () => {
    const { page } = s;
    await page.getByTestId('nav-revision').click();
    await page.getByTestId('revise-run').click();
    await outcome('revision', '[data-testid="revision-diff"]');
    await page.getByTestId('revision-diff-original').click();
    await page.getByTestId('view-diff').waitFor();
    await outcome('diff', '[data-testid="diff-counts"]');

    // The revision moves restrictions into text: entailed links go, no class is added.
    expect(await count('link-removed')).toBeGreaterThan(100);
    expect(await count('link-added')).toBe(0);
    expect(await count('class-added')).toBe(0);
    expect(await count('label-changed')).toBe(0);
    const summary = (await page.getByTestId('diff-summary').textContent()) ?? '';
    expect(summary).toMatch(/po\.obo → po\.revised\.obo/);
    // Original and revision share a title; the pickers tell them apart by file name.
    const options = await page.getByTestId('diff-new').locator('option').allTextContents();
    expect(options.filter((o) => /^Plant Ontology \((po|po\.revised)\.obo\)$/.test(o.trim()))).toHaveLength(2);
    expect(await page.getByTestId('diff-new').inputValue()).toMatch(/po\.revised\.obo$/);
    const removed = page.getByTestId('diff-group-link-removed').locator('li.change');
    expect(await removed.count()).toBeGreaterThan(0);
    expect(await removed.first().textContent()).toMatch(/PO:\d{7}.*some.*PO:\d{7}/);
    // The picture: the counts, and the entailed links the revision removed.
    await page.getByTestId('diff-count-link-removed').click();
    await page.getByTestId('diff-summary').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await shot(page, 'diff', { docs: true });
    await page.getByTestId('diff-count-link-removed').click();
  });

  it('lists the definitions the revision rewrote, old and new (annotations are compared by default)', async () => {
    const { page } = s;
    expect(await page.getByTestId('diff-annotations').isChecked()).toBe(true);
    // A Test-2 revision appends each removed restriction, in words, to its class's definition.
    const changed = await count('definition-changed');
    expect(changed).toBeGreaterThan(100);
    expect(await count('synonym-added')).toBe(0);
    expect(await count('xref-removed')).toBe(0);
    await page.getByTestId('diff-count-definition-changed').click();
    const group = page.getByTestId('diff-group-definition-changed');
    const first = group.locator('li.change').first();
    const old = (await first.getByTestId('definition-old').textContent())!.trim();
    const now = (await first.getByTestId('definition-new').textContent())!.trim();
    expect(now.startsWith(old)).toBe(true);
    expect(now.length).toBeGreaterThan(old.length);
    expect(await first.locator('.curie').first().textContent()).toMatch(/^PO:\d{7}$/);
    await page.getByTestId('diff-summary').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await shot(page, 'diff-definitions', { docs: true });
    await page.getByTestId('diff-count-definition-changed').click();
  });

  it('exports the release notes and the JSON with the counts the view shows', async () => {
    const { page } = s;
    const [md] = await Promise.all([page.waitForEvent('download'), page.getByTestId('diff-export-md').click()]);
    expect(md.suggestedFilename()).toBe('diff-po-po.revised.md');
    await md.saveAs(join(dir, 'diff.md'));
    const text = readFileSync(join(dir, 'diff.md'), 'utf8');
    expect(text).toMatch(/^# Changes from `po\.obo` to `po\.revised\.obo`/);
    const removed = await count('link-removed');
    expect(text).toContain(`| Entailed links removed | ${removed.toLocaleString('en-US')} |`);
    const [js] = await Promise.all([page.waitForEvent('download'), page.getByTestId('diff-export-json').click()]);
    await js.saveAs(join(dir, 'diff.json'));
    const report = JSON.parse(readFileSync(join(dir, 'diff.json'), 'utf8')) as DiffReport;
    expect(report.version).toBe(1);
    expect(report.annotations).toBe(true);
    expect(report.counts['definition-changed']).toBe(await count('definition-changed'));
    expect(report.counts['link-removed']).toBe(removed);
    expect(report.changes.filter((c) => c.kind === 'link-removed')).toHaveLength(removed);
  });

  it('narrows to a namespace: classes outside PO drop out', async () => {
    const { page } = s;
    const before = await count('class-removed');
    await page.getByTestId('diff-namespaces').fill('PO');
    await page.getByTestId('diff-run').click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="diff-summary"]')?.textContent?.includes('purl.obolibrary.org/obo/PO_'),
      undefined,
      { timeout: 120_000 },
    );
    // po's removed classes are NCBITaxon terms referenced only by the restrictions the revision took out.
    expect(before).toBeGreaterThan(0);
    expect(await count('class-removed')).toBe(0);
    expect(await count('link-removed')).toBeGreaterThan(100);
    expect(s.problems).toEqual([]);
  });

  it('compares any two files, like ROBOT diff: neither needs to be open first', async () => {
    const { page } = s;
    const [before, after] = ['annotations-before.obo', 'annotations-after.obo'].map((f) => join(FIXTURES, f));
    await page.getByTestId('diff-namespaces').fill('');
    await page.getByTestId('diff-old').selectOption('@file');
    await page.getByTestId('diff-old-path').fill(before);
    await page.getByTestId('diff-new').selectOption('@file');
    await page.getByTestId('diff-new-path').fill(after);
    await page.getByTestId('diff-run').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="diff-summary"] h2')?.textContent?.includes('annotations-before.obo'),
      undefined,
      { timeout: 120_000 },
    );
    expect(await count('definition-changed')).toBe(1);
    expect(await count('class-obsoleted')).toBe(1);
    expect(await count('synonym-added')).toBe(1);
    // The files were opened for the diff, and the pickers name them once the list of open ontologies has them.
    await page.waitForFunction(
      ([a, b]) =>
        (document.querySelector('[data-testid="diff-old"]') as HTMLSelectElement | null)?.value === a &&
        (document.querySelector('[data-testid="diff-new"]') as HTMLSelectElement | null)?.value === b,
      [before, after],
    );
    expect(s.problems).toEqual([]);
  });
});
