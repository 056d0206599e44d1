import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableBuiltinModel } from '../../src-main/llm/models/builtin-model';
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

const model = availableBuiltinModel();
const reason = browserSkipReason() ?? (model ? null : 'the built-in model is not fetched (npm run fetch-model)');
if (reason) warnSkip('e2e evidence policy with the built-in model', reason);

/**
 * The built-in SmolLM2 answers a choice question in the Ask view with the evidence policy: every
 * option's statement is put to the reasoner, and with none entailed the decision table shows the
 * model's lift per option and which one it chose.
 */
describe.skipIf(reason)('e2e: the evidence policy and its decision, with the real small model', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openApp({ env: { OARAG_BUILTIN_MODELS_DIR: dirname(model!) } });
    await openOntology(s.page, SAMPLE);
  }, 300_000);
  afterAll(async () => {
    await s?.close();
  });

  it('shows the policy queries, the verdicts, the lifts and what the card names; the chosen option is the best-scoring one', async () => {
    const { page } = s;
    await page.getByTestId('nav-ask').click();
    await page.locator('label.kind', { hasText: 'Multiple choice' }).click();
    await page.getByTestId('ask-question').fill('Which of these is the myocardium part of?');
    const opts = page.getByTestId('ask-options');
    await opts.getByLabel('Option A', { exact: true }).fill('heart valve');
    await opts.getByLabel('Option B', { exact: true }).fill('aorta');
    expect(await page.getByTestId('ask-driver').inputValue()).toBe('auto');
    await page.getByTestId('ask-model').fill('');
    await page.getByTestId('ask-submit').click();
    const which = await firstOf(page, ['[data-testid="decision"]', '[data-testid="answer-error"]'], 300_000);
    if (which === 1) throw new Error(`Ask failed: ${await page.getByTestId('answer-error').textContent()}`);
    const rows = page.getByTestId('decision').locator('tbody tr');
    expect(await rows.count()).toBe(2);
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
    );
    const heads = await page.getByTestId('decision').locator('thead th').allTextContents();
    const col = (name: string) => heads.findIndex((h) => h.trim() === name);
    // Neither option is entailed, both were scored; the card of the myocardium is looked at for each
    // option's name, and the best-scoring one of those it names (or of all, when it names none) is chosen.
    expect(cells.map((c) => c[col('reasoner')])).toEqual(['NOT ENTAILED', 'NOT ENTAILED']);
    const lifts = cells.map((c) => Number(c[col("model's lift")]));
    expect(lifts.every((x) => Number.isFinite(x))).toBe(true);
    const named = cells.map((c) => c[col('card names it')]);
    expect(named.every((n) => n === 'yes' || n === 'no')).toBe(true);
    const pool = [0, 1].filter((i) => !named.includes('yes') || named[i] === 'yes');
    const best = pool.reduce((a, b) => (lifts[b] > lifts[a] ? b : a));
    expect(cells[best][col('chosen')]).toBe(
      named.includes('yes') ? "the model's best of the options the card names" : "the model's best score",
    );
    expect(cells[1 - best][col('chosen')]).toBe('');
    expect(await page.getByTestId('queries-run').textContent()).toMatch(/[34] queries run/);
    await page.getByTestId('decision').scrollIntoViewIfNeeded();
    await shot(page, 'ask-decision', { docs: true });
    expect(s.problems).toEqual([]);
  }, 400_000);
});
