import type { EntityRef, MarkedRelation } from '../../src-main/api/contract';

export interface InheritedGroup {
  via: EntityRef;
  rows: MarkedRelation[];
}

export interface RelationGroup {
  relation: EntityRef;
  /** Stated or inferred for the class itself. */
  direct: MarkedRelation[];
  /** Links of ancestors, by the ancestor they come from. */
  inherited: InheritedGroup[];
}

/**
 * A card's links grouped by relation: groups with a link of the class's own first, then those only
 * inherited, each by name. A link back to the class itself (or, for an inherited one, to the ancestor
 * it comes from) says nothing a reader needs and is left out; `hidden` counts them.
 */
export function groupRelations(
  rows: readonly MarkedRelation[],
  self: string,
): { groups: RelationGroup[]; hidden: number } {
  const by = new Map<string, RelationGroup>();
  let hidden = 0;
  for (const r of rows) {
    const fillerIri = r.filler.iri;
    if (fillerIri && (fillerIri === self || (r.source === 'inherited' && fillerIri === r.via?.iri))) {
      hidden++;
      continue;
    }
    const k = r.relation.iri ?? r.relation.name;
    let g = by.get(k);
    if (!g) by.set(k, (g = { relation: r.relation, direct: [], inherited: [] }));
    if (r.source !== 'inherited' || !r.via) {
      g.direct.push(r);
      continue;
    }
    const viaKey = r.via.iri ?? r.via.name;
    const h = g.inherited.find((x) => (x.via.iri ?? x.via.name) === viaKey);
    if (h) h.rows.push(r);
    else g.inherited.push({ via: r.via, rows: [r] });
  }
  const groups = [...by.values()].sort(
    (a, b) =>
      Number(!a.direct.length) - Number(!b.direct.length) ||
      a.relation.name.localeCompare(b.relation.name, 'en', { sensitivity: 'base' }),
  );
  return { groups, hidden };
}
