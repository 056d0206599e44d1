import { compareCodeUnits } from '../../core/compare';
import type { ClosureIndex } from '../../ontology/closure/closure-index';
import { partialClassesOf } from '../../ontology/closure/partial-classes';
import { holds, subjectsOfAll, type LinkedCondition } from './closure-queries';

export const SUBCLASS_OF = 'http://www.w3.org/2000/01/rdf-schema#subClassOf';

export interface FactEntity {
  iri: string;
  name: string;
  kind: 'class' | 'property' | 'subclass';
  deprecated: boolean;
  unsatisfiable: boolean;
}

/** One statement A ⊑ ∃r.B (or A ⊑ B when `relation` is rdfs:subClassOf), by IRIs. */
export interface IriStatement {
  subject: string;
  relation: string;
  filler: string;
}

/**
 * The closure's answers by IRI, for callers that already know which concepts they mean (a question
 * frame, a dataset item): no names are written out and linked back, so a label shared by two
 * classes, a re-worded option or a long answer list cannot change the answer, and no result cap
 * applies.
 */
export class ClosureFacts {
  constructor(private readonly ix: ClosureIndex) {}

  entity(iri: string): FactEntity | null {
    if (iri === SUBCLASS_OF) return { iri, name: 'is a', kind: 'subclass', deprecated: false, unsatisfiable: false };
    const id = this.ix.id(iri);
    if (id === undefined) return null;
    const kind = this.ix.kindOf[id];
    if (kind !== 'class' && kind !== 'property') return null;
    return {
      iri,
      name: this.ix.nameOf(id),
      kind,
      deprecated: this.ix.deprecated.has(id),
      unsatisfiable: this.ix.unsat.has(id),
    };
  }

  /** Whether the closure entails the statement; null when one of its IRIs is not a class or relation here. */
  holds(s: IriStatement): boolean | null {
    const a = this.classId(s.subject);
    const b = this.classId(s.filler);
    const r = this.condition(s.relation, b);
    if (a === null || r === null) return null;
    return holds(this.ix, a, r);
  }

  /**
   * Every satisfiable named class under `root` (owl:Thing when null) meeting all conditions, by IRI;
   * null when an IRI is unknown. Unbounded: the caller asked for the whole set.
   */
  subjects(root: string | null, conditions: { relation: string; filler: string }[]): string[] | null {
    const conds: LinkedCondition[] = [];
    if (root !== null) {
      const r = this.classId(root);
      if (r === null) return null;
      conds.push({ r: 'isa', b: r });
    }
    for (const c of conditions) {
      const b = this.classId(c.filler);
      const lc = this.condition(c.relation, b);
      if (lc === null) return null;
      conds.push(lc);
    }
    if (!conds.length) return null;
    return [...subjectsOfAll(this.ix, conds)]
      .filter((id) => !this.ix.deprecated.has(id))
      .map((id) => this.ix.iri(id))
      .sort();
  }

  /** Two IRIs that name one class (the same, or stated equivalent). */
  sameClass(a: string, b: string): boolean {
    if (a === b) return true;
    const x = this.classId(a);
    const y = this.classId(b);
    return (
      x !== null && y !== null && this.ix.isSubClassOf(x, y) && this.ix.isSubClassOf(y, x) && !this.ix.unsat.has(x)
    );
  }

  /**
   * The names of the classes an entailment of the statement could rest on that appear in axioms ELK
   * reads only in part (`partial`): its subject and the subject's superclasses, and its filler. Empty
   * when a "not entailed" for it is what the full ontology says as far as this can tell.
   */
  outsideEl(s: IriStatement, partial: ReadonlySet<string>): string[] {
    if (!partial.size) return [];
    const ix = this.ix;
    const ids = partialClassesOf(ix, (id) => partial.has(ix.iri(id)), this.classId(s.subject), this.classId(s.filler));
    return [...new Set(ids.map((id) => ix.nameOf(id)))].sort(compareCodeUnits);
  }

  /** Every class under any of the given ones (themselves included), by IRI. */
  below(iris: Iterable<string>): Set<string> {
    const out = new Set<string>();
    for (const iri of iris) {
      const id = this.classId(iri);
      if (id === null) continue;
      for (const d of this.ix.descendants(id)) if (this.ix.kindOf[d] === 'class') out.add(this.ix.iri(d));
    }
    return out;
  }

  /** Length of the longest path from a class up to a root: larger is more specific. */
  depth(iri: string): number {
    const id = this.classId(iri);
    return id === null ? 0 : this.ix.depth(id);
  }

  /** a ⊑ b between named classes (a class is under itself). */
  isSubClass(a: string, b: string): boolean {
    const x = this.classId(a);
    const y = this.classId(b);
    return x !== null && y !== null && this.ix.isSubClassOf(x, y);
  }

  /** r ⊑* s between relations ("is a" is under nothing but itself). */
  isSubProperty(r: string, s: string): boolean {
    if (r === s) return true;
    if (r === SUBCLASS_OF || s === SUBCLASS_OF) return false;
    const x = this.ix.id(r);
    const y = this.ix.id(s);
    return x !== undefined && y !== undefined && this.ix.superProperties(x).has(y);
  }

  private classId(iri: string): number | null {
    const id = this.ix.id(iri);
    return id !== undefined && this.ix.kindOf[id] === 'class' ? id : null;
  }

  private condition(relation: string, filler: number | null): LinkedCondition | null {
    if (filler === null) return null;
    if (relation === SUBCLASS_OF) return { r: 'isa', b: filler };
    const id = this.ix.id(relation);
    return id !== undefined && this.ix.kindOf[id] === 'property' ? { r: id, b: filler } : null;
  }
}
