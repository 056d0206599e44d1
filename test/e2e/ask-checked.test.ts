import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserSkipReason,
  firstOf,
  openApp,
  openOntology,
  SAMPLE,
  SHARED_ONTOLOGIES,
  shot,
  warnSkip,
  type Session,
} from './support/harness';

const GO = join(SHARED_ONTOLOGIES, 'go-nucleus.ofn');
const reason = browserSkipReason() ?? (existsSync(GO) ? null : `${GO} is absent (set OARAG_ONTOLOGIES)`);
if (reason) warnSkip('e2e checked grounding', reason);

const FALSE = 'No, the nucleus is part of the cytoplasm.';
/**
 * The reported false-ENTAILED run: the question's statement is NOT ENTAILED (asked first, from the
 * question frame), the model reads a card, yet it answers that the nucleus is part of the cytoplasm
 * and claims "entailed" in its attribution step.
 */
const REPLIES = [
  `Thought: the nucleus sits in the cytoplasm.\n{"answer": ${JSON.stringify(FALSE)}}`,
  'Thought: check it\nAction: query(DESCRIBE "nucleus")',
  `Thought: I now know the answer\nAnswer: {"answer": ${JSON.stringify(FALSE)}}`,
  `{"answer": ${JSON.stringify(FALSE)}}`,
  '{"evidence": ["E1"], "grounding": "entailed"}',
];

describe.skipIf(reason)("e2e: the grounding badge is the reasoner's check, the claim is a claim", () => {
  let s: Session;
  let dir: string;
  let script: string;
  let short: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'oarag-e2e-checked-'));
    script = join(dir, 'false-entailed.json');
    writeFileSync(script, JSON.stringify(REPLIES));
    short = join(dir, 'too-short.json');
    writeFileSync(short, JSON.stringify([REPLIES[0]]));
    s = await openApp();
    await openOntology(s.page, GO);
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('replays the false-ENTAILED script: the badge is not entailed, the model\'s "entailed" is shown as its claim', async () => {
    const { page } = s;
    await page.getByTestId('nav-ask').click();
    await page.locator('label.kind', { hasText: 'Free text' }).click();
    await page.getByTestId('ask-question').fill('Is the nucleus part of the cytoplasm?');
    await page.getByTestId('ask-model').fill(`scripted:${script}`);
    await page.getByTestId('ask-submit').click();
    const which = await firstOf(page, ['[data-testid="answer-text"]', '[data-testid="answer-error"]']);
    if (which === 1) throw new Error(`Ask failed: ${await page.getByTestId('answer-error').textContent()}`);

    expect(await page.getByTestId('trajectory').getByTestId('verdict').allTextContents()).toEqual(['NOT ENTAILED']);
    const answer = page.getByTestId('answer');
    const badge = answer.getByTestId('grounding-badge');
    expect((await badge.textContent())?.trim()).toBe('unchecked');
    expect(await badge.getAttribute('title')).not.toMatch(/reasoner confirms/);
    const claim = answer.getByTestId('grounding-claim');
    expect((await claim.textContent())?.trim()).toBe('claimed: entailed');
    expect(await claim.getAttribute('title')).toMatch(/model's own claim; the reasoner did not confirm it/);
    expect(await answer.getByTestId('checked-reason').textContent()).toContain(
      'does not entail it, but that does not make it false',
    );
    // A checked answer never also says it was recorded before checks existed.
    expect(await answer.getByTestId('not-checked').count()).toBe(0);
    expect((await answer.getByTestId('queries-run').textContent())?.trim()).toBe('4 queries run');
    await shot(page, 'ask-checked');

    // The history row says the same, with the ontology and the model it was asked of.
    const row = page.getByTestId('history').locator('tbody tr').first();
    await row.waitFor({ timeout: 10_000 });
    expect((await row.getByTestId('grounding-badge').textContent())?.trim()).toBe('unchecked');
    expect((await row.getByTestId('grounding-claim').textContent())?.trim()).toBe('claimed: entailed');
    expect(await row.getByTestId('history-ontology').textContent()).toBe('go-nucleus.ofn');
    expect(await row.getByTestId('history-model').textContent()).toBe('scripted:false-entailed.json');
    expect(s.problems).toEqual([]);
  });

  it('a failed run shows its error where the answer would be, and its model does not become the default', async () => {
    const { page } = s;
    await page.getByTestId('ask-model').fill(`scripted:${short}`);
    await page.getByTestId('ask-submit').click();
    await page.getByTestId('answer-error').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('answer-error').textContent()).toMatch(/script/i);
    expect(await page.getByTestId('answer').textContent()).not.toContain('The answer appears here');
    await page.reload();
    await page.locator('.shell[data-ready="yes"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('nav-ask').click();
    expect(await page.getByTestId('ask-model').inputValue()).toBe(`scripted:${script}`);
  });

  it("switching ontology clears the previous ontology's answer", async () => {
    const { page } = s;
    await page.getByTestId('nav-ask').click();
    await page
      .getByTestId('history')
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: 'Is the nucleus part of the cytoplasm?' })
      .click();
    await page.getByTestId('answer-text').waitFor();
    await openOntology(page, SAMPLE);
    await page.getByTestId('nav-ask').click();
    await page.getByTestId('view-ask').waitFor();
    expect(await page.getByTestId('answer-text').count()).toBe(0);
    expect(await page.getByTestId('answer').count()).toBe(0);
  });
});
