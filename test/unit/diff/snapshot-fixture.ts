import { SEP, type VersionSnapshot } from '../../../src-main/diff/version-snapshot';

export const OBO = 'http://purl.obolibrary.org/obo/';

/** A class of the fixtures: `GO_1` becomes an OBO PURL, anything with a colon is taken as an IRI. */
export const iri = (id: string) => (id.includes(':') ? id : OBO + id);

export interface SnapshotSpec {
  classes: Record<string, { name: string; deprecated?: boolean; unsat?: boolean }>;
  parents?: [string, string][];
  equivalences?: [string, string][];
  links?: [string, string, string][];
  /** Links entailed without being in `links` (redundant ones); `links` are entailed too. */
  alsoEntailed?: [string, string, string][];
  properties?: Record<string, string>;
}

/** A hand-written version, as snapshotOf would build it from a closure. */
export function snapshot(spec: SnapshotSpec): VersionSnapshot {
  const links = new Set((spec.links ?? []).map((l) => l.map(iri).join(SEP)));
  const entailed = new Set([...links, ...(spec.alsoEntailed ?? []).map((l) => l.map(iri).join(SEP))]);
  return {
    classes: new Map(
      Object.entries(spec.classes).map(([id, c]) => [
        iri(id),
        { name: c.name, deprecated: c.deprecated ?? false, unsat: c.unsat ?? false },
      ]),
    ),
    properties: new Map(Object.entries(spec.properties ?? {}).map(([id, n]) => [iri(id), n])),
    parents: new Set((spec.parents ?? []).map(([c, p]) => iri(c) + SEP + iri(p))),
    equivalences: new Set((spec.equivalences ?? []).map(([a, b]) => [iri(a), iri(b)].sort().join(SEP))),
    links,
    entails: (a, r, b) => entailed.has([a, r, b].join(SEP)),
  };
}
