import { oboCurie } from '../ontology/names/normalize';
import type { ServedOntology } from './served-ontologies';

export interface SearchHit {
  name: string;
  iri: string;
  /** The OBO CURIE (GO:0005634) when the IRI has one, else the IRI. */
  id: string;
  /** The name that matched: the label, or the synonym / ID the text was found under. */
  matched: string;
  matchKind: string;
  /** One parent by name, for context ("nucleus" under "intracellular organelle"). */
  parent: string | null;
  obsolete: boolean;
}

/** Names as the workbench's search box finds them: exact names, prefixes, then near misses. */
export function searchNames(o: ServedOntology, text: string, limit: number): SearchHit[] {
  const ix = o.handle.closure;
  return o.query.names.search(text, limit).map((x) => {
    const iri = ix.iri(x.id);
    const parents = (ix.parents[x.id] ?? []).map((p) => ix.nameOf(p)).sort();
    return {
      name: ix.nameOf(x.id),
      iri,
      id: oboCurie(iri) ?? iri,
      matched: x.matched,
      matchKind: x.matchKind,
      parent: parents[0] ?? null,
      obsolete: ix.deprecated.has(x.id),
    };
  });
}

export function searchText(text: string, hits: SearchHit[]): string {
  if (!hits.length) return `No concept name matches "${text}".`;
  const lines = hits.map((h) => {
    const via =
      h.matched !== h.name
        ? ` (matched ${h.matchKind === 'similar' ? 'a similar name' : `${h.matchKind}`} "${h.matched}")`
        : '';
    return `- ${h.name} [${h.id}]${via}${h.parent ? `, under ${h.parent}` : ''}${h.obsolete ? ', obsolete' : ''}`;
  });
  return `Concepts matching "${text}" (${hits.length}, best first):\n${lines.join('\n')}`;
}
