import { isOpaqueId } from '../../ontology/names/naming-policy';
import type { OntologyHandle } from '../../ontology/ontology-handle';
import type { Lexicon } from './mentions';
import { plainForm } from './verb-forms';

/** Names that say what a thing is: labels, exact synonyms, readable IRI fragments and IDs (not related or broad synonyms). */
const READABLE = new Set(['label', 'exact', 'id', 'iri']);

/** The frame reader's view of an opened ontology's names (memoised: a scan looks up many word runs). */
export function handleLexicon(h: OntologyHandle): Lexicon {
  const memo = new Map<string, ReturnType<Lexicon['exact']>>();
  let relations: ReturnType<Lexicon['relationNames']> | undefined;
  let plain: Map<string, ReturnType<Lexicon['exact']>> | undefined;
  const relationNames = () => (relations ??= h.relationNames());
  const named = (norm: string): ReturnType<Lexicon['exact']> => {
    const seen = new Set<string>();
    const hit: ReturnType<Lexicon['exact']> = [];
    for (const e of h.lookup(norm)) {
      if (e.deprecated || (e.kind !== 'class' && e.kind !== 'property') || seen.has(e.iri)) continue;
      if (!READABLE.has(e.matchKind) && !(e.matchKind === 'fragment' && !isOpaqueId(e.matched))) continue;
      seen.add(e.iri);
      hit.push({ iri: e.iri, name: e.name, kind: e.kind });
    }
    return hit;
  };
  return {
    exact(norm) {
      let hit = memo.get(norm);
      if (!hit) {
        hit = named(norm);
        // "does X develop from": a relation by the plain form of its name, when nothing has that name.
        if (!hit.length) hit = (plain ??= plainForms(relationNames(), named)).get(norm) ?? [];
        if (memo.size > 5000) memo.clear();
        memo.set(norm, hit);
      }
      return hit;
    },
    relationNames,
  };
}

/** Each relation name's plain form, unless two relations share it or something is already named so. */
function plainForms(
  relations: ReturnType<Lexicon['relationNames']>,
  named: (norm: string) => ReturnType<Lexicon['exact']>,
): Map<string, ReturnType<Lexicon['exact']>> {
  const out = new Map<string, ReturnType<Lexicon['exact']>>();
  const clash = new Set<string>();
  for (const r of relations) {
    const p = plainForm(r.norm);
    if (!p || clash.has(p)) continue;
    const prev = out.get(p);
    if (prev && prev[0].iri !== r.iri) {
      clash.add(p);
      out.delete(p);
    } else if (!prev && !named(p).length) out.set(p, [{ iri: r.iri, name: r.name, kind: 'property' }]);
  }
  return out;
}
