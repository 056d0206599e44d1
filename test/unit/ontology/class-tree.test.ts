import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DumpRecord } from '../../../src-main/ontology/dump/dump-types';
import { ClassTree } from '../../../src-main/ontology/tree/class-tree';
import type { TreeNode } from '../../../src-main/ontology/tree/tree-types';
import { EX, handleFromDump } from '../../support/dump-fixture';
import { d } from '../diff/dump-records';
import { codeOfSync } from '../../support/error-code';

/**
 * is-a: Anatomy > {Cell 2, cell 10, Membrane, Organ}; Organ > {Nucleus, Nucleolus, Deep, X}; Deep > X;
 * Membrane > Envelope > Inner; Process > RegA, PosReg. Old is obsolete and parentless; Bad unsatisfiable.
 * part of (transitive), as the bridge stores it (closed under transitivity, not under inheritance):
 * Nucleus → Cell2; Envelope → Nucleus, Cell2; Inner → Envelope, Nucleus, Cell2; Nucleolus → Nucleus;
 * Pore → filler 1 (⊑ Envelope); C1 ↔ C2 (a cycle). regulates: RegA → Process; positively regulates
 * (⊑ regulates): PosReg → Process.
 */
const records: DumpRecord[] = [
  { ...(d.prop('partOf') as Extract<DumpRecord, { t: 'property' }>), transitive: true },
  d.prop('regulates'),
  d.prop('posReg', ['regulates']),
  ...[
    ['Anatomy', 'Anatomy'],
    ['Cell2', 'Cell 2'],
    ['Cell10', 'cell 10'],
    ['Membrane', 'Membrane'],
    ['Organ', 'Organ'],
    ['Nucleus', 'nucleus'],
    ['Nucleolus', 'nucleolus'],
    ['Deep', 'deep organ'],
    ['X', 'x'],
    ['Envelope', 'nuclear envelope'],
    ['Inner', 'inner membrane'],
    ['Pore', 'pore'],
    ['Process', 'Process'],
    ['RegA', 'regulation of process'],
    ['PosReg', 'positive regulation of process'],
    ['C1', 'c1'],
    ['C2', 'c2'],
    ['Bad', 'bad thing'],
  ].map(([id, name]) => d.cls(id, name)),
  d.cls('Old', 'old thing', true),
  d.hier('Anatomy', []),
  ...['Cell2', 'Cell10', 'Membrane', 'Organ'].map((c) => d.hier(c, ['Anatomy'])),
  ...['Nucleus', 'Nucleolus', 'Deep'].map((c) => d.hier(c, ['Organ'])),
  d.hier('X', ['Deep', 'Organ']),
  d.hier('Envelope', ['Membrane']),
  d.hier('Inner', ['Envelope']),
  d.hier('Pore', ['Anatomy']),
  d.hier('C1', ['Anatomy']),
  d.hier('C2', ['Anatomy']),
  d.hier('Process', []),
  d.hier('RegA', ['Process']),
  d.hier('PosReg', ['Process']),
  d.hier('Old', []),
  d.unsat('Bad'),
  d.filler(1, ['Envelope']),
  d.link('Nucleus', 'partOf', 'Cell2'),
  d.link('Envelope', 'partOf', 'Nucleus'),
  d.link('Envelope', 'partOf', 'Cell2'),
  d.link('Inner', 'partOf', 'Envelope'),
  d.link('Inner', 'partOf', 'Nucleus'),
  d.link('Inner', 'partOf', 'Cell2'),
  d.link('Nucleolus', 'partOf', 'Nucleus'),
  d.link('Pore', 'partOf', 1),
  d.link('C1', 'partOf', 'C2'),
  d.link('C2', 'partOf', 'C1'),
  d.link('RegA', 'regulates', 'Process'),
  d.link('PosReg', 'posReg', 'Process'),
];

let tree: ClassTree;
let cleanup: () => void;
beforeAll(async () => {
  const f = await handleFromDump(records);
  cleanup = f.cleanup;
  tree = new ClassTree(f.handle.closure);
});
afterAll(() => cleanup?.());

const names = (nodes: TreeNode[]) => nodes.map((n) => n.name);
const counts = (nodes: TreeNode[]) => Object.fromEntries(nodes.map((n) => [n.name, n.childCount]));
const PART = EX + 'partOf';

