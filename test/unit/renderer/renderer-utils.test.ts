import { describe, expect, it } from 'vitest';
import { isUnavailable, toApiError, ApiError } from '../../../src-renderer/api/api-error';
import {
  itemsToJsonl,
  readEvaluateResult,
  readGenerateResult,
  readReviseResult,
} from '../../../src-renderer/util/bench-results';
import { explainQuery, quoteName } from '../../../src-renderer/util/dialect';
import { fmtParams, fmtPct, fmtSeconds, localName, optionKey } from '../../../src-renderer/util/format';
import { displayName, isConcept, namesFromQuery } from '../../../src-renderer/util/record-names';

describe('renderer helpers', () => {
  it('quotes names for the dialect and builds EXPLAIN queries', () => {
    expect(quoteName('heart')).toBe('"heart"');
    expect(quoteName('say "hi" \\ there')).toBe('"say \\"hi\\" \\\\ there"');
    expect(explainQuery('viral myocarditis', 'is a', 'heart disease')).toBe(
      'EXPLAIN { "viral myocarditis" "is a" "heart disease" }',
    );
  });

  it('formats numbers, times, IRIs and option keys', () => {
    expect(fmtPct(0.8775)).toBe('87.8%');
    expect(fmtPct(null)).toBe('–');
    expect(fmtSeconds(0.25)).toBe('250 ms');
    expect(fmtSeconds(125)).toBe('2 min 5 s');
    expect(localName('http://example.org/cardio#Heart')).toBe('Heart');
    expect(localName('http://purl.obolibrary.org/obo/GO_0005634')).toBe('GO_0005634');
    expect([0, 1, 25].map(optionKey)).toEqual(['A', 'B', 'Z']);
    expect(fmtParams('7615616512')).toBe('7.6 B');
    expect(fmtParams('8B')).toBe('8B');
  });

  it('turns API error payloads into ApiError and recognises "unavailable"', () => {
    expect(toApiError({ code: 'x', message: 'm' })).toEqual(new ApiError('x', 'm'));
    expect(toApiError(new Error('boom')).code).toBe('internal');
    expect(isUnavailable(new ApiError('unavailable', 'Evaluation is not available in this build.'))).toBe(true);
    expect(isUnavailable('Evaluation is not available in this build.')).toBe(true);
    expect(isUnavailable(new ApiError('bad-params', 'no'))).toBe(false);
  });

  it('reads generator results defensively', () => {
    const r = readGenerateResult({
      path: '/tmp/d.jsonl',
      warnings: ['few candidates'],
      items: [
        {
          id: 'q1',
          kind: 'mcq',
          question: 'Q?',
          options: [
            { key: 'A', iri: 'i:a', name: 'a' },
            { key: 'B', iri: 'i:b', name: 'b' },
          ],
          gold: ['B'],
          slot: 'filler',
        },
        { question: 'Open?', answers: [{ iri: 'i:x', name: 'x' }, 'y'] },
        null,
      ],
    });
    expect(r.path).toBe('/tmp/d.jsonl');
    expect(r.items).toHaveLength(3);
    expect(r.items[0]).toMatchObject({ id: 'q1', gold: ['B'], options: [{ key: 'A' }, { key: 'B' }] });
    expect(r.items[1]).toMatchObject({
      id: '#2',
      kind: 'oq',
      answers: [
        { iri: 'i:x', name: 'x' },
        { iri: null, name: 'y' },
      ],
    });
    expect(r.items[2]).toMatchObject({ id: '#3', question: '' });
    expect(itemsToJsonl(r.items.slice(0, 1))).toBe(JSON.stringify(r.items[0].raw) + '\n');
    expect(readGenerateResult(undefined)).toEqual({ items: [], path: null, warnings: [] });
    expect(readGenerateResult([{ id: 'x' }]).items[0].id).toBe('x');
  });

  it('reads revision and evaluation results defensively', () => {
    const rv = readReviseResult({
      revisedPath: '/r.ofn',
      changes: [{ iri: 'i:a', name: 'a', removed: ['r some b'], added: ['An a is r some b.'] }],
      report: { counts: { classes: 1 }, excluded: [{ id: 'q9', reason: 'no restriction' }] },
    });
    expect(rv).toMatchObject({
      revisedPath: '/r.ofn',
      test2Path: null,
      counts: [{ key: 'classes', value: '1' }],
      excluded: [{ id: 'q9', reason: 'no restriction' }],
    });
    expect(rv.changes[0].added).toEqual(['An a is r some b.']);
    expect(readReviseResult('junk')).toMatchObject({ changes: [], excluded: [] });

    const ev = readEvaluateResult({
      accuracy: 0.5,
      n: 4,
      byKind: { mcq: { accuracy: 0.75, n: 4 }, oq: 0.25 },
      bySlot: [{ slot: 'filler', correct: 1, n: 2 }],
      grounding: { entailed: { count: 3, accuracy: 1 }, unrelated: 1 },
      cost: { calls: 8, inputTokens: 100, outputTokens: 10 },
    });
    expect(ev.byKind).toEqual([
      { key: 'mcq', accuracy: 0.75, n: 4 },
      { key: 'oq', accuracy: 0.25, n: null },
    ]);
    expect(ev.bySlot).toEqual([{ key: 'filler', accuracy: 0.5, n: 2 }]);
    expect(ev.grounding.map((g) => [g.level, g.count])).toEqual([
      ['entailed', 3],
      ['supported', 0],
      ['related', 0],
      ['unrelated', 1],
    ]);
    expect(readEvaluateResult(null)).toMatchObject({
      accuracy: null,
      byKind: [],
      cost: { calls: null },
      warnings: [],
      run: { reused: null },
      confusion: { rows: [] },
    });
  });

  it('reads the checked levels, the claimed-vs-checked table, reuse and the run key', () => {
    const ev = readEvaluateResult({
      byConditions: { 2: { accuracy: 1, n: 1 } },
      byGoldCount: { 1: { accuracy: 0, n: 2 } },
      checked: {
        distribution: {
          entailed: { count: 1 },
          'not-entailed': { count: 2 },
          unchecked: { count: 0 },
          none: { count: 0 },
        },
        accuracy: { entailed: { accuracy: 1 }, 'not-entailed': { accuracy: 0 } },
        confusion: {
          entailed: { entailed: 1, 'not-entailed': 2, unchecked: 0 },
          supported: { entailed: 0, 'not-entailed': 0, unchecked: 0 },
        },
      },
      evidence: {
        all: { n: 3, retrieved: { full: 0.5, partial: 0, none: 0.5 }, cited: null, retrievedCitedFully: null },
      },
      run: { answered: 3, reused: 0, seconds: 1 },
      warnings: ['The dataset was built from po.obo, but it is evaluated against revised.obo.'],
      runId: 'abc',
      key: { ontology: 'sha256:x', model: 'none', protocol: 'none', promptVersion: 0 },
    });
    expect(ev.byN).toEqual([{ key: '2', accuracy: 1, n: 1 }]);
    expect(ev.byGoldCount).toEqual([{ key: '1', accuracy: 0, n: 2 }]);
    expect(ev.checked.map((c) => [c.level, c.count, c.accuracy])).toEqual([
      ['entailed', 1, 1],
      ['not-entailed', 2, 0],
      ['unchecked', 0, null],
    ]);
    expect(ev.confusion).toEqual({
      columns: ['entailed', 'not-entailed', 'unchecked'],
      rows: [{ claimed: 'entailed', counts: [1, 2, 0] }],
    });
    expect(ev.evidence[0]).toMatchObject({ key: 'all', n: 3, citedFull: null });
    expect(ev.run).toEqual({ answered: 3, reused: 0, seconds: 1 });
    expect(ev.warnings[0]).toMatch(/po\.obo/);
    expect(ev.key).toEqual({ ontology: 'sha256:x', model: 'none', protocol: 'none', promptVersion: 0 });
  });

  it('names evidence entities from their query', () => {
    const known = { names: {}, relations: new Set<string>() };
    const n = namesFromQuery('ASK { "viral myocarditis" "finding site" "heart" }', ['e:VM', 'e:fs', 'e:H'], known);
    expect(displayName('e:H', n)).toBe('heart');
    expect(isConcept('e:H', n)).toBe(true);
    expect(isConcept('e:fs', n)).toBe(false);
    expect(isConcept('http://www.w3.org/2000/01/rdf-schema#subClassOf', n)).toBe(false);
    expect(displayName('http://www.w3.org/2000/01/rdf-schema#subClassOf', n)).toBe('is a');
    expect(namesFromQuery('DESCRIBE "x"', ['a', 'b'], known)).toBe(known);
    expect(isConcept('e:r', namesFromQuery('query(ASK { "a" "r" "b" })', ['e:a', 'e:r', 'e:b'], known))).toBe(false);
  });
});
