import type { Ann } from '../dump/dump-types';
import { iriFragment, normalizeName, oboCurie } from '../names/normalize';
import {
  bestName,
  DEFAULT_NAMING,
  isOpaqueId,
  splitCamelCase,
  type BestName,
  type NameSource,
  type NamingOptions,
} from '../names/naming-policy';
import { ID_PROPS, LABEL_PROPS, SYNONYM_PROPS, type NameKind } from '../names/vocabulary';

export interface NameRow {
  kind: NameKind;
  text: string;
  norm: string;
}

/** An entity's display name under the naming policy (names/naming-policy.ts). */
export function displayName(iri: string, anns: Ann[], naming: NamingOptions = DEFAULT_NAMING): BestName {
  return bestName(iri, anns, naming);
}

/**
 * Every string a user or a model may use to mean this entity. The display name is indexed under the
 * kind it came from: a name made from the IRI is a 'fragment' (or 'id') name, not a label.
 */
export function nameRows(iri: string, name: string, anns: Ann[], from: NameSource = 'label'): NameRow[] {
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
  add(from === 'fragment' ? 'fragment' : from === 'id' ? 'id' : 'label', name);
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
  // `GO_0005634` is an identifier, not a name: search finds it as an ID, never as a near-miss name.
  add(isOpaqueId(fragment) ? 'id' : 'fragment', fragment);
  // Label-less ontologies name things in CamelCase; people and models write the words apart.
  const spaced = splitCamelCase(fragment);
  if (spaced !== fragment) add('fragment', spaced);
  return out;
}

export { splitCamelCase };
