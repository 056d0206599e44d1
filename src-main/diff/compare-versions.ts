import { compareCodeUnits } from '../core/compare';
import { iriFragment, oboCurie } from '../ontology/names/normalize';
import type { DiffChange, DiffEntity } from './diff-types';
import { inNamespaces } from './namespace-filter';
import { SEP, type ClassFacts, type VersionSnapshot } from './version-snapshot';

/** The elements of `a` not in `b`, sorted by code units (tab-joined tuples then sort as tuples). */
export function minus(a: Iterable<string>, b: { has(x: string): boolean }): string[] {
  const out: string[] = [];
  for (const x of a) if (!b.has(x)) out.push(x);
  return out.sort(compareCodeUnits);
}

/** Names entities as a report does: from the new version where the entity is still there (release notes speak its language). */
export function entityRefs(before: VersionSnapshot, after: VersionSnapshot): (iri: string) => DiffEntity {
  const refs = new Map<string, DiffEntity>();
  return (iri: string): DiffEntity => {
    let r = refs.get(iri);
    if (!r) {
      const name =
        after.classes.get(iri)?.name ??
        before.classes.get(iri)?.name ??
        after.properties.get(iri) ??
        before.properties.get(iri) ??
        iriFragment(iri);
      refs.set(iri, (r = { iri, curie: oboCurie(iri), name }));
    }
    return r;
  };
}

/**
 * Every change from `before` to `after`, in the report's order (diff-types.ts). A change is kept when
 * its class is in one of `prefixes` (for an equivalence, either class); no prefixes keep everything.
 */
export function compareVersions(
  before: VersionSnapshot,
  after: VersionSnapshot,
  prefixes: string[] = [],
): DiffChange[] {
  const ref = entityRefs(before, after);
  const keep = (iri: string) => inNamespaces(iri, prefixes);
  const out: DiffChange[] = [];
  const whereBoth = (test: (b: ClassFacts, a: ClassFacts) => boolean) =>
    [...after.classes.keys()]
      .filter((iri) => {
        const b = before.classes.get(iri);
        return b !== undefined && keep(iri) && test(b, after.classes.get(iri)!);
      })
      .sort(compareCodeUnits);

  for (const iri of minus(after.classes.keys(), before.classes))
    if (keep(iri)) out.push({ kind: 'class-added', class: ref(iri) });
  for (const iri of minus(before.classes.keys(), after.classes))
    if (keep(iri)) out.push({ kind: 'class-removed', class: ref(iri) });
  for (const iri of whereBoth((b, a) => !b.deprecated && a.deprecated))
    out.push({ kind: 'class-obsoleted', class: ref(iri) });
  for (const iri of whereBoth((b, a) => b.deprecated && !a.deprecated))
    out.push({ kind: 'class-unobsoleted', class: ref(iri) });
  for (const iri of whereBoth((b, a) => b.name !== a.name)) {
    out.push({
      kind: 'label-changed',
      class: ref(iri),
      old: before.classes.get(iri)!.name,
      new: after.classes.get(iri)!.name,
    });
  }
  const pairs = (kind: 'parent-added' | 'parent-removed', keys: string[]) => {
    for (const k of keys) {
      const [c, p] = k.split(SEP);
      if (keep(c)) out.push({ kind, class: ref(c), parent: ref(p) });
    }
  };
  pairs('parent-added', minus(after.parents, before.parents));
  pairs('parent-removed', minus(before.parents, after.parents));
  const links = (kind: 'link-added' | 'link-removed', keys: string[], other: VersionSnapshot) => {
    for (const k of keys) {
      const [c, r, f] = k.split(SEP);
      if (keep(c))
        out.push({ kind, class: ref(c), relation: ref(r), filler: ref(f), bothEntail: other.entails(c, r, f) });
    }
  };
  links('link-added', minus(after.links, before.links), before);
  links('link-removed', minus(before.links, after.links), after);
  const equivalences = (kind: 'equivalence-added' | 'equivalence-removed', keys: string[]) => {
    for (const k of keys) {
      const [c, o] = k.split(SEP);
      if (keep(c) || keep(o)) out.push({ kind, class: ref(c), other: ref(o) });
    }
  };
  equivalences('equivalence-added', minus(after.equivalences, before.equivalences));
  equivalences('equivalence-removed', minus(before.equivalences, after.equivalences));
  const unsatOf = (s: VersionSnapshot) => new Set([...s.classes].filter(([, f]) => f.unsat).map(([iri]) => iri));
  const unsatBefore = unsatOf(before);
  const unsatAfter = unsatOf(after);
  for (const iri of minus(unsatAfter, unsatBefore))
    if (keep(iri)) out.push({ kind: 'unsatisfiable-gained', class: ref(iri) });
  for (const iri of minus(unsatBefore, unsatAfter))
    if (keep(iri)) out.push({ kind: 'unsatisfiable-lost', class: ref(iri) });
  return out;
}
