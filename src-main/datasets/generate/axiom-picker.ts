import type { Slot } from './dataset';
import type { SourceAxiom } from './gen-context';

/** An MCQ before its options are shuffled and keyed. */
export interface Draft {
  slot: Slot;
  ax: SourceAxiom;
  /** The correct options first (`correct` of them), then the wrong ones. */
  options: number[];
  correct: number;
  /** Further wrong-option candidates, for the reasoner to choose from (see proveDraft). */
  reserve: number[];
}

/** Why an axiom gave no question for a slot, from the earliest failure to the latest. */
export const REJECTS = ['relation', 'concept', 'options'] as const;
export type Reject = (typeof REJECTS)[number];

/**
 * Picks the source axiom each slot masks next, in one shuffled order per slot: a fresh axiom while
 * there is one, then axioms another slot already masked; a slot with none left is exhausted.
 */
export class AxiomPicker {
  readonly exhausted = new Set<Slot>();
  /** The furthest each axiom got, to explain an empty result. */
  readonly rejected = new Map<number, Reject>();
  private readonly cursor: Record<Slot, number> = { subject: 0, relation: 0, filler: 0 };
  private readonly deferred: Record<Slot, number[]> = { subject: [], relation: [], filler: [] };
  private readonly usedAxiom = new Set<number>();
  private readonly usedPair = new Set<string>();

  /**
   * `order` holds indexes of source axioms; `build` makes a draft of one for a slot, or says why not.
   * Without enough relations to name, the relation slot is exhausted from the start.
   */
  constructor(
    private readonly order: number[],
    private readonly relationsNamed: boolean,
    private readonly build: (i: number, slot: Slot) => Draft | Reject,
  ) {}

  take(slot: Slot): Draft | null {
    if (this.exhausted.has(slot)) return null;
    if (slot === 'relation' && !this.relationsNamed) {
      this.exhausted.add(slot);
      return null;
    }
    while (this.cursor[slot] < this.order.length) {
      const i = this.order[this.cursor[slot]++];
      if (this.usedAxiom.has(i)) {
        this.deferred[slot].push(i);
        continue;
      }
      const d = this.tryBuild(i, slot);
      if (d) {
        this.usedAxiom.add(i);
        this.usedPair.add(`${i}:${slot}`);
        return d;
      }
    }
    // Every axiom has been tried fresh: reuse axioms another slot already masked.
    while (this.deferred[slot].length) {
      const i = this.deferred[slot].shift()!;
      if (this.usedPair.has(`${i}:${slot}`)) continue;
      const d = this.tryBuild(i, slot);
      if (d) {
        this.usedPair.add(`${i}:${slot}`);
        return d;
      }
    }
    this.exhausted.add(slot);
    return null;
  }

  private tryBuild(i: number, slot: Slot): Draft | null {
    const d = this.build(i, slot);
    if (typeof d !== 'string') return d;
    const before = this.rejected.get(i);
    if (before === undefined || REJECTS.indexOf(d) > REJECTS.indexOf(before)) this.rejected.set(i, d);
    return null;
  }
}
