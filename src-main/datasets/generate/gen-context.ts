import type { ClosureIndex } from '../../ontology/closure/closure-index';
import { normalizeName } from '../../ontology/names/normalize';
import { fragmentName } from '../../ontology/names/naming-policy';
import { LABEL_PROPS } from '../../ontology/names/vocabulary';
import type { OntologyHandle } from '../../ontology/ontology-handle';
import { NameLinker } from '../../query/linking/name-linker';
import { ElkGaps } from './elk-gaps';

const OWL_THING = 'http://www.w3.org/2002/07/owl#Thing';
const OWL_NOTHING = 'http://www.w3.org/2002/07/owl#Nothing';

/** A decomposed told axiom A ⊑ ∃r.B with named A and B (closure ids). */
export interface SourceAxiom {
  a: number;
  r: number;
  b: number;
}

/**
 * What the generators share: the closure, the decomposed axioms, and the filters that keep a class
 * or relation out of questions (obsolete, unsatisfiable, root-like, or a name that does not pick
 * exactly this entity, since a question that names an entity ambiguously cannot be answered exactly).
 */
/** Whose axioms questions are built from: the loaded file's own classes, or the whole imports closure. */
export type GenerateScope = 'main' | 'closure';

export class GenContext {
  readonly ix: ClosureIndex;
  readonly linker: NameLinker;
  /** Decomposed told axioms with a named filler, deduplicated, ordered by subject id, relation IRI, filler id. */
  readonly axioms: SourceAxiom[];
  /** The decomposed axioms of each subject: (r, B) pairs. */
  readonly statedBy = new Map<number, { r: number; b: number }[]>();
  /** Relations used in existential restrictions (told or in the closure), in IRI order. */
  readonly restrictionRelations: number[];
  /**
   * When most classes have a name of their own, a class known only by an identifier (a dangling
   * import such as "BFO_0000040") is kept out of questions: its "name" tells a reader nothing.
   */
  readonly requireLabels: boolean;
  /** Where a NOT ENTAILED may be a gap in what ELK read. */
  readonly gaps: ElkGaps;
  private readonly conceptOk = new Map<number, boolean>();
  private readonly rootLike = new Map<number, boolean>();
  private readonly relationOk = new Map<number, boolean>();
  private usableList: number[] | undefined;

  /**
   * `scope` main (the default): questions are built from the restrictions on the loaded file's own
   * classes; an imported class still serves as a filler, an option or an answer. closure: imported
   * classes' restrictions are question material too.
   */
  constructor(
    readonly handle: OntologyHandle,
    scope: GenerateScope = 'main',
    /** `leftOut`: relations no question may use (see relationsLeftOut). */
    private readonly leftOut: ReadonlySet<number> = new Set(),
  ) {
    this.ix = handle.closure;
    this.linker = new NameLinker(handle.names, this.ix);
    const ix = this.ix;
    const seen = new Set<string>();
    const axioms: SourceAxiom[] = [];
    // Properties are ordered by IRI, not id: the bridge lists them in hash order, so their ids change
    // between loads of the same file (class ids do not), and generation must not.
    const rows = handle.statedRestrictions().sort((p, q) => p[0] - q[0] || ix.compareIri(p[1], q[1]) || p[2] - q[2]);
    for (const [a, r, b] of rows) {
      if (ix.kindOf[a] !== 'class' || ix.kindOf[b] !== 'class' || ix.kindOf[r] !== 'property') continue;
      if (scope === 'main' && handle.termSource(ix.iri(a)) !== null) continue;
      if (leftOut.has(r)) continue;
      if (ix.unsat.has(a) || ix.unsat.has(b) || ix.deprecated.has(a) || ix.deprecated.has(b) || ix.deprecated.has(r))
        continue;
      const key = `${a} ${r} ${b}`;
      if (seen.has(key)) continue;
      seen.add(key);
      axioms.push({ a, r, b });
      const list = this.statedBy.get(a);
      if (list) list.push({ r, b });
      else this.statedBy.set(a, [{ r, b }]);
    }
    this.axioms = axioms;
    const rels = new Set<number>();
    for (const ax of axioms) rels.add(ax.r);
    for (const r of handle.linkRelations()) rels.add(r);
    this.restrictionRelations = [...rels]
      .filter((r) => ix.kindOf[r] === 'property' && !leftOut.has(r))
      .sort(ix.compareIri);
    const labelled = handle.annotatedWith(LABEL_PROPS);
    this.labelled = new Set(labelled);
    let classes = 0;
    let withLabel = 0;
    for (let id = 1; id < ix.kindOf.length; id++) {
      if (ix.kindOf[id] !== 'class') continue;
      classes++;
      if (this.hasLabel(id)) withLabel++;
    }
    this.requireLabels = classes > 0 && withLabel / classes >= 0.5;
    this.gaps = new ElkGaps(ix, handle.outsideEl(), handle.unloadedImports());
  }

  private readonly labelled: Set<number>;
  private readonly readableIri = new Map<number, boolean>();

  /**
   * The entity has a name of its own: a label, or an IRI made of words (pizza's `hasTopping`, named
   * "has topping"), not an identifier such as `BFO_0000040`.
   */
  hasLabel(id: number): boolean {
    if (this.labelled.has(id)) return true;
    let readable = this.readableIri.get(id);
    if (readable === undefined) {
      readable = fragmentName(this.ix.iri(id)).readable;
      this.readableIri.set(id, readable);
    }
    return readable;
  }

