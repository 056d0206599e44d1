import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserSkipReason,
  fillChoice,
  openApp,
  openOntology,
  runAsk,
  SHARED_ONTOLOGIES,
  shot,
  warnSkip,
  type Session,
} from './support/harness';

const PIZZA = join(SHARED_ONTOLOGIES, 'pizza.owl');
const reason = browserSkipReason() ?? (existsSync(PIZZA) ? null : `${PIZZA} is absent (set OARAG_ONTOLOGIES)`);
if (reason) warnSkip('e2e checks outside EL', reason);

/** A model that answers "Margherita" at once. */
const REPLIES = [
  'Thought: a guess.\n{"answer": ["A"]}',
  'Thought: I now know the answer\nAnswer: {"answer": ["A"]}',
  '{"answer": ["A"]}',
  '{"evidence": [], "grounding": "entailed"}',
];

describe.skipIf(reason)('e2e: what ELK cannot read is decided by the DL reasoner on the statement module', () => {
  let s: Session;
  let dir: string;
  let script: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'oarag-e2e-outside-el-'));
    script = join(dir, 'margherita.json');
    writeFileSync(script, JSON.stringify(REPLIES));
    s = await openApp();
    await openOntology(s.page, PIZZA);
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('"Margherita is a vegetarian pizza" is decided: entailed by the DL reasoner, American ruled out', async () => {
    const { page } = s;
    await fillChoice(page, 'Which of these is a vegetarian pizza?', ['Margherita', 'American']);
    const answer = await runAsk(page, `scripted:${script}`);
    expect(await answer.getByTestId('checked-statement').textContent()).toContain('? — is a — VegetarianPizza');
    const rows = await answer.getByTestId('checked-options').locator('li').allTextContents();
    // ELK alone reads VegetarianPizza's universal in part and would leave both open.
    expect(rows[0]).toMatch(/^A Margherita: ENTAILED · chosen$/);
    expect(rows[1]).toMatch(/^B American: CONTRADICTED$/);
    expect((await answer.getByTestId('grounding-badge').textContent())?.trim()).toBe('entailed');
    await answer.scrollIntoViewIfNeeded();
    await shot(page, 'ask-outside-el', { docs: true });
    expect(s.problems).toEqual([]);
  }, 180_000);

  it('a generated MCQ on pizza has only wrong options a reasoner proved wrong, none left unsure', async () => {
    const { page } = s;
    await page.getByTestId('nav-dataset').click();
    await page.getByTestId('gen-mcq').fill('4');
    await page.getByTestId('gen-oq').fill('0');
    await page.getByTestId('gen-run').click();
    await page.locator('[data-testid="dataset-preview"] table.items').waitFor({ timeout: 120_000 });
    const rows = page.getByTestId('dataset-preview').locator('table.items tbody tr');
    expect(await rows.count()).toBe(4);
    // Pizza's classes are all named in universals, covering axioms or unions, which ELK ignores; the DL
    // reasoner on each option's module proves the wrong options wrong, so none is left "cannot rule out".
    expect(await page.getByTestId('dataset-preview').getByTestId('item-unsure').count()).toBe(0);
    expect((await page.locator('.gen-warn').allTextContents()).join(' ')).not.toMatch(/cannot rule out/);
    await shot(page, 'dataset-proven', { docs: true });
    expect(s.problems).toEqual([]);
  }, 180_000);
});
