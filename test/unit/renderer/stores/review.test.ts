import { describe, expect, it } from 'vitest';
import type { ReviewItem, ReviewMark, ReviewRow, RunInfo } from '../../../../src-main/api/contract';
import { useAppStore } from '../../../../src-renderer/stores/app';
import { useReviewStore } from '../../../../src-renderer/stores/review';
import { storeHarness } from './harness';

const row = (id: string, over: Partial<ReviewRow> = {}): ReviewRow => ({
  id,
  kind: 'mcq',
  correct: true,
  slot: 'filler',
  n: 1,
  claimed: 'entailed',
  checked: null,
  predicted: ['A'],
  error: null,
  mark: null,
  note: false,
  ...over,
});
const run = { id: 'r1' } as RunInfo;
const item = (id: string, mark: ReviewMark | null = null) => ({ run, result: { id }, mark }) as unknown as ReviewItem;

describe('review store: one run’s items, filters, one item in full and its mark', () => {
  const h = storeHarness();
  const opened = async () => {
    h.api.reply('evaluation.items', {
      run,
      rows: [row('q1'), row('q2', { correct: false, kind: 'oq', slot: null, checked: 'supported' }), row('q3')],
    });
    const s = useReviewStore();
    await s.open('r1');
    return s;
  };

  it("no results store yet ('not-found') is an empty list, not an error; other codes are said", async () => {
    const s = useReviewStore();
    h.api.fail('evaluation.runs', 'not-found', 'No results store yet.');
    await s.loadRuns();
    expect([s.runs, s.error]).toEqual([[], null]);
    h.api.fail('evaluation.runs', 'bad-store', 'eval-results.sqlite is damaged.');
    await s.loadRuns();
    expect(s.error).toBe('eval-results.sqlite is damaged.');
  });

  it('filters rows by outcome, kind, slot and levels, and lists the values present', async () => {
    const s = await opened();
    expect(s.kinds).toEqual(['mcq', 'oq']);
    expect(s.checkedLevels).toEqual(['none', 'supported']);
    s.filters.outcome = 'wrong';
    expect(s.shown.map((r) => r.id)).toEqual(['q2']);
    s.filters.outcome = 'all';
    s.filters.kind = 'mcq';
    s.filters.checked = 'none';
    expect(s.shown.map((r) => r.id)).toEqual(['q1', 'q3']);
  });

  it('shows the last item clicked, with its saved mark in the draft', async () => {
    const s = await opened();
    let release: (i: ReviewItem) => void = () => {};
    h.api.reply('evaluation.item', (p) =>
      p.item === 'q1'
        ? new Promise<ReviewItem>((r) => (release = r))
        : item(p.item, { verdict: 'agree', note: 'ok' } as ReviewMark),
    );
    const first = s.select('q1');
    await s.select('q3');
    release(item('q1'));
    await first;
    expect(s.detail?.result.id).toBe('q3');
    expect([s.draft.verdict, s.draft.note]).toEqual(['agree', 'ok']);
    expect(typeof s.openMs).toBe('number');
    h.api.fail('evaluation.item', 'unknown-item', 'No item q9.');
    await s.select('q9');
    expect(s.detailError).toBe('No item q9.');
  });

  it('a saved mark updates its row and the item; a refused one is an error toast', async () => {
    const s = await opened();
    h.api.reply('evaluation.item', (p) => item(p.item));
    await s.select('q3');
    s.draft.verdict = 'disagree';
    s.draft.note = 'gold is wrong';
    h.api.reply('evaluation.mark', (p) => ({ verdict: p.verdict, note: p.note }) as ReviewMark);
    await s.saveMark();
    expect(s.rows.find((r) => r.id === 'q3')).toMatchObject({ mark: 'disagree', note: true });
    expect(s.detail?.mark).toEqual({ verdict: 'disagree', note: 'gold is wrong' });
    s.filters.mark = 'note';
    expect(s.shown.map((r) => r.id)).toEqual(['q3']);
    h.api.fail('evaluation.mark', 'bad-store', 'Read-only.');
    await s.saveMark();
    expect(useAppStore().toasts.at(-1)).toMatchObject({ kind: 'error', text: 'Read-only.' });
    expect(s.saving).toBe(false);
  });

  it('exports the report of a run', async () => {
    const s = await opened();
    h.api.reply('evaluation.export', { fileName: 'r1.md', mime: 'text/markdown', content: '# r1' });
    await s.exportReport('markdown');
    expect(h.api.callsOf('evaluation.export')).toEqual([{ runId: 'r1', format: 'markdown' }]);
    expect(h.dom.downloads.map((d) => d.fileName)).toEqual(['r1.md']);
  });
});
