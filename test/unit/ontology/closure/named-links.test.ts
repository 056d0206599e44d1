import { afterAll, describe, expect, it } from 'vitest';
import { namedLinks } from '../../../../src-main/ontology/closure/named-links';
import type { ClosureIndex } from '../../../../src-main/ontology/closure/closure-index';
import { EX, handleFromDump } from '../../../support/dump-fixture';
import { d } from '../../diff/dump-records';

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));

/**
 * B2 ⊑ B; filler 1 ≡ (B and C) has parents B and C; filler 2 has parent C only.
 * A: r some filler1, r some B2  → (r, B) is implied by (r, B2); (r, C) stays.
 * P: r some C;  A2 ⊑ P: r some filler2 → (r, C) is inherited from P, so A2 has nothing of its own.
 * N: r some B, s some B (s ⊑ r): named fillers are the bridge's links, taken as they are.
 */
async function closure(): Promise<ClosureIndex> {
  const { handle, cleanup } = await handleFromDump([
    d.prop('r'),
    d.prop('s', ['r']),
    ...['A', 'A2', 'P', 'B', 'B2', 'C', 'N'].map((c) => d.cls(c)),
    d.hier('B2', ['B']),
    d.hier('A2', ['P']),
    d.filler(1, ['B', 'C']),
    d.filler(2, ['C']),
    d.link('A', 'r', 1),
    d.link('A', 'r', 'B2'),
    d.link('P', 'r', 'C'),
    d.link('A2', 'r', 2),
    d.link('N', 'r', 'B'),
    d.link('N', 's', 'B'),
  ]);
  cleanups.push(cleanup);
  return handle.closure;
}

const named = (ix: ClosureIndex, id: string) =>
  namedLinks(ix, ix.id(EX + id)!)
    .map((l) => `${ix.nameOf(l.r)} ${ix.nameOf(l.b)}`)
    .sort();

describe('namedLinks', () => {
  it('replaces a complex filler by its named parents and drops what another link implies', async () => {
    const ix = await closure();
    expect(named(ix, 'A')).toEqual(['r B2', 'r C']);
  });

  it('drops a replaced link that a named parent already entails', async () => {
    const ix = await closure();
    expect(named(ix, 'A2')).toEqual([]);
    expect(named(ix, 'P')).toEqual(['r C']);
  });

  it('takes links with named fillers as the bridge stored them', async () => {
    const ix = await closure();
    expect(named(ix, 'N')).toEqual(['r B', 's B']);
    expect(named(ix, 'B')).toEqual([]);
  });
});
