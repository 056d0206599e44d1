import { isOpaqueId } from '../../ontology/names/naming-policy';
import type { OntologyHandle } from '../../ontology/ontology-handle';
import type { Lexicon } from './mentions';

/** Names that say what a thing is: labels, exact synonyms, readable IRI fragments and IDs (not related or broad synonyms). */
const READABLE = new Set(['label', 'exact', 'id', 'iri']);

/** The frame reader's view of an opened ontology's names (memoised: a scan looks up many word runs). */
export function handleLexicon(h: OntologyHandle): Lexicon {
  const memo = new Map<string, ReturnType<Lexicon['exact']>>();
  let relations: ReturnType<Lexicon['relationNames']> | undefined;
  return {
    exact(norm) {
      let hit = memo.get(norm);
      if (!hit) {
        const seen = new Set<string>();
        hit = [];
        for (const e of h.lookup(norm)) {
          if (e.deprecated || (e.kind !== 'class' && e.kind !== 'property') || seen.has(e.iri)) continue;
          if (!READABLE.has(e.matchKind) && !(e.matchKind === 'fragment' && !isOpaqueId(e.matched))) continue;
          seen.add(e.iri);
          hit.push({ iri: e.iri, name: e.name, kind: e.kind });
        }
        if (memo.size > 5000) memo.clear();
        memo.set(norm, hit);
      }
      return hit;
    },
    relationNames() {
      return (relations ??= h.relationNames());
    },
  };
}
