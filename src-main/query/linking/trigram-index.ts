/**
 * An in-memory trigram candidate generator for misspelt names. Word-based BM25 misses a one-word
 * label with a typo in it; trigrams still share most of their grams with the intended name.
 *
 * Postings are flat typed arrays and counting reuses one array: common grams ("ion", "of ") touch
 * most of a 50k-class ontology's names, which a Map of counts made cost ~30 ms per lookup.
 */
export class TrigramIndex {
  private readonly gramIds = new Map<string, number>();
  private readonly postingStart: Int32Array;
  private readonly postings: Int32Array;
  private readonly gramCount: Uint16Array;
  private readonly counts: Uint16Array;
  private readonly touched: Int32Array;

  constructor(names: readonly string[]) {
    this.gramCount = new Uint16Array(names.length);
    const perName: number[][] = names.map((n, i) => {
      const grams = trigrams(n);
      this.gramCount[i] = Math.min(grams.size, 65535);
      return [...grams].map((g) => {
        let id = this.gramIds.get(g);
        if (id === undefined) this.gramIds.set(g, (id = this.gramIds.size));
        return id;
      });
    });
    const sizes = new Int32Array(this.gramIds.size + 1);
    for (const ids of perName) for (const g of ids) sizes[g + 1]++;
    for (let g = 0; g < this.gramIds.size; g++) sizes[g + 1] += sizes[g];
    this.postingStart = sizes.slice();
    this.postings = new Int32Array(sizes[this.gramIds.size]);
    // Names are added in index order, so each gram's postings stay sorted by name index.
    perName.forEach((ids, i) => {
      for (const g of ids) this.postings[sizes[g]++] = i;
    });
    this.counts = new Uint16Array(names.length);
    this.touched = new Int32Array(names.length);
  }

  /**
   * Indices of the `limit` names sharing the most trigrams with `query`, by Jaccard overlap; ties
   * go to the name reached first (query grams in order, then name index).
   */
  search(query: string, limit: number): number[] {
    const grams = trigrams(query);
    if (!grams.size || limit <= 0) return [];
    const { counts, touched, postings, postingStart } = this;
    let m = 0;
    for (const g of grams) {
      const id = this.gramIds.get(g);
      if (id === undefined) continue;
      for (let k = postingStart[id], end = postingStart[id + 1]; k < end; k++) {
        const i = postings[k];
        if (counts[i]++ === 0) touched[m++] = i;
      }
    }
    const best = new TopK(limit);
    for (let pos = 0; pos < m; pos++) {
      const i = touched[pos];
      const c = counts[i];
      best.offer(c / (grams.size + this.gramCount[i] - c), pos);
      counts[i] = 0;
    }
    return best.sorted().map((pos) => touched[pos]);
  }
}

/** The k best (score high, then position low) of a stream, in a binary min-heap of the worst kept. */
class TopK {
  private readonly scores: number[] = [];
  private readonly positions: number[] = [];

  constructor(private readonly k: number) {}

  offer(score: number, pos: number): void {
    if (this.scores.length < this.k) {
      this.scores.push(score);
      this.positions.push(pos);
      this.up(this.scores.length - 1);
    } else if (this.better(score, pos, 0)) {
      this.scores[0] = score;
      this.positions[0] = pos;
      this.down(0);
    }
  }

  sorted(): number[] {
    const idx = this.positions.map((_, i) => i);
    idx.sort((a, b) => this.scores[b] - this.scores[a] || this.positions[a] - this.positions[b]);
    return idx.map((i) => this.positions[i]);
  }

  /** Whether (score, pos) ranks above the entry at heap slot j. */
  private better(score: number, pos: number, j: number): boolean {
    return score > this.scores[j] || (score === this.scores[j] && pos < this.positions[j]);
  }

  private up(i: number): void {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.better(this.scores[p], this.positions[p], i)) break;
      this.swap(i, p);
      i = p;
    }
  }

  private down(i: number): void {
    const n = this.scores.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < n && this.better(this.scores[worst], this.positions[worst], l)) worst = l;
      if (r < n && this.better(this.scores[worst], this.positions[worst], r)) worst = r;
      if (worst === i) return;
      this.swap(i, worst);
      i = worst;
    }
  }

  private swap(a: number, b: number): void {
    [this.scores[a], this.scores[b]] = [this.scores[b], this.scores[a]];
    [this.positions[a], this.positions[b]] = [this.positions[b], this.positions[a]];
  }
}

export function trigrams(s: string): Set<string> {
  const padded = `  ${s} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}
