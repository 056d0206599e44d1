import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DumpRecord } from '../../../src-main/ontology/dump/dump-types';
import { ClassTree } from '../../../src-main/ontology/tree/class-tree';
import { EX, handleFromDump } from '../../support/dump-fixture';
import { d } from '../diff/dump-records';

/**
 * The Cell Ontology's eye slim defines "anatomical entity ≡ is anatomical entity some Self": ELK then
 * gives every anatomical class A ⊑ ∃isAE.A (678 links there) and nothing else of that relation. Here:
 * entity > organ > heart, each with its self link; part of: heart → thorax, for contrast.
 */
const records: DumpRecord[] = [
  d.prop('isAE'),
  d.prop('partOf'),
  ...['Entity', 'Organ', 'Heart', 'Thorax'].map((c) => d.cls(c)),
  d.hier('Entity', []),
  d.hier('Organ', ['Entity']),
  d.hier('Heart', ['Organ']),
  d.hier('Thorax', ['Entity']),
  ...['Entity', 'Organ', 'Heart', 'Thorax'].map((c) => d.link(c, 'isAE', c)),
  d.link('Heart', 'partOf', 'Thorax'),
];

let tree: ClassTree;
let cleanup: () => void;
beforeAll(async () => {
  const f = await handleFromDump(records);
  cleanup = f.cleanup;
  tree = new ClassTree(f.handle.closure);
});
afterAll(() => cleanup?.());

describe('a relation whose links relate each class to itself', () => {
  it('is listed with its links, has no roots, and the roots say why: self links only, no edge', () => {
    expect(tree.relations().find((r) => r.iri === EX + 'isAE')?.links).toBe(4);
    const roots = tree.children(null, EX + 'isAE');
    expect(roots.nodes).toEqual([]);
    expect(roots).toMatchObject({ edges: 0, selfLinks: 4 });
  });

  it('says how many edges a drawable hierarchy has, and is-a roots carry neither count', () => {
    const part = tree.children(null, EX + 'partOf');
    expect(part.nodes.map((n) => n.name)).toEqual(['Thorax']);
    expect(part).toMatchObject({ edges: 1, selfLinks: 0 });
    const isa = tree.children(null);
    expect(isa.edges).toBeUndefined();
    expect(isa.selfLinks).toBeUndefined();
    expect(tree.children(EX + 'Thorax', EX + 'partOf').selfLinks).toBeUndefined();
  });
});
