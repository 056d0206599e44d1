import { describe, expect, it } from 'vitest';
import type { TreeChildren, TreeNode, TreePath } from '../../../../src-main/api/contract';
import { useOntologyStore } from '../../../../src-renderer/stores/ontology';
import { useTasksStore } from '../../../../src-renderer/stores/tasks';
import { STATED, useTreeStore } from '../../../../src-renderer/stores/tree';
import { settle } from './fake-api';
import { ontologyInfo, storeHarness } from './harness';

const node = (name: string, childCount = 1): TreeNode =>
  ({ iri: `http://x/${name}`, name, childCount, obsolete: false, unsatisfiable: false }) as TreeNode;
/** A small is-a tree: Root > Organ > Heart, Root > Tissue. */
const KIDS: Record<string, TreeNode[]> = {
  '': [node('Root')],
  'http://x/Root': [node('Organ'), node('Tissue', 0)],
  'http://x/Organ': [node('Heart', 0)],
};
const children = (parent: string | null, relation: string | null = null): TreeChildren => ({
  parent,
  relation,
  nodes: KIDS[parent ?? ''] ?? [],
  hiddenObsolete: parent ? 0 : 2,
});
const path = (iri: string, inTree = true): TreePath => ({
  iri,
  relation: null,
  path: iri === 'http://x/Heart' ? [node('Root'), node('Organ'), node('Heart', 0)] : [node('Lone', 0)],
  parentCount: 1,
  inTree,
});

describe('tree store: levels loaded lazily, a path opened to reveal a class, replies for old content dropped', () => {
  const h = storeHarness();
  const ready = async () => {
    useOntologyStore().select('/o/a.ofn');
    h.api
      .reply('ontology.relations', [{ iri: 'http://x/partOf', name: 'part of', links: 3, transitive: true }])
      .reply('ontology.children', (p) => children(p.iri, p.relation ?? null))
      .reply('ontology.path', (p) => path(p.iri));
    const s = useTreeStore();
    s.resetIfOntologyChanged();
    await settle();
    return s;
  };
  const shown = (s: ReturnType<typeof useTreeStore>) => s.rows.map((r) => `${'  '.repeat(r.depth)}${r.node.name}`);

  it('loads the relations and the roots, and a level when it is opened', async () => {
    const s = await ready();
    expect(s.relations.map((r) => r.name)).toEqual(['part of']);
    await s.load(null);
    expect([shown(s), s.hiddenObsolete]).toEqual([['Root'], 2]);
    s.toggle('http://x/Root');
    await settle();
    expect(shown(s)).toEqual(['Root', '  Organ', '  Tissue']);
    s.toggle('http://x/Root');
    expect(shown(s)).toEqual(['Root']);
    s.toggle('http://x/Root');
    await settle();
    expect(h.api.callsOf('ontology.children')).toHaveLength(2);
  });

  it('reveal opens the path down to the class and selects it', async () => {
    const s = await ready();
    const before = s.revealed;
    await s.reveal('http://x/Heart');
    expect(shown(s)).toEqual(['Root', '  Organ', '    Heart', '  Tissue']);
    expect([s.selected, s.revealed]).toEqual(['http://x/Heart', before + 1]);
  });

  it('a class outside the relation’s tree is said, not revealed', async () => {
    const s = await ready();
    h.api.reply('ontology.path', (p) => path(p.iri, false));
    await s.setRelation('http://x/partOf');
    await s.reveal('http://x/Lone');
    expect(s.outside?.name).toBe('Lone');
    expect(h.api.callsOf('ontology.children').every((p) => p.relation === 'http://x/partOf')).toBe(true);
  });

  it('switching to the asserted hierarchy loads afresh and reveals the selected class again', async () => {
    const s = await ready();
    await s.reveal('http://x/Heart');
    await s.setRelation(STATED);
    expect([s.relation, s.hierarchy]).toEqual([null, 'stated']);
    expect(h.api.callsOf('ontology.children').at(-1)).toMatchObject({ hierarchy: 'stated' });
    expect(h.api.callsOf('ontology.path').at(-1)).toMatchObject({ iri: 'http://x/Heart', hierarchy: 'stated' });
    expect(shown(s)).toContain('    Heart');
  });

  it('a level loaded for another ontology is dropped; a failed level says why', async () => {
    const s = await ready();
    let release: (c: TreeChildren) => void = () => {};
    h.api.reply('ontology.children', () => new Promise<TreeChildren>((r) => (release = r)));
    const late = s.load(null);
    await settle();
    useOntologyStore().select('/o/b.ofn');
    s.resetIfOntologyChanged();
    release(children(null));
    await late;
    expect(s.roots).toBeUndefined();
    h.api.fail('ontology.children', 'bridge-timeout', 'The reasoner took too long.');
    await s.load(null);
    expect([s.error, s.rootsLoading]).toEqual(['The reasoner took too long.', false]);
  });

  it('a reload of the same ontology keeps the relation and the selection, and opens the path again', async () => {
    h.api.reply('tasks.list', []).launches('ontology.open', 'load', { state: 'ok', result: ontologyInfo('/o/a.ofn') });
    useTasksStore().init();
    const s = await ready();
    await useOntologyStore().open('/o/a.ofn');
    s.resetIfOntologyChanged();
    await settle();
    await s.reveal('http://x/Heart');
    const paths = h.api.callsOf('ontology.path').length;
    await useOntologyStore().reload('/o/a.ofn');
    s.resetIfOntologyChanged();
    await settle();
    expect(s.selected).toBe('http://x/Heart');
    expect(h.api.callsOf('ontology.path')).toHaveLength(paths + 1);
    expect(shown(s)).toEqual(['Root', '  Organ', '    Heart', '  Tissue']);
  });
});