  /** Every non-deprecated object property, in IRI order. */
  allRelations(): number[] {
    const out: number[] = [];
    for (let id = 1; id < this.ix.kindOf.length; id++)
      if (this.ix.kindOf[id] === 'property' && !this.ix.deprecated.has(id)) out.push(id);
    return out.sort(this.ix.compareIri);
  }

  /**
   * A top of a hierarchy: a class with children but no parent that could be named in a question
   * (none at all, or only unlabelled, obsolete or unsatisfiable ones). Too general to be an option or
   * a condition filler; the candidates for the default OQ root.
   */
  isRootLike(id: number): boolean {
    const hit = this.rootLike.get(id);
    if (hit !== undefined) return hit;
    const ix = this.ix;
    const iri = ix.iri(id);
    const speakable = (p: number) =>
      !ix.unsat.has(p) && !ix.deprecated.has(p) && (!this.requireLabels || this.hasLabel(p));
    const top =
      iri === OWL_THING ||
      iri === OWL_NOTHING ||
      ((ix.children[id] ?? []).some((c) => ix.kindOf[c] === 'class') && !this.namedParents(id).some(speakable));
    this.rootLike.set(id, top);
    return top;
  }

  /** The name picks exactly this entity (no ambiguity, no other entity wins the tie). */
  uniquelyNamed(id: number): boolean {
    const hit = this.conceptOk.get(id);
    if (hit !== undefined) return hit;
    const name = this.ix.nameOf(id);
    const link = name.trim() && (!this.requireLabels || this.hasLabel(id)) ? this.linker.linkConcept(name) : null;
    const ok = !!link && link.status === 'ok' && link.entity.id === id;
    this.conceptOk.set(id, ok);
    return ok;
  }

  /** A satisfiable, non-obsolete named class whose name is unambiguous. */
  nameable(id: number): boolean {
    const ix = this.ix;
    return ix.kindOf[id] === 'class' && !ix.unsat.has(id) && !ix.deprecated.has(id) && this.uniquelyNamed(id);
  }

  /** May appear as an option or a condition filler: nameable and not root-like. */
  usable(id: number): boolean {
    return this.nameable(id) && !this.isRootLike(id);
  }

  relationUsable(id: number): boolean {
    const hit = this.relationOk.get(id);
    if (hit !== undefined) return hit;
    const ix = this.ix;
    let ok = ix.kindOf[id] === 'property' && !ix.deprecated.has(id) && !this.leftOut.has(id);
    if (ok && this.requireLabels && !this.hasLabel(id)) ok = false;
    if (ok) {
      const link = this.linker.linkRelation(ix.nameOf(id));
      ok = link.status === 'ok' && link.entity.id === id;
    }
    this.relationOk.set(id, ok);
    return ok;
  }

  /**
   * Every class that could be a random option: satisfiable, non-obsolete, not root-like. Names are
   * checked when a class is drawn (checking all of them up front costs a lookup per class).
   */
  candidateClasses(): number[] {
    if (!this.usableList) {
      const ix = this.ix;
      const out: number[] = [];
      for (let id = 1; id < ix.kindOf.length; id++) {
        if (ix.kindOf[id] === 'class' && !ix.unsat.has(id) && !ix.deprecated.has(id) && !this.isRootLike(id))
          out.push(id);
      }
      this.usableList = out;
    }
    return this.usableList;
  }

  /**
   * In id order: the cache keeps parents in the order the bridge listed them, which follows ELK's hash
   * sets and changes between JVM runs, and generation must not depend on it.
   */
  namedChildren(id: number): number[] {
    return this.named(this.childMemo, this.ix.children, id);
  }

  namedParents(id: number): number[] {
    return this.named(this.parentMemo, this.ix.parents, id);
  }

  private readonly childMemo = new Map<number, number[]>();
  private readonly parentMemo = new Map<number, number[]>();

  private named(memo: Map<number, number[]>, edges: number[][], id: number): number[] {
    const hit = memo.get(id);
    if (hit) return hit;
    const out = (edges[id] ?? []).filter((x) => this.ix.kindOf[x] === 'class').sort((x, y) => x - y);
    memo.set(id, out);
    return out;
  }

  /** x, then up to `levels` levels of direct parents (or children), nearest first, no duplicates. */
  within(id: number, levels: number, dir: 'up' | 'down'): number[] {
    const out = [id];
    const seen = new Set(out);
    let frontier = [id];
    for (let l = 0; l < levels; l++) {
      const next: number[] = [];
      for (const x of frontier) {
        for (const y of dir === 'up' ? this.namedParents(x) : this.namedChildren(x)) {
          if (!seen.has(y)) {
            seen.add(y);
            out.push(y);
            next.push(y);
          }
        }
      }
      frontier = next;
    }
    return out;
  }

  /** Other children of x's parents. */
  siblings(id: number): number[] {
    const out = new Set<number>();
    for (const p of this.namedParents(id)) for (const c of this.namedChildren(p)) if (c !== id) out.add(c);
    return [...out].sort((x, y) => x - y);
  }

  normName(id: number): string {
    return normalizeName(this.ix.nameOf(id));
  }
}
