import type { ReviseChange } from '../dataset-types';
import type { ClassExpr } from './class-expression';
import { verbaliseRestriction, wordingFor, type NameOf } from './verbalise';

type Some = ClassExpr & { t: 'some' };

/** The bridge's answer to `reviseStrip`: the existential conjuncts it took out of each class's told axioms. */
export interface StripResult {
  classes: { iri: string; removed: (Some & { axiomKind: 'sub' | 'equiv' })[] }[];
  restrictionsRemoved: number;
  axiomsRemoved: number;
  axiomsRewritten: number;
  format: string;
}

/** Manchester-like text of a removed restriction, with names: "part of some (cell and has part some nucleus)". */
export function readableExpr(e: ClassExpr, nameOf: NameOf, nested = false): string {
  switch (e.t) {
    case 'class':
      return nameOf(e.iri);
    case 'some': {
      const s = `${nameOf(e.r)} some ${readableExpr(e.f, nameOf, true)}`;
      return nested ? `(${s})` : s;
    }
    case 'and': {
      const s = e.args.map((a) => readableExpr(a, nameOf, true)).join(' and ');
      return nested ? `(${s})` : s;
    }
    case 'other':
      return nested ? `(${e.text})` : e.text;
  }
}

/**
 * Each changed class's removed restrictions (as text, by label) and the sentences that replace them
 * in its definition, the wording chosen by `seed` and the concepts named by `namer`. A source may state one restriction twice (OBO: as
 * intersection_of and as relationship); it is one restriction to the reader and one sentence in the
 * definition, and `statedTwice` counts the repeats.
 */
export function definitionChanges(
  strip: StripResult,
  nameOf: NameOf,
  seed: number,
  /** The name each sentence calls a concept by (default: its label); see conceptNamer. */
  namer: (iri: string, where: string, at: number) => string = (iri) => nameOf(iri),
): { changes: ReviseChange[]; statedTwice: number } {
  let statedTwice = 0;
  // The bridge lists classes and restrictions in the JVM's hash order, which changes between runs;
  // sorted, the same seed writes the same sentences in the same order every time.
  const byKey =
    <T>(key: (x: T) => string) =>
    (a: T, b: T) =>
      key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
  const classes = [...strip.classes].sort(byKey((c) => c.iri));
  const changes: ReviseChange[] = classes.map((c) => {
    const subject = nameOf(c.iri);
    const removed: string[] = [];
    const added: string[] = [];
    const restrictions = c.removed.map((r) => ({ r, text: readableExpr(r, nameOf) })).sort(byKey((x) => x.text));
    for (const { r, text } of restrictions) {
      if (removed.includes(text)) {
        statedTwice++;
        continue;
      }
      removed.push(text);
      const at = added.length;
      const named = (iri: string) => namer(iri, c.iri, at);
      added.push(verbaliseRestriction(named(c.iri), r, nameOf, wordingFor(seed, c.iri, at), named));
    }
    return { iri: c.iri, name: subject, removed, added };
  });
  return { changes, statedTwice };
}
