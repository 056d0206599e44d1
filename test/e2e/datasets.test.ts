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
if (reason) warnSkip('e2e benchmark views', reason);

const C = 'http://example.org/cardio#';
/** A tiny hand-written dataset in the JSONL schema, so evaluation can run even without the generator. */
function handDataset(): string {
  const item = (id: string, subject: string, options: [string, string][], gold: string[]) => ({
    id,
    ontology: 'cardio.ofn',
    kind: 'mcq',
    question: `Which of these is a parent of ${subject}?`,
    options: options.map(([iri, name], i) => ({ key: String.fromCharCode(65 + i), iri: C + iri, name })),
    gold,
    slot: 'filler',
    axiom: null,
    root: null,
    conditions: [],
    answers: [],
    evidence: [],
  });
  return (
    [
      item(
        'h1',
        'viral myocarditis',
        [
          ['HeartDisease', 'heart disease'],
          ['Procedure', 'procedure'],
          ['Organism', 'organism'],
        ],
        ['A'],
      ),
      item(
        'h2',
        'aortic stenosis',
        [
          ['Virus', 'virus'],
          ['HeartValveDisorder', 'heart valve disorder'],
          ['Aorta', 'aorta'],
        ],
        ['B'],
      ),
    ]
      .map((x) => JSON.stringify(x))
      .join('\n') + '\n'
  );
}

describe.skipIf(reason)('e2e: dataset generator, Test-2 revision, evaluation', () => {
  let s: Session;
  let dir: string;
  let datasetPath: string | null = null;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'oarag-e2e-bench-'));
    s = await openApp();
    await openOntology(s.page, SAMPLE);
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Waits for a result; an error fails the test with its text. */
  async function outcome(_ctx: unknown, what: string, resultSel: string) {
    const { page } = s;
    const which = await firstOf(page, [resultSel, '[data-testid="error"]'], 300_000);
    if (which === 1)
      throw new Error(`${what} failed: ${await page.locator('[data-testid="error"]').first().textContent()}`);
  }

  it('generates 20 MCQs and previews them with the gold options highlighted; exports JSONL', async (ctx) => {
    const { page } = s;
    await page.getByTestId('nav-dataset').click();
    await page.getByTestId('gen-mcq').fill('20');
    await page.getByTestId('gen-oq').fill('0');
    await page.getByTestId('gen-run').click();
    await outcome(ctx, 'dataset', '[data-testid="dataset-preview"]');
    const rows = page.getByTestId('dataset-preview').locator('table.items tbody tr');
    expect(await rows.count()).toBe(20);
    expect(await page.getByTestId('dataset-preview').locator('li.gold').count()).toBeGreaterThanOrEqual(20);
    await shot(page, 'dataset', { docs: true });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('gen-export').click()]);
    const file = join(dir, 'dataset.jsonl');
    await download.saveAs(file);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(20);
    expect(JSON.parse(lines[0])).toMatchObject({ kind: 'mcq' });
    datasetPath = file;
  });

  it('runs a Test-2 revision and shows the per-class diff and the check summary', async (ctx) => {
    const { page } = s;
    await page.getByTestId('nav-revision').click();
    if (datasetPath) await page.getByTestId('revise-dataset').fill(datasetPath);
    await page.getByTestId('revise-run').click();
    await outcome(ctx, 'revision', '[data-testid="revision-diff"]');
    expect(await page.getByTestId('revision-summary').textContent()).toMatch(/restrictions on \d+ classes/);
    const changes = page.getByTestId('revision-diff').locator('.change');
    expect(await changes.count()).toBeGreaterThan(0);
    expect(await changes.first().locator('.removed').textContent()).toMatch(/Removed restrictions/);
    await shot(page, 'revision', { docs: true });
  });

  it('evaluates reasoner-only and shows accuracy tables and the grounding chart', async (ctx) => {
    const { page } = s;
    const path = datasetPath ?? join(dir, 'hand.jsonl');
    if (!datasetPath) writeFileSync(path, handDataset());
    await page.getByTestId('nav-evaluation').click();
    await page.getByTestId('eval-dataset').fill(path);
    await page.getByTestId('method-reasoner-only').check();
    await page.getByTestId('eval-run').click();
    await outcome(ctx, 'evaluation', '[data-testid="eval-results"]');
    expect(await page.getByTestId('eval-accuracy').textContent()).toMatch(/%$/);
    await page.getByTestId('grounding-chart').locator('canvas').waitFor();
    await shot(page, 'evaluation', { docs: true });
    expect(s.problems).toEqual([]);
  });
});
