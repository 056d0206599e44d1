import { isSubclassRelation } from '../../query/dialect/relations';

/** What a new action is, against the queries run so far. */
export type ActionCheck = 'new' | 'repeat' | 'trivial';

/**
 * Keeps a weak model from going round in circles. A repeated query is not run again; after it the
 * next step is sampled instead of greedy, and the repeated ASK's object (or, where that object is the
 * only concept on offer, its relation) is taken out of the next grammars. An "is a" ASK of a concept
 * and itself is always true: it is refused the same way.
 */
export class RepeatGuard {
  private readonly asked = new Set<string>();
  /** Repeats (and trivial asks) in a row since the last query that ran. */
  private streak = 0;
  readonly excludedObjects: string[] = [];
  readonly droppedRelations: string[] = [];

  get repeats(): number {
    return this.streak;
  }

  /** Classifies an action and updates the exclusions; `concepts` are the names the grammar offers now. */
  check(query: string, concepts: readonly string[]): ActionCheck {
    const key = query.replace(/\s+/g, ' ');
    const t = askTriple(query);
    if (this.asked.has(key)) {
      this.streak++;
      if (t) {
        if (concepts.some((c) => c !== t.o && !this.excludedObjects.includes(c))) this.excludedObjects.push(t.o);
        else if (!isSubclassRelation(t.r)) this.droppedRelations.push(t.r);
      }
      return 'repeat';
    }
    this.asked.add(key);
    if (t && t.s.toLowerCase() === t.o.toLowerCase() && isSubclassRelation(t.r)) {
      this.streak++;
      this.excludedObjects.push(t.o);
      return 'trivial';
    }
    this.streak = 0;
    return 'new';
  }
}

/** The names of an `ASK { "s" "r" "o" }` as written, or null for any other query. */
export function askTriple(query: string): { s: string; r: string; o: string } | null {
  const m = /^\s*ASK\s*\{\s*"([^"]+)"\s*"([^"]+)"\s*"([^"]+)"\s*\}\s*$/i.exec(query);
  return m ? { s: m[1].trim(), r: m[2].trim(), o: m[3].trim() } : null;
}
