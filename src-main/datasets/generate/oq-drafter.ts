import { MAX_UNSURE } from './elk-gaps';
import type { GenContext } from './gen-context';
import { answerSet, sampleConditions, unsureMembers, type Condition, type ConditionPool } from './oq-conditions';

/** Random orders tried per seed concept to find n mutually non-subsuming conditions. */
const ATTEMPTS_PER_SEED = 8;

/** An open question before it is worded: its seed concept, conditions and gold answers. */
export interface OqDraft {
  seed: number;
  conds: Condition[];
  answers: number[];
  /** Members that might be answers too (unsureMembers). */
  unsure: number[];
  n: number;
  /** More members might be answers than could be listed (MAX_UNSURE): the answers are not complete. */
  unlisted?: boolean;
  /** Those members, for a reasoner to decide some of (unlisted questions only). */
  candidates?: number[];
}

/**
 * Drafts open questions with n conditions, walking the shuffled seeds once per n: a seed's sampled
 * conditions must all be entailed for it, new as a set, and have no more answers than allowed. A
 * count whose seeds are used up is exhausted.
 */
export class OqDrafter {
  readonly drafts: OqDraft[] = [];
  readonly exhausted = new Set<number>();
  /** Drafts made per number of conditions. */
  readonly made: Map<number, number>;
  /** The most mutually non-subsuming conditions any seed gave, to explain a shortfall. */
  mostConditions = 0;
  private readonly cursor: Map<number, number>;
  private readonly seenKeys = new Set<string>();
  /** Members under a class named in an axiom outside OWL 2 EL (ElkGaps.underPartial). */
  private readonly underPartial: number[];

  constructor(
    private readonly ctx: GenContext,
    private readonly pool: ConditionPool,
    private readonly seeds: number[],
    private readonly members: ReadonlySet<number>,
    counts: number[],
    private readonly maxAnswers: number,
    private readonly rand: () => number,
  ) {
    this.cursor = new Map(counts.map((n) => [n, 0]));
    this.made = new Map(counts.map((n) => [n, 0]));
    this.underPartial = [...members].filter((m) => ctx.gaps.underPartial(m));
  }

  /** Drafts one question with n conditions; false once no seed is left for n. */
  take(n: number): boolean {
    if (this.exhausted.has(n)) return false;
    while (this.cursor.get(n)! < this.seeds.length) {
      const seed = this.seeds[this.cursor.get(n)!];
      this.cursor.set(n, this.cursor.get(n)! + 1);
      const conds = this.pool.of(seed);
      if (conds.length < 2) continue;
      for (let t = 0; t < ATTEMPTS_PER_SEED; t++) {
        const chosen = sampleConditions(this.ctx, conds, n, this.rand);
        this.mostConditions = Math.max(this.mostConditions, chosen.length);
        if (chosen.length < n) {
          if (conds.length < n) break;
          continue;
        }
        if (this.tryDraft(seed, chosen, n)) return true;
      }
    }
    this.exhausted.add(n);
    return false;
  }

  private tryDraft(seed: number, chosen: Condition[], n: number): boolean {
    const key = chosen
      .map((c) => `${c.r}:${c.b}`)
      .sort()
      .join('|');
    if (this.seenKeys.has(key) || !chosen.every((c) => this.ctx.ix.isEntailed(seed, c.r, c.b))) return false;
    const answers = answerSet(this.ctx, this.members, chosen);
    if (answers.length > this.maxAnswers) return false;
    this.seenKeys.add(key);
    let unsure = unsureMembers(this.ctx, this.members, chosen, answers, this.underPartial);
    const unlisted = unsure.length > MAX_UNSURE;
    const candidates = unsure;
    if (unlisted) {
      this.ctx.gaps.counts.oqUnlisted++;
      unsure = [];
    } else if (unsure.length) this.ctx.gaps.counts.oq++;
    this.drafts.push({ seed, conds: chosen, answers, unsure, n, ...(unlisted ? { unlisted, candidates } : {}) });
    this.made.set(n, this.made.get(n)! + 1);
    return true;
  }
}
