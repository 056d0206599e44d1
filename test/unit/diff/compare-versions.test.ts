import { describe, expect, it } from 'vitest';
import { compareVersions } from '../../../src-main/diff/compare-versions';
import { CHANGE_KINDS } from '../../../src-main/diff/diff-types';
import { iri, OBO, snapshot } from './snapshot-fixture';

const PART_OF = 'BFO_0000050';

const before = snapshot({
  classes: {
    X_1: { name: 'entity' },
    X_2: { name: 'organ' },
    X_3: { name: 'heart' },
    X_4: { name: 'cardiac muscle tisue' },
    X_5: { name: 'body' },
    X_6: { name: 'pericardium' },
    X_7: { name: 'epicardium', deprecated: true },
    X_8: { name: 'grouping' },
    X_9: { name: 'mistake', unsat: true },
    X_10: { name: 'chimera' },
    X_11: { name: 'tunica' },
    X_12: { name: 'vessel wall' },
    X_13: { name: 'cardiac organ' },
  },
  parents: [
    ['X_2', 'X_1'],
    ['X_3', 'X_2'],
    ['X_6', 'X_2'],
  ],
  equivalences: [['X_11', 'X_12']],
  links: [
    ['X_3', PART_OF, 'X_5'],
    ['X_4', PART_OF, 'X_2'],
  ],
  properties: { [PART_OF]: 'part of' },
});

const after = snapshot({
  classes: {
    X_1: { name: 'entity' },
    X_2: { name: 'organ' },
    X_3: { name: 'heart' },
    X_4: { name: 'cardiac muscle tissue' },
    X_5: { name: 'body' },
    X_6: { name: 'pericardium', deprecated: true },
    X_7: { name: 'epicardium' },
    X_9: { name: 'mistake' },
    X_10: { name: 'chimera', unsat: true },
    X_11: { name: 'tunica' },
    X_12: { name: 'vessel wall' },
    X_13: { name: 'cardiac organ' },
    X_14: { name: 'valve' },
  },
  parents: [
    ['X_2', 'X_1'],
    ['X_3', 'X_2'],
    ['X_9', 'X_1'],
  ],
  equivalences: [['X_13', 'X_3']],
  links: [['X_4', PART_OF, 'X_3']],
  // cardiac muscle part of some organ now follows from part of some heart.
  alsoEntailed: [['X_4', PART_OF, 'X_2']],
  properties: { [PART_OF]: 'part of' },
});

const ref = (id: string, name: string) => ({ iri: iri(id), curie: id.replace('_', ':'), name });
const partOf = ref(PART_OF, 'part of');

describe('compareVersions', () => {
  it('finds every kind of change, in the report order, named by the new version', () => {
    const changes = compareVersions(before, after);
    expect(changes).toEqual([
      { kind: 'class-added', class: ref('X_14', 'valve') },
      { kind: 'class-removed', class: ref('X_8', 'grouping') },
      { kind: 'class-obsoleted', class: ref('X_6', 'pericardium') },
      { kind: 'class-unobsoleted', class: ref('X_7', 'epicardium') },
      {
        kind: 'label-changed',
        class: ref('X_4', 'cardiac muscle tissue'),
        old: 'cardiac muscle tisue',
        new: 'cardiac muscle tissue',
      },
      { kind: 'parent-added', class: ref('X_9', 'mistake'), parent: ref('X_1', 'entity') },
      { kind: 'parent-removed', class: ref('X_6', 'pericardium'), parent: ref('X_2', 'organ') },
      {
        kind: 'link-added',
        class: ref('X_4', 'cardiac muscle tissue'),
        relation: partOf,
        filler: ref('X_3', 'heart'),
        bothEntail: false,
      },
      {
        kind: 'link-removed',
        class: ref('X_3', 'heart'),
        relation: partOf,
        filler: ref('X_5', 'body'),
        bothEntail: false,
      },
      {
        kind: 'link-removed',
        class: ref('X_4', 'cardiac muscle tissue'),
        relation: partOf,
        filler: ref('X_2', 'organ'),
        bothEntail: true,
      },
      { kind: 'equivalence-added', class: ref('X_13', 'cardiac organ'), other: ref('X_3', 'heart') },
      { kind: 'equivalence-removed', class: ref('X_11', 'tunica'), other: ref('X_12', 'vessel wall') },
      { kind: 'unsatisfiable-gained', class: ref('X_10', 'chimera') },
      { kind: 'unsatisfiable-lost', class: ref('X_9', 'mistake') },
    ]);
    expect(new Set(changes.map((c) => c.kind))).toEqual(new Set(CHANGE_KINDS));
  });

  it('finds nothing between a version and itself', () => {
    expect(compareVersions(before, before)).toEqual([]);
    expect(compareVersions(after, after)).toEqual([]);
  });

  it('is the mirror image when the versions swap', () => {
    const back = compareVersions(after, before);
    const kinds = back.map((c) => c.kind);
    expect(kinds.filter((k) => k === 'class-added')).toHaveLength(1);
    expect(back.find((c) => c.kind === 'class-added')?.class.iri).toBe(iri('X_8'));
    expect(back.find((c) => c.kind === 'unsatisfiable-gained')?.class.iri).toBe(iri('X_9'));
    // Going back, part of some organ is added, and the new version of that direction did entail it.
    expect(back.find((c) => c.kind === 'link-added' && c.filler.iri === iri('X_2'))).toMatchObject({
      bothEntail: true,
    });
  });

  it('keeps only changes whose class is in a namespace (an equivalence when either class is)', () => {
    const a = snapshot({
      classes: { A_1: { name: 'a' }, 'http://ex.org/B': { name: 'b' }, A_2: { name: 'a2' } },
    });
    const b = snapshot({
      classes: { A_1: { name: 'a!' }, 'http://ex.org/B': { name: 'b!' }, A_2: { name: 'a2' } },
      equivalences: [['http://ex.org/B', 'A_2']],
    });
    const changes = compareVersions(a, b, [OBO + 'A_']);
    expect(changes.map((c) => [c.kind, c.class.iri])).toEqual([
      ['label-changed', iri('A_1')],
      ['equivalence-added', 'http://ex.org/B'],
    ]);
    expect(compareVersions(a, b, ['http://nowhere/'])).toEqual([]);
  });

  it('orders changes of a kind by class, relation and filler IRI, whatever order the sets hold', () => {
    const a = snapshot({ classes: { C_1: { name: 'c1' }, C_2: { name: 'c2' } } });
    const b = snapshot({
      classes: { C_1: { name: 'c1' }, C_2: { name: 'c2' } },
      links: [
        ['C_2', 'R_1', 'C_1'],
        ['C_1', 'R_2', 'C_2'],
        ['C_1', 'R_1', 'C_2'],
        ['C_1', 'R_1', 'C_1'],
      ],
    });
    const keys = compareVersions(a, b).map((c) =>
      c.kind === 'link-added' ? `${c.class.name} ${c.relation.name} ${c.filler.name}` : '',
    );
    // The relations are unnamed in both versions: their names fall back to the IRI's last segment.
    expect(keys).toEqual(['c1 R_1 c1', 'c1 R_1 c2', 'c1 R_2 c2', 'c2 R_1 c1']);
  });
});
