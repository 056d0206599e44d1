/**
 * An in-memory trigram candidate generator for misspelt names. Word-based BM25 misses a one-word
 * label with a typo in it; trigrams still share most of their grams with the intended name.
 */
export class TrigramIndex {
  private readonly postings = new Map<string, number[]>();
  private readonly gramCount: Uint16Array;

  constructor(private readonly names: readonly string[]) {
    this.gramCount = new Uint16Array(names.length);
    names.forEach((n, i) => {
      const grams = trigrams(n);
      this.gramCount[i] = Math.min(grams.size, 65535);
      for (const g of grams) {
        const list = this.postings.get(g);
        if (list) list.push(i);
        else this.postings.set(g, [i]);
      }
    });
  }

  /** Indices of the `limit` names sharing the most trigrams with `query`, by Jaccard overlap. */
  search(query: string, limit: number): number[] {
    const grams = trigrams(query);
    if (!grams.size) return [];
    const hits = new Map<number, number>();
    for (const g of grams) {
      for (const i of this.postings.get(g) ?? []) hits.set(i, (hits.get(i) ?? 0) + 1);
    }
    const scored: [number, number][] = [];
    for (const [i, c] of hits) scored.push([i, c / (grams.size + this.gramCount[i] - c)]);
    scored.sort((x, y) => y[1] - x[1]);
    return scored.slice(0, limit).map((s) => s[0]);
  }
}

export function trigrams(s: string): Set<string> {
  const padded = `  ${s} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}
