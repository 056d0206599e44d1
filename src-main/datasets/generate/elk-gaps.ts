import { compareCodeUnits } from '../../core/compare';
import { fewOf } from '../../core/few-of';
import type { ClosureIndex } from '../../ontology/closure/closure-index';
import { partialClassesOf } from '../../ontology/closure/partial-classes';

/**
 * The most unsettled members an open question lists (see unsureMembers in oq-conditions.ts). Beyond it
 * the list would swamp the item (ENVO's root "continuant" is a union: every class lies under it), so
 * none is listed and the run's warning counts the question instead.
 */
export const MAX_UNSURE = 20;

/**
 * Where the closure's NOT ENTAILED may be a gap in what ELK read rather than the ontology's answer,
 * for one generation run: the classes named in axioms outside OWL 2 EL and the imports never loaded,
 * and the counts of items that list such statements as `unsure`, for the run's warning.
 */
export class ElkGaps {
  /** Items listing `unsure` options or members, and OQs with too many to list. */
  readonly counts = { mcq: 0, mcqNoSureWrong: 0, oq: 0, oqUnlisted: 0, mcqDeadline: 0 };
  private readonly partial = new Set<number>();
  private readonly partialAbove = new Map<number, boolean>();

  constructor(
    private readonly ix: ClosureIndex,
    partialIris: Iterable<string>,
    private readonly unloadedImports: string[],
  ) {
    for (const iri of partialIris) {
      const id = ix.id(iri);
      if (id !== undefined) this.partial.add(id);
    }
  }

  /**
   * Whether the closure's NOT ENTAILED for a ⊑ ∃r.b (or a ⊑ b) may be a gap (partialClassesOf, the
   * rule the answer checks use); generation lists such a statement in the item's `unsure`, so no score
   * rests on it.
   */
  unsure(a: number, b: number): boolean {
    return this.partial.has(b) || this.underPartial(a);
  }

  /** a or one of its superclasses is named in an axiom outside OWL 2 EL (see `unsure`). */
  underPartial(a: number): boolean {
    if (!this.partial.size) return false;
    let hit = this.partialAbove.get(a);
    if (hit === undefined) {
      hit = partialClassesOf(this.ix, (id) => this.partial.has(id), a, null).length > 0;
      this.partialAbove.set(a, hit);
    }
    return hit;
  }

  /** b is named in an axiom outside OWL 2 EL (see `unsure`). */
  partialFiller(b: number): boolean {
    return this.partial.has(b);
  }

  /** The classes `unsure` looks for, by name, for messages. */
  partialNames(): string[] {
    return [...this.partial].map((id) => this.ix.nameOf(id)).sort(compareCodeUnits);
  }

  /** What the run's gold answers could not rest on: classes ELK reads only in part, and imports never loaded. */
  warnings(): string[] {
    const out: string[] = [];
    const { mcq, mcqNoSureWrong: none, oq, oqUnlisted } = this.counts;
    const parts = [];
    if (mcq) parts.push(`${mcq} MCQ${mcq === 1 ? ' has wrong options' : 's have wrong options'}`);
    if (oq) parts.push(`${oq} open question${oq === 1 ? ' has' : 's have'} non-answers`);
    const said: string[] = [];
    if (parts.length)
      said.push(
        `${parts.join(' and ')} that ELK cannot rule out (listed as "unsure"; choosing one earns no credit: the item is undetermined).`,
      );
    if (none)
      said.push(
        `${none} of the MCQs ${none === 1 ? 'has' : 'have'} no wrong option ELK can vouch for: no answer can be correct beyond choosing exactly the gold options.`,
      );
    if (oqUnlisted)
      said.push(
        `${oqUnlisted} open question${oqUnlisted === 1 ? '' : 's'} may miss answers ELK cannot see (more than ${MAX_UNSURE} candidates each, not listed).`,
      );
    if (said.length)
      out.push(
        `${said.join(' ')} Axioms about ${fewOf(this.partialNames())} use constructs outside OWL 2 EL that ELK ignores.`,
      );
    const late = this.counts.mcqDeadline;
    if (late)
      out.push(
        `${late} MCQ${late === 1 ? ' has' : 's have'} wrong options no reasoner settled within the deadline (listed as "unsure"; choosing one earns no credit: the item is undetermined).`,
      );
    const imports = this.unloadedImports;
    if (imports.length) {
      out.push(
        `The ontology imports ${fewOf(imports)}, which could not be loaded: the gold answers come from the closure without ${imports.length === 1 ? 'it' : 'them'}, so a wrong option or a missing answer may in fact hold.`,
      );
    }
    return out;
  }
}
