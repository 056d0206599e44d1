import difflib from 'difflib';

/** Ratcliff/Obershelp "gestalt" similarity in [0, 1], as Python's difflib computes it. */
export function gestaltSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (!a.length || !b.length) return 0;
  return new difflib.SequenceMatcher(null, a, b).ratio();
}

/**
 * An upper bound of gestaltSimilarity(query, x) for many x: difflib's quick_ratio, the characters
 * the two share counted as a multiset. Ranking a pool of hundreds of names, the full matcher need
 * only run on the names whose bound can still reach the top.
 */
export class SimilarityBound {
  private readonly counts = new Map<number, number>();

  constructor(private readonly query: string) {
    for (let i = 0; i < query.length; i++) {
      const c = query.charCodeAt(i);
      this.counts.set(c, (this.counts.get(c) ?? 0) + 1);
    }
  }

  of(x: string): number {
    if (x === this.query) return 1;
    if (!x.length || !this.query.length) return 0;
    const left = new Map<number, number>();
    let shared = 0;
    for (let i = 0; i < x.length; i++) {
      const c = x.charCodeAt(i);
      const n = left.get(c) ?? this.counts.get(c) ?? 0;
      left.set(c, n - 1);
      if (n > 0) shared++;
    }
    return (2 * shared) / (x.length + this.query.length);
  }
}