describe('ClassTree: is-a', () => {
  it('lists the roots by name, hides parentless obsolete classes and counts them', () => {
    const roots = tree.children(null);
    expect(names(roots.nodes)).toEqual(['Anatomy', 'bad thing', 'Process']);
    expect(roots.hiddenObsolete).toBe(1);
    expect(roots.nodes.find((n) => n.name === 'bad thing')?.unsatisfiable).toBe(true);
    expect(counts(roots.nodes)).toEqual({ Anatomy: 7, 'bad thing': 0, Process: 2 });
  });

  it('sorts children by name (case ignored, numbers as numbers) with their own child counts', () => {
    const kids = tree.children(EX + 'Anatomy').nodes;
    expect(names(kids)).toEqual(['c1', 'c2', 'Cell 2', 'cell 10', 'Membrane', 'Organ', 'pore']);
    expect(counts(kids)).toMatchObject({ Membrane: 1, Organ: 4, 'Cell 2': 0 });
    expect(kids[0]).toEqual({ iri: EX + 'C1', name: 'c1', childCount: 0, obsolete: false, unsatisfiable: false });
  });

  it('shows named classes only: a complex filler under a class is not its child', () => {
    expect(names(tree.children(EX + 'Envelope').nodes)).toEqual(['inner membrane']);
  });

  it('reveals a class along its shortest path from a root and says how many parents it has', () => {
    const p = tree.path(EX + 'X');
    expect(names(p.path)).toEqual(['Anatomy', 'Organ', 'x']);
    expect(p.parentCount).toBe(2);
    expect(p.inTree).toBe(true);
    expect(names(tree.path(EX + 'Anatomy').path)).toEqual(['Anatomy']);
    expect(names(tree.path(EX + 'Old').path)).toEqual(['old thing']);
  });
});

describe('ClassTree: a relation hierarchy', () => {
  it('lists the relations the links use, most used first', () => {
    expect(tree.relations()).toEqual([
      { iri: PART, name: 'partOf', links: 10, transitive: true },
      { iri: EX + 'posReg', name: 'posReg', links: 1, transitive: false },
      { iri: EX + 'regulates', name: 'regulates', links: 1, transitive: false },
    ]);
  });

  it('keeps only direct links: a transitive link implied through another part is dropped', () => {
    expect(names(tree.children(null, PART).nodes)).toEqual(['Cell 2']);
    expect(names(tree.children(EX + 'Cell2', PART).nodes)).toEqual(['nucleus']);
    const inNucleus = tree.children(EX + 'Nucleus', PART).nodes;
    expect(names(inNucleus)).toEqual(['nuclear envelope', 'nucleolus']);
    expect(counts(inNucleus)).toEqual({ 'nuclear envelope': 2, nucleolus: 0 });
  });

  it('puts a class whose filler is complex under the filler’s named parent', () => {
    expect(names(tree.children(EX + 'Envelope', PART).nodes)).toEqual(['inner membrane', 'pore']);
  });

  it('matches the property exactly: sub-properties have their own hierarchy', () => {
    expect(names(tree.children(EX + 'Process', EX + 'regulates').nodes)).toEqual(['regulation of process']);
    expect(names(tree.children(EX + 'Process', EX + 'posReg').nodes)).toEqual(['positive regulation of process']);
    expect(names(tree.children(null, EX + 'regulates').nodes)).toEqual(['Process']);
  });

  it('reveals a part along its wholes; a class outside the relation is alone and marked so', () => {
    const p = tree.path(EX + 'Inner', PART);
    expect(names(p.path)).toEqual(['Cell 2', 'nucleus', 'nuclear envelope', 'inner membrane']);
    expect(p.parentCount).toBe(1);
    const out = tree.path(EX + 'Membrane', PART);
    expect(out.inTree).toBe(false);
    expect(names(out.path)).toEqual(['Membrane']);
  });

  it('ends a path in a cycle of the relation instead of looping', () => {
    expect(names(tree.children(EX + 'C2', PART).nodes)).toEqual(['c1']);
    expect(names(tree.path(EX + 'C1', PART).path)).toEqual(['c2', 'c1']);
  });

  it('answers unknown classes and non-properties with a stable code', () => {
    expect(codeOfSync(() => tree.children(EX + 'Nope'))).toBe('unknown-name');
    expect(codeOfSync(() => tree.path('urn:oarag:filler:1'))).toBe('unknown-name');
    expect(codeOfSync(() => tree.children(null, EX + 'Organ'))).toBe('unknown-name');
  });
});
