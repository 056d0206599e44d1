import { createRequire } from 'node:module';

type Difflib = typeof import('difflib');
let difflib: Difflib | undefined;

/** Ratcliff/Obershelp "gestalt" similarity in [0, 1], as Python's difflib computes it. */
export function gestaltSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (!a.length || !b.length) return 0;
  // Required at first use (~25 ms): most runs rank names by exact and prefix matches alone.
  difflib ??= createRequire(import.meta.url)('difflib') as Difflib;
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

/**
 * 1 − (optimal string alignment distance ÷ the longer length): Levenshtein with the swap of two
 * neighbouring characters as one edit. Typos are mostly one such edit, which gestalt similarity
 * does not see: it rates "nucelus" closer to "nucleolus" than to "nucleus".
 */
export function editSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const n = a.length;
  const m = b.length;
  if (!n || !m) return 0;
  let prev2 = new Int32Array(m + 1);
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(j - 1);
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = d;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return 1 - prev[m] / Math.max(n, m);
}
