import type { TreeChildren } from '../../src-main/api/contract';

/**
 * Why a relation's hierarchy shows no class, from its roots' counts. The Cell Ontology's eye slim has
 * "is anatomical entity (678)" and nothing under it: each of those links relates a class to itself
 * (anatomical entity ≡ is anatomical entity some Self), and a link to oneself is no edge of a tree.
 */
export function relationEmptyNote(relation: string, roots: TreeChildren | undefined): string | null {
  if (!roots || roots.relation === null || roots.nodes.length) return null;
  const self = roots.selfLinks ?? 0;
  const edges = roots.edges ?? 0;
  if (!edges && self)
    return `Every “${relation}” link relates a class to itself (${self} ${self === 1 ? 'class' : 'classes'}, A ⊑ ${relation} some A, as “${relation} some Self” states), and no link joins two classes, so there is no hierarchy to draw. The cards show these links.`;
  if (edges)
    return `The direct “${relation}” links (${edges}) form cycles only: every class in them has a parent, so no class starts the hierarchy.`;
  return `No class has a “${relation}” link of its own (every one is inherited from a superclass or implied by another link), so there is no hierarchy to draw.`;
}
