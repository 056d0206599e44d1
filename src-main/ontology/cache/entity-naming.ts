import { compareCodeUnits } from '../../core/compare';
import type { Ann } from '../dump/dump-types';
import { iriFragment, normalizeName, oboCurie } from '../names/normalize';
import { ID_PROPS, LABEL_PROPS, RDFS_LABEL, SYNONYM_PROPS, type NameKind } from '../names/vocabulary';

export interface NameRow {
  kind: NameKind;
  text: string;
  norm: string;
}

/** English or untagged rdfs:label first, then any label, then skos:prefLabel, then the IRI. */
export function displayName(iri: string, anns: Ann[]): { name: string; source?: { p: string; v: string } } {
  const labels = anns.filter((a) => LABEL_PROPS.includes(a.p) && a.v.trim());
  // English (or untagged) beats the property: a Portuguese rdfs:label should lose to an English prefLabel.
  const rank = (a: Ann) => (!a.lang || a.lang.toLowerCase().startsWith('en') ? 0 : 2) + (a.p === RDFS_LABEL ? 0 : 1);
  // Ties go to the smallest text: the bridge lists annotations in hash order, which changes between
  // JVM runs, and names must not (envo.obo gives RO_0002211 both "regulates" and "regulates (processual)").
  const best = labels.sort(
    (x, y) =>
      rank(x) - rank(y) ||
      compareCodeUnits(x.v.trim(), y.v.trim()) ||
      compareCodeUnits(x.lang ?? '', y.lang ?? '') ||
      compareCodeUnits(x.p, y.p),
  )[0];
  if (best) return { name: best.v.trim(), source: { p: best.p, v: best.v } };
  return { name: iriFragment(iri) };
}

/** Every string a user or a model may use to mean this entity. */
export function nameRows(iri: string, name: string, anns: Ann[]): NameRow[] {
  const out: NameRow[] = [];
  const seen = new Set<string>();
  const add = (kind: NameKind, text: string) => {
    const t = text.trim();
    if (!t || t.length > 1000) return;
    const norm = normalizeName(t);
    const key = `${kind}\u0000${norm}`;
    if (!norm || seen.has(key)) return;
    seen.add(key);
    out.push({ kind, text: t, norm });
  };
  add('label', name);
  for (const a of anns) {
    if (a.ref) continue;
    if (LABEL_PROPS.includes(a.p)) add('label', a.v);
    const syn = SYNONYM_PROPS[a.p];
    if (syn) add(syn, a.v);
    const id = ID_PROPS[a.p];
    if (id) add(id, a.v);
  }
  const curie = oboCurie(iri);
  if (curie) add('id', curie);
  add('iri', iri);
  const fragment = iriFragment(iri);
  add('fragment', fragment);
  // Label-less ontologies name things in CamelCase; people and models write the words apart.
  const spaced = splitCamelCase(fragment);
  if (spaced !== fragment) add('fragment', spaced);
  return out;
}

/** `hasTopping` → `has Topping`, `HTTPServer2Node` → `HTTP Server2 Node`; other names are returned as they are. */
export function splitCamelCase(name: string): string {
  return name.replace(/(\p{Ll}|\p{N})(?=\p{Lu})/gu, '$1 ').replace(/(\p{Lu})(?=\p{Lu}\p{Ll})/gu, '$1 ');
}
