import { afterAll, describe, expect, it } from 'vitest';
import { sampleTriples } from '../../../../src-main/ontology/closure/closure-sampler';
import type { DumpRecord } from '../../../../src-main/ontology/dump/dump-types';
import { clinicalDump, handleFromDump } from '../../../support/dump-fixture';

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));

/** The same records as the bridge might list them on another run: each kind kept in place, reversed within. */
function reshuffled(records: DumpRecord[]): DumpRecord[] {
  const kinds = [...new Set(records.map((r) => r.t))];
  return kinds.flatMap((k) => records.filter((r) => r.t === k).reverse());
}

async function sampleOf(records: DumpRecord[], seed: number) {
  const { handle, cleanup } = await handleFromDump(records);
  cleanups.push(cleanup);
  const ix = handle.closure;
  return sampleTriples(ix, 60, seed).map((t) => ({
    a: ix.iri(t.a),
    r: t.r === undefined ? null : ix.iri(t.r),
    b: ix.iri(t.b),
    expected: t.expected,
    how: t.how,
  }));
}

describe('sampleTriples', () => {
  it('draws the same questions for a seed whatever order the entities were listed in', async () => {
    const a = await sampleOf(clinicalDump(), 7);
    const b = await sampleOf(reshuffled(clinicalDump()), 7);
    expect(a.length).toBe(60);
    expect(b).toEqual(a);
  });

  it('draws other questions for another seed, and mixes positives with negatives', async () => {
    const a = await sampleOf(clinicalDump(), 7);
    const c = await sampleOf(clinicalDump(), 8);
    expect(c).not.toEqual(a);
    expect(a.some((t) => t.expected)).toBe(true);
    expect(a.some((t) => !t.expected)).toBe(true);
  });
});
