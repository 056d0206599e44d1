import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEP, snapshotOf, type VersionSnapshot } from '../../../src-main/diff/version-snapshot';
import { EX, handleFromDump } from '../../support/dump-fixture';
import { d } from './dump-records';

let snap: VersionSnapshot;
let cleanup = () => {};
beforeAll(async () => {
  const h = await handleFromDump([
    d.prop('partOf'),
    d.prop('hasPart'),
    d.cls('Heart', 'heart'),
    d.cls('Organ', 'organ'),
    d.cls('Cor', 'cor'),
    d.cls('Old', 'old thing', true),
    d.cls('Bad', 'bad'),
    d.cls('Body', 'body'),
    d.hier('Heart', ['Organ'], ['Cor']),
    d.hier('Cor', ['Organ'], ['Heart']),
    d.unsat('Bad'),
    d.filler(1, ['Organ']),
    d.link('Heart', 'partOf', 'Body'),
    d.link('Body', 'hasPart', 1),
  ]);
  snap = snapshotOf(h.handle.closure);
  cleanup = h.cleanup;
});
afterAll(() => cleanup());

const key = (...ids: string[]) => ids.map((i) => EX + i).join(SEP);

describe('snapshotOf', () => {
  it('lists named classes with their name and flags, not properties or fillers', () => {
    expect([...snap.classes.keys()].sort()).toEqual(['Bad', 'Body', 'Cor', 'Heart', 'Old', 'Organ'].map((c) => EX + c));
    expect(snap.classes.get(EX + 'Old')).toEqual({ name: 'old thing', deprecated: true, unsat: false });
    expect(snap.classes.get(EX + 'Bad')).toEqual({ name: 'bad', deprecated: false, unsat: true });
  });

  it('keys parents, equivalences (each pair once, in IRI order) and links by IRI', () => {
    expect([...snap.parents].sort()).toEqual([key('Cor', 'Organ'), key('Heart', 'Organ')]);
    expect([...snap.equivalences]).toEqual([key('Cor', 'Heart')]);
    expect([...snap.links].sort()).toEqual([key('Body', 'hasPart', 'Organ'), key('Heart', 'partOf', 'Body')]);
    expect(snap.properties.get(EX + 'partOf')).toBe('partOf');
  });

  it('answers entailment by IRI through the closure, redundant links included', () => {
    expect(snap.entails(EX + 'Cor', EX + 'partOf', EX + 'Body')).toBe(true);
    expect(snap.entails(EX + 'Organ', EX + 'partOf', EX + 'Body')).toBe(false);
    expect(snap.entails(EX + 'Heart', EX + 'partOf', EX + 'Nowhere')).toBe(false);
  });
});
