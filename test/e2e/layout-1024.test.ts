import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetGeneration, OntologyInfo } from '../../src-main/api/contract';
import { callApi, taskResult } from './support/api-client';
import { browserSkipReason, openApp, SAMPLE, shot, warnSkip, type Session } from './support/harness';

const reason = browserSkipReason();
if (reason) warnSkip('e2e layout at 1024×700', reason);

const act = (q: string) => `Thought: check it\nAction: query(${q})`;
/** One scripted OA-RAG run with a long question, so the history table has something to wrap. */
const REPLIES = [
  'Thought: it is in the myocardium.\n{"answer": ["A"]}',
  act('ASK { "viral myocarditis" "finding site" "myocardium" }'),
  'Thought: I now know the answer\nAnswer: {"answer": ["A"]}',
  'The observation settles it.\n{"answer": ["A"]}',
  '{"evidence": ["E1"], "grounding": "entailed"}',
];
const QUESTION =
  'Which anatomical structures are the finding site of viral myocarditis, considering every inflammatory disorder of the heart muscle and its causative agents?';

/** What scrolls sideways on the page now: the document, the content pane, and any scroll box in it. */
function sidewaysScrollers(): string[] {
  const out: string[] = [];
  const doc = document.scrollingElement!;
  if (doc.scrollWidth > doc.clientWidth) out.push(`document ${doc.scrollWidth} > ${doc.clientWidth}`);
  const describe = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}.${[...el.classList].join('.')}`;
  for (const el of [document.querySelector('main.content'), ...document.querySelectorAll('main.content *')]) {
    if (!el || el.clientWidth === 0) continue;
    const x = getComputedStyle(el).overflowX;
    const scrolls = el.tagName === 'MAIN' || x === 'auto' || x === 'scroll';
    // Code and text areas may scroll inside themselves; nothing else may.
    if (!scrolls || el.closest('pre, textarea')) continue;
    if (el.scrollWidth > el.clientWidth + 1) out.push(`${describe(el)} ${el.scrollWidth} > ${el.clientWidth}`);
  }
  return out;
}

describe.skipIf(reason)('e2e: every view fits 1024×700 without sideways scrolling', () => {
  let s: Session;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'oarag-e2e-layout-'));
    const script = join(dir, 'replies.json');
    writeFileSync(script, JSON.stringify(REPLIES));
    s = await openApp();
    // Content for the views with tables: an answered question, a dataset and an evaluation run.
    const open = await callApi(s.server, 'ontology.open', { path: SAMPLE });
    const id = ((await taskResult(s.server, open.taskId)).result as OntologyInfo).id;
    const asked = await callApi(s.server, 'ask.start', {
      ontologyId: id,
      model: `scripted:${script}`,
      question: {
        kind: 'mcq',
        question: QUESTION,
        options: [
          { key: 'A', name: 'myocardium' },
          { key: 'B', name: 'heart valve' },
        ],
      },
    });
    await taskResult(s.server, asked.taskId);
    const gen = await callApi(s.server, 'datasets.generate', { ontologyId: id, mcq: 6, oq: 2, seed: 7 });
    const ds = (await taskResult(s.server, gen.taskId)).result as DatasetGeneration;
    const ev = await callApi(s.server, 'evaluation.run', {
      ontologyId: id,
      datasetPath: ds.path,
      method: 'reasoner-only',
    });
    await taskResult(s.server, ev.taskId);
    await s.page.reload();
    await s.page.locator('.shell[data-ready="yes"]').waitFor();
    await s.page.setViewportSize({ width: 1024, height: 700 });
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('checks each view in the sidebar, with its tables and results filled', async () => {
    const { page } = s;
    /** Puts a view in its widest state: results, cards and tables shown. */
    const fill: Record<string, () => Promise<void>> = {
      concepts: async () => {
        await page.getByTestId('concept-search').fill('viral myocarditis');
        await page.getByTestId('search-results').locator('[role=option]').first().waitFor();
        await page.getByTestId('concept-search').press('Enter');
        await page.getByTestId('concept-card').waitFor();
      },
      ask: async () => {
        await page.getByTestId('history').locator('tbody tr').first().waitFor();
        await page.getByTestId('history').scrollIntoViewIfNeeded();
      },
      query: async () => {
        // The editor is filled from the ontology's own examples, which arrive after the view opens.
        await page.waitForFunction(
          () => !!(document.querySelector('[data-testid="query-text"]') as HTMLTextAreaElement | null)?.value.trim(),
        );
        await page.getByTestId('query-run').click();
        await page.getByTestId('query-result').waitFor();
      },
      dataset: async () => {
        await page.getByTestId('gen-mcq').fill('6');
        await page.getByTestId('gen-oq').fill('2');
        await page.getByTestId('gen-run').click();
        await page.getByTestId('dataset-preview').waitFor({ timeout: 120_000 });
      },
      revision: async () => {
        await page.getByTestId('revise-run').click();
        await page.getByTestId('revision-summary').waitFor({ timeout: 120_000 });
      },
      evaluation: async () => {
        const select = page.getByTestId('review-run');
        await select.waitFor();
        const run = await select.locator('option').nth(1).getAttribute('value');
        if (run) await select.selectOption(run);
        await page.getByTestId('review-table').locator('tbody tr').first().click();
        await page.getByTestId('review-detail').locator('.q').first().waitFor();
        await page.getByTestId('review-table').scrollIntoViewIfNeeded();
      },
    };
    const views = await page
      .locator('nav.side [data-testid^="nav-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(4)));
    expect(views.length).toBeGreaterThanOrEqual(8);
    const found: Record<string, string[]> = {};
    for (const v of views) {
      await page.getByTestId(`nav-${v}`).click();
      await page.locator('main.content > section').first().waitFor();
      await fill[v]?.();
      await page.waitForTimeout(200);
      found[v] = await page.evaluate(sidewaysScrollers);
      await shot(page, `layout-1024-${v}`);
    }
    expect(found).toEqual(Object.fromEntries(views.map((v) => [v, []])));
    expect(s.problems).toEqual([]);
  });

  it('fits at 1280×800 too, with the same content (views keep their state)', async () => {
    const { page } = s;
    await page.setViewportSize({ width: 1280, height: 800 });
    const views = await page
      .locator('nav.side [data-testid^="nav-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(4)));
    const found: Record<string, string[]> = {};
    for (const v of views) {
      await page.getByTestId(`nav-${v}`).click();
      await page.locator('main.content > section').first().waitFor();
      await page.waitForTimeout(200);
      found[v] = await page.evaluate(sidewaysScrollers);
    }
    expect(found).toEqual(Object.fromEntries(views.map((v) => [v, []])));
    await page.getByTestId('nav-evaluation').click();
    await page.getByTestId('review-table').scrollIntoViewIfNeeded();
    // Wider, the review table has room for the slot again.
    expect(await page.getByTestId('review-table').locator('th', { hasText: 'slot' }).isVisible()).toBe(true);
    await shot(page, 'layout-1280-evaluation');
  });
});
