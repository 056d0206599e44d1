import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { TreeChildren, TreeHierarchy, TreeNode, TreeRelation } from '../../src-main/api/contract';
import { api, toApiError } from '../api';
import { useOntologyStore } from './ontology';

export interface TreeRow {
  /** Unique per row: a class with several parents can be shown under each of them. */
  key: string;
  node: TreeNode;
  depth: number;
  parent: string | null;
  expanded: boolean;
  loading: boolean;
}

const ROOTS = '';
/** The select's value for the asserted is-a hierarchy (relations are chosen by IRI, inferred is-a by ''). */
export const STATED = '@stated';

/**
 * The concept browser's tree: is-a or one relation's hierarchy, loaded lazily a level at a time
 * (ontology.children), and opened along one path from a root to reveal the selected class
 * (ontology.path). Rows are the visible nodes in order, for one flat list with keyboard moves.
 */
export const useTreeStore = defineStore('tree', () => {
  const relation = ref<string | null>(null);
  /** The is-a hierarchy shown when no relation is: ELK's inferred one, or the asserted one. */
  const hierarchy = ref<TreeHierarchy>('inferred');
  const relations = ref<TreeRelation[]>([]);
  const lists = ref<Record<string, TreeChildren>>({});
  const loading = ref<Record<string, boolean>>({});
  const expanded = ref<Record<string, boolean>>({});
  const error = ref<string | null>(null);
  const selected = ref<string | null>(null);
  /** A revealed class whose root is not among the listed roots (an obsolete class without parents). */
  const extraRoot = ref<TreeNode | null>(null);
  /** Under a relation: the selected class has no links of it, so it is not in this tree. */
  const outside = ref<TreeNode | null>(null);
  /** Bumped when a reveal finishes, so the view scrolls the selected row into sight. */
  const revealed = ref(0);
  let forOntology: string | null = null;
  let forContent: string | null = null;
  // Replies for an earlier ontology, load of it, or relation are dropped.
  let generation = 0;

  /** Another ontology starts afresh; the same one reloaded keeps the relation and the selected class. */
  function resetIfOntologyChanged() {
    const ont = useOntologyStore();
    const id = ont.currentId;
    if (ont.contentKey === forContent) return;
    forContent = ont.contentKey;
    const reloaded = id !== null && id === forOntology;
    forOntology = id;
    if (!reloaded) {
      relation.value = null;
      hierarchy.value = 'inferred';
      selected.value = null;
    }
    relations.value = [];
    clear();
    if (id && reloaded) void reloadContent(id);
    else if (id) void loadRelations(id);
  }

  /** The same ontology with new content: its relations, roots and the selected class's path again. */
  async function reloadContent(ontologyId: string) {
    await loadRelations(ontologyId);
    if (forOntology !== ontologyId) return;
    // The relation shown may be gone from the new content: back to is-a then.
    if (relation.value && !relations.value.some((r) => r.iri === relation.value)) return setRelation(null);
    await load(null);
    if (selected.value) await reveal(selected.value, true);
  }

  function clear() {
    generation++;
    lists.value = {};
    loading.value = {};
    expanded.value = {};
    extraRoot.value = null;
    outside.value = null;
    error.value = null;
  }

  async function loadRelations(ontologyId: string) {
    try {
      const r = await api().call('ontology.relations', { ontologyId });
      if (forOntology === ontologyId) relations.value = r;
    } catch (e) {
      error.value = toApiError(e).message;
    }
  }

  /** Loads the children of `parent` (null: the roots) unless they are there already. */
  async function load(parent: string | null): Promise<void> {
    const ontologyId = useOntologyStore().currentId;
    const key = parent ?? ROOTS;
    if (!ontologyId || lists.value[key] || loading.value[key]) return;
    const gen = generation;
    loading.value = { ...loading.value, [key]: true };
    try {
      const r = await api().call('ontology.children', {
        ontologyId,
        iri: parent,
        relation: relation.value,
        hierarchy: hierarchy.value,
      });
      if (gen === generation) lists.value = { ...lists.value, [key]: r };
    } catch (e) {
      if (gen === generation) error.value = toApiError(e).message;
    } finally {
      if (gen === generation) loading.value = { ...loading.value, [key]: false };
    }
  }

  function toggle(iri: string) {
    const open = !expanded.value[iri];
    expanded.value = { ...expanded.value, [iri]: open };
    if (open) void load(iri);
  }

  /** A relation's IRI, STATED for the asserted is-a hierarchy, or null for the inferred one. */
  async function setRelation(r: string | null) {
    const h: TreeHierarchy = r === STATED ? 'stated' : 'inferred';
    const rel = r === STATED ? null : r;
    if (rel === relation.value && h === hierarchy.value) return;
    relation.value = rel;
    hierarchy.value = h;
    clear();
    const want = selected.value;
    await load(null);
    // Another class may have been picked meanwhile; its own reveal opens the tree then.
    if (want && selected.value === want) await reveal(want, true);
  }

  /** Opens the tree along one path down to `iri` and selects it; a class already in sight is just selected. */
  async function reveal(iri: string, force = false) {
    const ontologyId = useOntologyStore().currentId;
    if (!ontologyId) return;
    selected.value = iri;
    if (!force && rows.value.some((r) => r.node.iri === iri)) {
      revealed.value++;
      return;
    }
    const gen = generation;
    try {
      const p = await api().call('ontology.path', {
        ontologyId,
        iri,
        relation: relation.value,
        hierarchy: hierarchy.value,
      });
      if (gen !== generation || selected.value !== iri) return;
      outside.value = p.inTree ? null : p.path[p.path.length - 1];
      if (!p.inTree) return;
      await load(null);
      const root = p.path[0];
      extraRoot.value = lists.value[ROOTS]?.nodes.some((n) => n.iri === root.iri) ? null : root;
      const opened = { ...expanded.value };
      for (const n of p.path.slice(0, -1)) opened[n.iri] = true;
      expanded.value = opened;
      await Promise.all(p.path.slice(0, -1).map((n) => load(n.iri)));
      revealed.value++;
    } catch (e) {
      if (gen === generation) error.value = toApiError(e).message;
    }
  }

  const rows = computed<TreeRow[]>(() => {
    const out: TreeRow[] = [];
    const top = lists.value[ROOTS]?.nodes ?? [];
    const walk = (nodes: TreeNode[], depth: number, parent: string | null, above: Set<string>, key: string) => {
      for (const node of nodes) {
        const open = !!expanded.value[node.iri] && node.childCount > 0 && !above.has(node.iri);
        out.push({
          key: `${key}/${node.iri}`,
          node,
          depth,
          parent,
          expanded: open,
          loading: !!loading.value[node.iri],
        });
        const kids = lists.value[node.iri];
        // `above` stops a cycle of the relation (a part of b, b part of a) from opening forever.
        if (open && kids) walk(kids.nodes, depth + 1, node.iri, new Set(above).add(node.iri), `${key}/${node.iri}`);
      }
    };
    walk(extraRoot.value ? [extraRoot.value, ...top] : top, 0, null, new Set(), '');
    return out;
  });

  const hiddenObsolete = computed(() => lists.value[ROOTS]?.hiddenObsolete ?? 0);
  /** The roots as loaded (with a relation: its edge and self-link counts). */
  const roots = computed(() => lists.value[ROOTS]);
  const rootsLoading = computed(() => !!loading.value[ROOTS]);

  return {
    relation,
    hierarchy,
    relations,
    rows,
    error,
    selected,
    outside,
    revealed,
    hiddenObsolete,
    roots,
    rootsLoading,
    resetIfOntologyChanged,
    load,
    toggle,
    setRelation,
    reveal,
  };
});
