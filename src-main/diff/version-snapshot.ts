import type { ClosureIndex } from '../ontology/closure/closure-index';
import { namedLinks } from '../ontology/closure/named-links';

export interface ClassFacts {
  name: string;
  deprecated: boolean;
  unsat: boolean;
}

/**
 * What a diff compares of one version, keyed by IRIs: closure ids are per load, IRIs are not. Each
 * relation is a set of tab-joined IRI tuples, so a change kind is a plain set difference.
 */
export interface VersionSnapshot {
  /** Named classes (fillers and properties left out). */
  classes: Map<string, ClassFacts>;
  /** Names of the properties links use. */
  properties: Map<string, string>;
  /** `child \t parent`: inferred direct named superclasses. */
  parents: Set<string>;
  /** `a \t b` with a < b in code-unit order. */
  equivalences: Set<string>;
  /** `a \t r \t b`: the non-redundant entailed links A ⊑ ∃r.B with named B (ontology/closure/named-links.ts). */
  links: Set<string>;
  /** Whether this version entails A ⊑ ∃r.B (IRIs), redundant or not; false when one of them is unknown. */
  entails(a: string, r: string, b: string): boolean;
}

export const SEP = '\t';

export function snapshotOf(ix: ClosureIndex): VersionSnapshot {
  const snap: VersionSnapshot = {
    classes: new Map(),
    properties: new Map(),
    parents: new Set(),
    equivalences: new Set(),
    links: new Set(),
    entails(a, r, b) {
      const [x, y, z] = [ix.id(a), ix.id(r), ix.id(b)];
      return x !== undefined && y !== undefined && z !== undefined && ix.isEntailed(x, y, z);
    },
  };
  const isClass = (id: number) => ix.kindOf[id] === 'class';
  for (let id = 1; id < ix.iriOf.length; id++) {
    if (!isClass(id)) continue;
    const iri = ix.iri(id);
    snap.classes.set(iri, { name: ix.nameOf(id), deprecated: ix.deprecated.has(id), unsat: ix.unsat.has(id) });
    for (const p of ix.parents[id] ?? []) if (isClass(p)) snap.parents.add(iri + SEP + ix.iri(p));
    for (const e of ix.equivalents[id] ?? []) {
      if (!isClass(e)) continue;
      const other = ix.iri(e);
      if (other !== iri) snap.equivalences.add(iri < other ? iri + SEP + other : other + SEP + iri);
    }
    for (const l of namedLinks(ix, id)) {
      const r = ix.iri(l.r);
      snap.links.add(iri + SEP + r + SEP + ix.iri(l.b));
      if (!snap.properties.has(r)) snap.properties.set(r, ix.nameOf(l.r));
    }
  }
  return snap;
}
