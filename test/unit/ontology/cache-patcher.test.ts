import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CacheBuilder } from '../../../src-main/ontology/cache/cache-builder';
import { CachePatcher } from '../../../src-main/ontology/cache/cache-patcher';
import { Unpatchable } from '../../../src-main/ontology/cache/delta-apply';
import type { DumpRecord, GoneRecord } from '../../../src-main/ontology/dump/dump-types';
import { DEFAULT_NAMING } from '../../../src-main/ontology/names/naming-policy';
import { cacheCanon, ftsCanon } from '../../support/cache-canon';
import { EX, label } from '../../support/dump-fixture';
import { tempDir } from '../../support/temp-dir';

const cls = (id: string, name: string): DumpRecord => ({
  t: 'class',
  iri: EX + id,
  annotations: [label(name)],
  deprecated: false,
});
const hier = (id: string, ...parents: string[]): DumpRecord => ({
  t: 'hier',
  c: EX + id,
  parents: parents.map((p) => EX + p),
  equivalents: [],
});
const part: DumpRecord = {
  t: 'property',
  iri: EX + 'partOf',
  annotations: [label('part of')],
  deprecated: false,
  transitive: true,
  reflexive: false,
  parents: [],
  chains: [],
};
const stated = (s: string, f: string): DumpRecord => ({
  t: 'stated',
  s: EX + s,
  r: EX + 'partOf',
  f: EX + f,
  text: f,
  kind: 'sub',
});
const link = (s: string, f: string): DumpRecord => ({ t: 'link', s: EX + s, r: EX + 'partOf', f: EX + f });
const stats: DumpRecord = { t: 'stats', classes: 4 };

/** Heart ⊑ Organ, Valve ⊑ Organ, Valve ⊑ ∃partOf.Heart, Wall ⊑ Organ. */
function base(): DumpRecord[] {
  return [
    part,
    cls('Organ', 'organ'),
    cls('Heart', 'heart'),
    cls('Valve', 'valve'),
    cls('Wall', 'wall'),
    stated('Valve', 'Heart'),
    hier('Organ'),
    hier('Heart', 'Organ'),
    hier('Valve', 'Organ'),
    hier('Wall', 'Organ'),
    link('Valve', 'Heart'),
    stats,
  ];
}

describe('CachePatcher', () => {
  const dir = tempDir('oarag-patcher-');
  afterAll(() => dir.cleanup());
  let n = 0;

  async function build(records: DumpRecord[]): Promise<{ db: string; nt: string }> {
    const db = join(dir.path, `built-${++n}.sqlite`);
    const b = new CacheBuilder(db);
    b.graphPath = db.replace(/\.sqlite$/, '.nt');
    for (const r of records) b.add(r);
    b.finishCards();
    // the service's summary, which the patcher takes the class and property counts from
    b.setMeta('summary', { classes: b.buildCounts.classes, objectProperties: b.buildCounts.objectProperties });
    await b.commitAndClose();
    return { db, nt: b.graphPath };
  }

  async function patch(from: { db: string; nt: string }, delta: (DumpRecord | GoneRecord)[]) {
    const db = join(dir.path, `patched-${++n}.sqlite`);
    const nt = db.replace(/\.sqlite$/, '.nt');
    expect(await CachePatcher.copyBase(from.db, db)).toBe(true);
    const p = new CachePatcher({ ntPath: from.nt }, db, nt, DEFAULT_NAMING);
    try {
      for (const r of delta) p.add(r);
    } catch (e) {
      await p.abort();
      throw e;
    }
    p.finishCards();
    const counts = p.buildCounts;
    await p.commitAndClose();
    return { db, nt, counts, cards: p.cardsWritten };
  }

  it('a renamed class, a moved class and a link that went give the cache a build of the edited dump gives', async () => {
    const before = await build(base());
    const delta: (DumpRecord | GoneRecord)[] = [
      cls('Heart', 'cardiac organ'),
      hier('Wall', 'Heart'),
      { t: 'gone', k: 'l', s: EX + 'Valve' },
      stats,
    ];
    const after = base()
      .filter((r) => r.t !== 'link')
      .map((r) =>
        r.t === 'class' && r.iri === EX + 'Heart'
          ? cls('Heart', 'cardiac organ')
          : r.t === 'hier' && r.c === EX + 'Wall'
            ? hier('Wall', 'Heart')
            : r,
      );
    const patched = await patch(before, delta);
    const built = await build(after);
    expect(cacheCanon(patched.db, patched.nt)).toEqual(cacheCanon(built.db, built.nt));
    expect(ftsCanon(patched.db)).toEqual(ftsCanon(built.db));
    expect(patched.counts).toMatchObject({ subClassOf: 3, existential: 0, unsatisfiable: [] });
    // Heart's own card, Organ's (a child renamed, one gone), Valve's (states a relation to Heart), Wall's
    expect(patched.cards).toBe(4);
  });

  it('refuses what only a full build gets right: a property, a class that went', async () => {
    const before = await build(base());
    await expect(patch(before, [{ ...part, transitive: false } as DumpRecord])).rejects.toBeInstanceOf(Unpatchable);
    await expect(patch(before, [{ t: 'gone', k: 'c', s: EX + 'Wall' }])).rejects.toBeInstanceOf(Unpatchable);
    await expect(patch(before, [hier('Wall', 'Nowhere')])).rejects.toBeInstanceOf(Unpatchable);
  });
});
