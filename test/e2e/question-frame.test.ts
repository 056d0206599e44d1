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

const GO = join(SHARED_ONTOLOGIES, 'go-nucleus.ofn');
const reason = browserSkipReason() ?? (existsSync(GO) ? null : `${GO} is absent (set OARAG_ONTOLOGIES)`);
if (reason) warnSkip('e2e question frame', reason);

/** A model that asks something beside the question ("nuclear membrane is a nucleus"), then answers A. */
const REPLIES = [
  'Thought: a guess.\n{"answer": ["A"]}',
  'Thought: check it\nAction: query(ASK { "nuclear membrane" "is a" "nucleus" })',
  'Thought: I now know the answer\nAnswer: {"answer": ["A"]}',
  '{"answer": ["A"]}',
  '{"evidence": ["E1"], "grounding": "entailed"}',
];

describe.skipIf(reason)('e2e: the question frame, before and after the run, corrected and checked again', () => {
  let s: Session;
  let dir: string;
  let script: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'oarag-e2e-frame-'));
    script = join(dir, 'beside.json');
    writeFileSync(script, JSON.stringify(REPLIES));
    s = await openApp();
    await openOntology(s.page, GO);
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads the question before the run and checks each option against it, not against the model's query", async () => {
    const { page } = s;
    await fillChoice(page, 'Which of these is the nuclear envelope part of?', [
      'nucleus',
      'nuclear membrane',
      'cytoplasm',
    ]);
    const before = page.getByTestId('view-ask').getByTestId('question-frame').first().getByTestId('frame-statement');
    await before.waitFor({ timeout: 10_000 });
    expect(await before.textContent()).toBe('nuclear envelope — part of — ?');

    const answer = await runAsk(page, `scripted:${script}`);
    expect(await answer.getByTestId('frame-statement').textContent()).toBe('nuclear envelope — part of — ?');
    expect(await answer.getByTestId('checked-statement').textContent()).toContain('nuclear envelope — part of — ?');
    expect(await answer.getByTestId('checked-options').locator('li').allTextContents()).toEqual([
      'A nucleus: ENTAILED · chosen',
      'B nuclear membrane: NOT ENTAILED',
      'C cytoplasm: NOT ENTAILED',
    ]);
    expect((await answer.getByTestId('grounding-badge').textContent())?.trim()).toBe('entailed');
    await answer.scrollIntoViewIfNeeded();
    await shot(page, 'ask-frame', { docs: true });
  }, 180_000);

  it('a reviewer corrects the relation to "is a" and the answer is checked again without the model', async () => {
    const { page } = s;
    const answer = page.getByTestId('answer');
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
    expect((await answer.getByTestId('grounding-badge').textContent())?.trim()).toBe('not entailed');
    expect(await answer.textContent()).toContain('set by a reviewer');
    // The history row keeps the new check.
    const row = page.getByTestId('history').locator('tbody tr').first();
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="history"] tbody tr [data-testid="grounding-badge"]')
          ?.textContent?.trim() === 'not entailed',
    );
    expect(await row.textContent()).toContain('nuclear envelope');
    await answer.scrollIntoViewIfNeeded();
    await shot(page, 'ask-frame-rechecked', { docs: true });
    expect(s.problems).toEqual([]);
  }, 120_000);

  it('a question whose words name no relation is not read, and says why before the run', async () => {
    const { page } = s;
    await page.getByTestId('ask-question').fill('Which of these goes with the nucleolus?');
    const frame = page.getByTestId('view-ask').getByTestId('question-frame').first();
    await page.waitForFunction(
      () =>
        /no relation/.test(
          document.querySelector('[data-testid="question-frame"] [data-testid="frame-none"]')?.textContent ?? '',
        ),
      null,
      { timeout: 10_000 },
    );
    expect(await frame.getByTestId('frame-statement').count()).toBe(0);
  });
});
