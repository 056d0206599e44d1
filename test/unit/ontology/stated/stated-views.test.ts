import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card } from '../../../../src-main/ontology/cards/card-types';
import type { ClosureIndex } from '../../../../src-main/ontology/closure/closure-index';
import type { DumpRecord } from '../../../../src-main/ontology/dump/dump-types';
import type { OntologyHandle } from '../../../../src-main/ontology/ontology-handle';
import { markStatedInferred } from '../../../../src-main/ontology/stated/class-marks';
import { lineageOf, LINEAGE_MAX_PATHS } from '../../../../src-main/ontology/stated/lineage';
import { ToldIndex } from '../../../../src-main/ontology/stated/told-index';
import { ClassTree } from '../../../../src-main/ontology/tree/class-tree';
import { ToldTree } from '../../../../src-main/ontology/tree/told-tree';
import { OWL_NOTHING, UnsatPlacement } from '../../../../src-main/ontology/tree/unsat-placement';
import { EX, handleFromDump } from '../../../support/dump-fixture';
import { d } from '../../diff/dump-records';

/**
 * Inferred: Root > {Mid, Other}; Mid > Leaf; Other > Leaf (Leaf has two paths). Stated: Mid ⊑ Root, Leaf ⊑ Mid
 * and Leaf ⊑ Root (redundant); Other has no told parent (defined elsewhere); Bad (unsatisfiable) ⊑ Mid and
 * ⊑ Other; Worse (unsatisfiable) ⊑ Bad. Links: Mid partOf Root (stated); Leaf partOf Other (inferred).
 */
const records: DumpRecord[] = [
  d.prop('partOf'),
  ...['Root', 'Mid', 'Other', 'Leaf', 'Bad', 'Worse'].map((c) => d.cls(c)),
  d.hier('Root', []),
  d.hier('Mid', ['Root']),
  d.hier('Other', ['Root']),
  d.hier('Leaf', ['Mid', 'Other']),
  d.unsat('Bad'),
  d.unsat('Worse'),
  { t: 'stated', s: EX + 'Mid', r: EX + 'partOf', f: EX + 'Root', text: 'Root', kind: 'sub' },
  d.link('Mid', 'partOf', 'Root'),
  d.link('Leaf', 'partOf', 'Other'),
];
const iris = ['Leaf', 'Mid', 'Root', 'Bad', 'Other', 'Worse', 'Elsewhere'].map((x) => EX + x);
// [child, parent, kind]: 0 stated superclass, 2 stated equivalent (not a parent); Elsewhere is not in the cache.
const edges = [0, 1, 0, 0, 2, 0, 1, 2, 0, 3, 1, 0, 3, 4, 0, 5, 3, 0, 0, 6, 0, 4, 1, 2];

let handle: OntologyHandle;
let ix: ClosureIndex;
let told: ToldIndex;
let cleanup: () => void;
beforeAll(async () => {
  const f = await handleFromDump(records);
  [handle, cleanup] = [f.handle, f.cleanup];
  ix = handle.closure;
  told = ToldIndex.fromReply(ix, { iris, edges });
});
afterAll(() => cleanup?.());
const id = (x: string) => ix.id(EX + x)!;
const names = (xs: { name: string }[]) => xs.map((x) => x.name);

describe('the asserted hierarchy', () => {
  it('reads the bridge reply, skipping unknown classes, and refuses a malformed one', () => {
    expect(told.parentsOf(id('Leaf')).map((x) => ix.nameOf(x))).toEqual(['Mid', 'Root']);
    expect(told.equivalentsOf(id('Other')).map((x) => ix.nameOf(x))).toEqual(['Mid']);
    expect(() => ToldIndex.fromReply(ix, { iris, edges: [0, 1] })).toThrow(/malformed/);
    expect(() => ToldIndex.fromReply(ix, null as never)).toThrow(/malformed/);
  });

  it('is a tree of its own: roots are the classes stated under nothing', () => {
    const t = new ToldTree(ix, told);
    const roots = t.children(null);
    expect(roots.hierarchy).toBe('stated');
    expect(names(roots.nodes)).toEqual(['Other', 'Root']);
    expect(names(t.children(EX + 'Mid').nodes)).toEqual(['Bad', 'Leaf']);
    expect(names(t.path(EX + 'Worse').path)).toEqual(['Other', 'Bad', 'Worse']);
  });
});

describe('unsatisfiable classes in the inferred tree', () => {
  it('leave the roots for owl:Nothing, and sit marked under their stated parents', () => {
    const base = new ClassTree(ix);
    const place = new UnsatPlacement(ix, told);
    const roots = place.roots(base.children(null));
    expect(names(roots.nodes)).toEqual(['Root', 'owl:Nothing']);
    expect(roots.nodes[1]).toMatchObject({ iri: OWL_NOTHING, childCount: 2, unsatisfiable: true });
    expect(names(place.nothingChildren().nodes)).toEqual(['Bad', 'Worse']);
    const mid = place.children(base.children(EX + 'Mid'), id('Mid'));
    expect(mid.nodes.map((n) => [n.name, n.statedOnly ?? false, n.childCount])).toEqual([
      ['Bad', true, 1],
      ['Leaf', false, 0],
    ]);
    // Counts include them: Root's Mid and Other each have one more child.
    expect(place.children(base.children(EX + 'Root'), id('Root')).nodes.map((n) => n.childCount)).toEqual([2, 2]);
    expect(names(place.children(base.children(EX + 'Bad'), id('Bad')).nodes)).toEqual(['Worse']);
    expect(names(place.path(base.path(EX + 'Bad'), id('Bad')).path)).toEqual(['owl:Nothing', 'Bad']);
  });
});

describe('lineage', () => {
  it('lists every ancestor nearest first and every path from a root', () => {
    const l = lineageOf(ix, null, id('Leaf'));
    expect(l.ancestors.map((a) => [a.name, a.distance])).toEqual([
      ['Mid', 1],
      ['Other', 1],
      ['Root', 2],
    ]);
    expect(l.paths.map(names)).toEqual([
      ['Root', 'Mid', 'Leaf'],
      ['Root', 'Other', 'Leaf'],
    ]);
    expect(l.pathCount).toBe(2);
    expect(l.fromStated).toBe(false);
  });

  it('goes up the stated parents of an unsatisfiable class', () => {
    const l = lineageOf(ix, told, id('Worse'));
    expect(l.fromStated).toBe(true);
    expect(l.paths.map(names)).toEqual([
      ['Root', 'Mid', 'Bad', 'Worse'],
      ['Root', 'Other', 'Bad', 'Worse'],
    ]);
    expect(LINEAGE_MAX_PATHS).toBeGreaterThan(2);
  });
});

describe('stated and inferred marks on a card', () => {
  it('marks parents and links', () => {
    const leaf = markStatedInferred(ix, told, handle.card(EX + 'Leaf') as Card);
    expect(leaf.parents.map((p) => [p.name, p.stated, p.inferred])).toEqual([
      ['Mid', true, true],
      ['Other', false, true],
      ['Root', true, false],
    ]);
    expect(leaf.relations.map((r) => [r.relation.name, r.filler.name, r.source, r.via?.name ?? null])).toEqual([
      ['partOf', 'Other', 'inferred', null],
    ]);
    const mid = markStatedInferred(ix, told, handle.card(EX + 'Mid') as Card);
    expect(mid.relations.map((r) => [r.filler.name, r.source])).toEqual([['Root', 'stated']]);
    expect(mid.equivalents.map((e) => [e.name, e.stated, e.inferred])).toEqual([['Other', true, false]]);
  });
});
