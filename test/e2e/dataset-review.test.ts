import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McqItem } from '../../src-main/api/contract';
import {
  browserSkipReason,
  firstOf,
  openApp,
  openOntology,
  SAMPLE,
  shot,
  warnSkip,
  type Session,
} from './support/harness';

const reason = browserSkipReason();
if (reason) warnSkip('e2e dataset review', reason);

describe.skipIf(reason)('e2e: reviewing a dataset before export, and the Test-2 summary tiles', () => {
  let s: Session;
  let dir: string;
  let datasetPath = '';
  let acceptedPath = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'oarag-e2e-review-'));
    s = await openApp();
    await openOntology(s.page, SAMPLE);
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

  it('rejects one item and edits another, then exports only the accepted items with the edit', async () => {
    const { page } = s;
    await page.getByTestId('nav-dataset').click();
    await page.getByTestId('gen-mcq').fill('6');
    await page.getByTestId('gen-oq').fill('0');
    await page.getByTestId('gen-run').click();
    await outcome('generation', '[data-testid="dataset-preview"] table.items');
    const rows = page.getByTestId('dataset-preview').locator('table.items tbody tr');
    expect(await rows.count()).toBe(6);
    datasetPath = (await page.getByTestId('dataset-path').textContent()) ?? '';
    const original = readFileSync(datasetPath, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as McqItem);
    // The source axiom reads by names, never as IRIs.
    const axiom = (await rows.first().getByTestId('item-axiom').textContent()) ?? '';
    expect(axiom).toMatch(/^\s*from .+ ⊑ .+ some .+/);
    expect(axiom).not.toMatch(/https?:|[{}]/);

    const [first, second] = [original[0], original[1]];
    const row1 = page.getByTestId(`item-${first.id}`);
    await row1.getByTestId('item-reject').click();
    await page.waitForFunction(
      (id) => document.querySelector(`[data-testid="item-${id}"]`)?.getAttribute('data-decision') === 'rejected',
      first.id,
    );

    const row2 = page.getByTestId(`item-${second.id}`);
    await row2.getByTestId('item-edit').click();
    const editor = row2.getByTestId('item-editor');
    expect(await editor.textContent()).toMatch(/gold answers stay/);
    await editor.getByTestId('edit-question').fill('Which of these is the edited answer?');
    const distractor = second.options.find((o) => !second.gold.includes(o.key))!;
    await editor.getByTestId(`edit-option-${distractor.key}`).fill('a reworded distractor');
    await editor.getByTestId('edit-save').click();
    await row2.getByTestId('item-edited').waitFor();
    expect(await page.getByTestId('review-counts').textContent()).toMatch(/5 accepted · 1 rejected · 1 edited/);

    // "copy path" says it copied, and the clipboard holds the path.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.server.origin });
    await page.getByTestId('copy-dataset-path').click();
    expect(await page.getByTestId('copy-dataset-path-status').textContent()).toMatch(/copied/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(datasetPath);
    await shot(page, 'dataset-review', { docs: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('gen-export').click()]);
    const file = join(dir, 'accepted.jsonl');
    await download.saveAs(file);
    const kept = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as McqItem);
    expect(kept.map((k) => k.id)).toEqual(original.slice(1).map((o) => o.id));
    const edited = kept[0];
    expect(edited.question).toBe('Which of these is the edited answer?');
    expect(edited.options.find((o) => o.key === distractor.key)!.name).toBe('a reworded distractor');
    expect(edited.gold).toEqual(second.gold);
    expect(edited.options.map((o) => o.iri)).toEqual(second.options.map((o) => o.iri));

    acceptedPath = datasetPath.replace(/\.jsonl$/, '.accepted.jsonl');
    expect(await page.getByTestId('export-done').locator('code').textContent()).toBe(acceptedPath);
    expect(readFileSync(acceptedPath, 'utf8')).toBe(readFileSync(file, 'utf8'));
    expect(existsSync(datasetPath.replace(/\.jsonl$/, '.review.json'))).toBe(true);

    // Evaluation now points at the accepted items.
    await page.getByTestId('nav-evaluation').click();
    expect(await page.getByTestId('eval-dataset').inputValue()).toBe(acceptedPath);
  });

  it('restores the review when the same dataset is opened again', async () => {
    const { page } = s;
    await page.getByTestId('nav-dataset').click();
    await page.getByTestId('review-path').fill(acceptedPath);
    await page.getByTestId('review-open').click();
    await page.waitForFunction(
      (p) => document.querySelector('[data-testid="dataset-path"]')?.textContent === p,
      acceptedPath,
    );
    expect(await page.getByTestId('review-counts').textContent()).toMatch(/5 accepted · 0 rejected · 0 edited/);
    await page.getByTestId('review-path').fill(datasetPath);
    await page.getByTestId('review-open').click();
    await page.waitForFunction(
      (p) => document.querySelector('[data-testid="dataset-path"]')?.textContent === p,
      datasetPath,
    );
    expect(await page.getByTestId('review-counts').textContent()).toMatch(/5 accepted · 1 rejected · 1 edited/);
    expect(await page.locator('[data-decision="rejected"]').count()).toBe(1);
    expect(await page.getByTestId('item-edited').count()).toBe(1);
  });

  it('shows the Test-2 figures once each, with words, and no tile overflows at narrow widths', async () => {
    const { page } = s;
    await page.getByTestId('nav-revision').click();
    expect(await page.getByTestId('revise-dataset').inputValue()).toBe(acceptedPath);
    await page.getByTestId('revise-run').click();
    await outcome('revision', '[data-testid="revision-tiles"]');
    const labels = await page.getByTestId('revision-tiles').locator('.stat .k').allTextContents();
    expect(labels).toContain('axioms rewritten');
    expect(labels).toContain('dataset items checked');
    expect(new Set(labels).size).toBe(labels.length);
    for (const l of labels) expect(l).not.toMatch(/[a-z][A-Z]|_/);
    // The sentence states the restrictions and classes; no tile repeats them.
    expect(labels.join(' ')).not.toMatch(/restrictions|classes/);
    expect(await page.getByTestId('revision-wording').textContent()).toMatch(/\d+ restrictions on \d+ classes/);
    for (const width of [1024, 760, 560]) {
      await page.setViewportSize({ width, height: 700 });
      const overflow = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="revision-summary"], [data-testid="revision-tiles"] .stat')]
          .filter((el) => el.scrollWidth > el.clientWidth + 1)
          .map((el) => el.textContent?.trim().slice(0, 40)),
      );
      expect(overflow, `at ${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 760, height: 700 });
    await page.getByTestId('revision-tiles').scrollIntoViewIfNeeded();
    await shot(page, 'revision-narrow');
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(s.problems).toEqual([]);
  });
});
