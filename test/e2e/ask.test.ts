import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
if (reason) warnSkip('e2e Ask view', reason);

const act = (q: string) => `Thought: check it\nAction: query(${q})`;
/**
 * Canned model replies for one OA-RAG run: pre-tool answer, one query of its own (the loop starts from
 * the question's evidence: DESCRIBE the subject, then ASK each option), answer, final answer, attribution.
 */
const REPLIES = [
  'Thought: myocarditis affects the myocardium.\n{"answer": ["A"]}',
  act('DESCRIBE "myocardium"'),
  'Thought: I now know the answer\nAnswer: {"answer": ["A", "C"]}',
  'The observations settle it.\n{"answer": ["A", "C"]}',
  '{"evidence": ["E2", "E4"], "grounding": "entailed"}',
];

describe.skipIf(reason)('e2e: Ask view (scripted model)', () => {
  let s: Session;
  let dir: string;
  let script: string;
  let answered = false;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'oarag-e2e-ask-'));
    script = join(dir, 'replies.json');
    writeFileSync(script, JSON.stringify(REPLIES));
    s = await openApp();
    await openOntology(s.page, SAMPLE);
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('streams the trajectory and shows the answer, evidence cards, grounding badge and usage', async () => {
    const { page } = s;
    await page.getByTestId('nav-ask').click();
    await page.getByTestId('ask-question').fill('What is the finding site of viral myocarditis?');
    const opts = page.getByTestId('ask-options');
    await opts.getByRole('button', { name: '+ Add option' }).click();
    await opts.getByLabel('Option A', { exact: true }).fill('myocardium');
    await opts.getByLabel('Option B', { exact: true }).fill('heart valve');
    await opts.getByLabel('Option C', { exact: true }).fill('heart');
    await page.getByTestId('ask-model').fill(`scripted:${script}`);
    await page.getByTestId('ask-question').focus();
    await page.keyboard.press('Control+Enter');

    const which = await firstOf(page, [
      '[data-testid="answer-text"]',
      '[data-testid="view-ask"] [data-testid="error"]',
    ]);
    if (which === 1)
      throw new Error(
        `Ask failed: ${await page.locator('[data-testid="view-ask"] [data-testid="error"]').textContent()}`,
      );

    expect(await page.getByTestId('answer-text').locator('li').allTextContents()).toEqual([
      'A — myocardium',
      'C — heart',
    ]);
    const traj = page.getByTestId('trajectory');
    // The question's own statement, with each option, is asked before the model's first query.
    const actions = (await traj.locator('li.action').allTextContents()).map((t) => t.replace(/^action/, ''));
    expect(actions.slice(0, 4)).toEqual([
      'DESCRIBE "viral myocarditis"',
      'ASK { "viral myocarditis" "finding site" "myocardium" }',
      'ASK { "viral myocarditis" "finding site" "heart valve" }',
      'ASK { "viral myocarditis" "finding site" "heart" }',
    ]);
    expect(actions).toHaveLength(5);
    expect(actions[4]).toContain('DESCRIBE "myocardium"');
    const verdicts = await traj.getByTestId('verdict').allTextContents();
    expect(verdicts).toEqual(['ENTAILED', 'NOT ENTAILED', 'ENTAILED']);
    const badge = page.getByTestId('answer').getByTestId('grounding-badge');
    expect((await badge.textContent())?.trim()).toBe('entailed');
    expect(await badge.getAttribute('title')).toMatch(/^Entailed: the reasoner confirms the answer/);
    // The check put each option to ASK in the statement the agent asked about.
    expect(await page.getByTestId('checked-options').locator('li').allTextContents()).toEqual([
      'A myocardium: ENTAILED · chosen',
      'B heart valve: NOT ENTAILED',
      'C heart: ENTAILED · chosen',
    ]);
    expect(await page.getByTestId('answer').getByTestId('grounding-claim').count()).toBe(0);
    const cards = page.getByTestId('evidence-card');
    expect(await cards.count()).toBe(2);
    expect(await cards.first().textContent()).toContain(
      'every viral myocarditis is related by finding site to some myocardium: ENTAILED',
    );
    expect(await page.getByTestId('usage').textContent()).toMatch(/5\s*model calls/);
    answered = true;
    await page.getByTestId('answer').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(page, 'ask', { docs: true });

    // The evidence's entities open in the concept browser.
    await cards.first().getByRole('button', { name: 'myocardium', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="card-name"]')?.textContent === 'myocardium');
    expect(s.problems).toEqual([]);
  });

  it('keeps the answer in the searchable history and exports it', async (ctx) => {
    const { page } = s;
    await page.getByTestId('nav-ask').click();
    if (!answered) ctx.skip('no history (the ask flow was skipped)');
    const rows = page.getByTestId('history').locator('tbody tr');
    // The history is refetched after the answer arrives, so wait for the row rather than count at once.
    await rows.first().waitFor({ timeout: 10_000 });
    expect(await rows.first().textContent()).toContain('What is the finding site of viral myocarditis?');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rows.first().getByRole('button', { name: 'JSON' }).click(),
    ]);
    const file = join(dir, 'export.json');
    await download.saveAs(file);
    const rec = JSON.parse(readFileSync(file, 'utf8')) as { grounding: string; answer: string[] };
    expect(rec.grounding).toBe('entailed');
    expect(rec.answer).toEqual(['A', 'C']);
  });
});
