/**
 * Issue #35, defects 4c and 4d on go-nucleus, in web mode:
 * - 4c: a frame set by hand links its options as the automatic reading does; the concept pop-ups work
 *   from the keyboard and push the buttons down instead of covering them; a disabled button says why;
 * - 4d: after "Check the answer again" the decision table follows the re-check.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
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

const GO = join(SHARED_ONTOLOGIES, 'go-nucleus.ofn');
const reason = browserSkipReason() ?? (existsSync(GO) ? null : `${GO} is absent (set OARAG_ONTOLOGIES)`);
if (reason) warnSkip('e2e frame editor', reason);

/** A model that answers A at once, then claims its grounding. */
const REPLIES = [
  'Thought: a guess.\n{"answer": ["A"]}',
  'Thought: I now know the answer\nAnswer: {"answer": ["A"]}',
  '{"answer": ["A"]}',
  '{"evidence": [], "grounding": "entailed"}',
];

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Types into a concept picker and takes the hit named exactly so with ArrowDown and Enter. */
async function pickByKeyboard(page: Page, input: Locator, text: string, exact: string): Promise<void> {
  await input.fill(text);
  await page.waitForFunction(
    (want) =>
      [...document.querySelectorAll('[data-testid="frame-hits"] [role="option"]')].some(
        (o) => o.textContent?.trim() === want,
      ),
    exact,
    { timeout: 15_000 },
  );
  const names = (await page.getByTestId('frame-hits').locator('[role="option"]').allTextContents()).map((t) =>
    t.trim(),
  );
  const at = names.indexOf(exact);
  for (let i = 0; i <= at; i++) await input.press('ArrowDown');
  expect(await page.getByTestId('frame-hits').locator('[aria-selected="true"]').textContent()).toContain(exact);
  await input.press('Enter');
  await page.getByTestId('frame-hits').waitFor({ state: 'detached' });
  expect(await input.inputValue()).toBe(exact);
}

describe.skipIf(reason)('e2e: the hand frame editor and the re-checked decision table', () => {
  let s: Session;
  let dir: string;
  let script: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'oarag-e2e-frame-editor-'));
    script = join(dir, 'answer-a.json');
    writeFileSync(script, JSON.stringify(REPLIES));
    s = await openApp();
    await openOntology(s.page, GO);
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('4c: sets the statement by keyboard, says why the button waits, never covers it, and links the options', async () => {
    const { page } = s;
    await fillChoice(page, 'Where is the nuclear envelope?', ['nucleus', 'cytoplasm']);
    const panel = page.getByTestId('view-ask').getByTestId('question-frame').first();
    await panel.getByTestId('frame-none').waitFor({ timeout: 10_000 });
    await panel.getByTestId('frame-edit').click();
    const editor = panel.getByTestId('frame-editor');
    const use = editor.getByTestId('frame-use');
    // Disabled, and it says why.
    expect(await use.isDisabled()).toBe(true);
    const why = await editor.getByTestId('frame-missing').textContent();
    expect(why).toMatch(/Pick the subject and the relation from the list/);
    expect(await use.getAttribute('title')).toBe(why);

    const subject = editor.getByLabel('subject', { exact: true });
    await subject.fill('nuclear env');
    await page.getByTestId('frame-hits').waitFor({ timeout: 15_000 });
    // The open list pushes the buttons down: it covers neither them nor another picker.
    const list = (await page.getByTestId('frame-hits').boundingBox())!;
    expect(overlaps(list, (await use.boundingBox())!)).toBe(false);
    expect(await page.getByTestId('frame-hits').count()).toBe(1);
    await editor.scrollIntoViewIfNeeded();
    await shot(page, 'frame-editor-popup', { docs: true });

    await pickByKeyboard(page, subject, 'nuclear env', 'nuclear envelope');
    expect(await editor.getByTestId('frame-missing').textContent()).toMatch(/Pick the relation/);
    await editor.getByTestId('frame-relation').first().selectOption({ label: 'part of' });
    expect(await editor.getByTestId('frame-missing').count()).toBe(0);
    expect(await use.isEnabled()).toBe(true);
    await use.click();
    expect(await panel.getByTestId('frame-statement').textContent()).toBe('nuclear envelope — part of — ?');

    // The options were left unset by hand: they are linked by their words, as a reading links them.
    const answer = await runAsk(page, `scripted:${script}`);
    expect(await answer.getByTestId('checked-options').locator('li').allTextContents()).toEqual([
      'A nucleus: ENTAILED · chosen',
      'B cytoplasm: NOT ENTAILED',
    ]);
    expect((await answer.getByTestId('grounding-badge').textContent())?.trim()).toBe('entailed');
    await answer.scrollIntoViewIfNeeded();
    await shot(page, 'frame-editor-linked', { docs: true });
    expect(s.problems).toEqual([]);
  }, 240_000);

  it('4d: after "Check the answer again" the decision table shows the re-check\'s verdicts', async () => {
    const { page } = s;
    await page.getByTestId('ask-driver').selectOption('policy');
    // The frame set by hand was for the other question: this one is read from its words.
    await page.getByRole('button', { name: 'Read from the words again' }).click();
    await fillChoice(page, 'Which of these is the nuclear envelope part of?', ['nucleus', 'cytoplasm']);
    const answer = await runAsk(page, `scripted:${script}`);
    const decision = answer.getByTestId('decision');
    await decision.waitFor({ timeout: 60_000 });
    const reasonerColumn = async () => {
      const heads = (await decision.locator('thead th').allTextContents()).map((h) => h.trim());
      const col = heads.indexOf('reasoner');
      return decision
        .locator('tbody tr')
        .evaluateAll((trs, c) => trs.map((tr) => tr.querySelectorAll('td')[c]?.textContent?.trim() ?? ''), col);
    };
    expect(await reasonerColumn()).toEqual(['ENTAILED', 'NOT ENTAILED']);

    await answer.getByTestId('frame-edit').click();
    await answer.getByTestId('frame-relation').selectOption({ label: 'is a' });
    await answer.getByTestId('frame-recheck').click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="answer"] [data-testid="frame-statement"]')?.textContent ===
        'nuclear envelope — is a — ?',
    );
    expect(await answer.getByTestId('checked-options').locator('li').first().textContent()).toBe(
      'A nucleus: NOT ENTAILED · chosen',
    );
    // The table follows: nucleus is no longer ENTAILED there either.
    expect(await reasonerColumn()).toEqual(['NOT ENTAILED', 'NOT ENTAILED']);
    expect(await answer.getByTestId('decision-rechecked').count()).toBe(1);
    await decision.scrollIntoViewIfNeeded();
    await shot(page, 'decision-rechecked', { docs: true });
    await page.getByTestId('ask-driver').selectOption('auto');
    expect(s.problems).toEqual([]);
  }, 240_000);
});
