import { describe, expect, it } from 'vitest';
import type { LoadSummary } from '../../../src-main/api/contract';
import { reloadLine } from '../../../src-renderer/util/reload-line';

const summary = (over: Partial<LoadSummary>): LoadSummary => ({
  file: '/o/x.ofn',
  format: 'Functional',
  ontologyIri: null,
  title: null,
  classes: 3,
  objectProperties: 0,
  closure: { subClassOf: 2, existential: 0 },
  unsatisfiable: [],
  warnings: [],
  cache: 'miss',
  seconds: 1.93,
  stageSeconds: {},
  ...over,
});

describe('reloadLine', () => {
  it("says what the bridge's account of a reload says, and the load's time", () => {
    expect(
      reloadLine({
        summary: summary({ reload: { incremental: true, reason: null, added: 2, removed: 1, patched: null } }),
      }),
    ).toBe('Reloaded: 2 axioms added, 1 removed, applied incrementally in 1.93 s.');
    expect(
      reloadLine({
        summary: summary({
          reload: { incremental: true, reason: null, added: 1, removed: 0, patched: { groups: 3, cards: 1 } },
        }),
      }),
    ).toBe('Reloaded: 1 axiom added, 0 removed, applied incrementally, 1 card written again in 1.93 s.');
    expect(
      reloadLine({
        summary: summary({
          seconds: 12.4,
          reload: { incremental: false, reason: 'header-changed', added: null, removed: null, patched: null },
        }),
      }),
    ).toBe('Reloaded: loaded afresh (header changed) in 12.4 s.');
    expect(
      reloadLine({
        summary: summary({ reload: { incremental: false, reason: null, added: null, removed: null, patched: null } }),
      }),
    ).toBe('Reloaded: loaded afresh in 1.93 s.');
  });

  it('without that account, says how the content was read', () => {
    expect(reloadLine({ summary: summary({ cache: 'hit', seconds: 0.012 }) })).toBe(
      'Reloaded from the cache in 12 ms.',
    );
    expect(reloadLine({ summary: summary({}) })).toBe('Reloaded: read and classified afresh in 1.93 s.');
    // The same content was still open: the summary is that earlier load's, so its time is not shown.
    expect(reloadLine({ summary: summary({}), alreadyOpen: true })).toBe(
      'Reloaded: this exact content was still open, so it was served without loading.',
    );
  });
});
