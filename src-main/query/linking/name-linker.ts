import type { ClosureIndex } from '../../ontology/closure/closure-index';
import type { ExactNameRow, NameIndex } from '../../ontology/names/name-index';
import { isOpaqueId } from '../../ontology/names/naming-policy';
import { normalizeName, oboCurie } from '../../ontology/names/normalize';
import { isSubclassRelation } from '../dialect';
import type { LinkResult, NameCandidate } from './link-types';
import { NameSearch, type NameSearchHit, type PoolRow, type SearchOptions } from './name-search';
import { gestaltSimilarity, SimilarityBound } from './similarity';
import { TrigramIndex } from './trigram-index';

/** Name kinds in the order they win a tie: a label beats an exact synonym beats a looser one. */
const TIERS: string[][] = [
  ['label', 'id', 'iri', 'fragment', 'alt_id'],
  ['exact'],
  ['synonym', 'related', 'broad', 'narrow'],
];
const FUZZY_KINDS = new Set(['label', 'fragment', 'exact', 'synonym', 'related', 'broad', 'narrow']);
export const POOL_SIZE = 200;
export const SUGGESTIONS = 5;
/** Names the BM25 pool query may match before common words are left out of it (see poolWords). */
const POOL_POSTINGS = 5000;

export const SUBCLASS_IRI = 'http://www.w3.org/2000/01/rdf-schema#subClassOf';

/**
 * Links the names a model writes to ontology entities (paper §4.2.2): exact match after
 * normalisation, ambiguity reported with candidates, and for unknown names the closest names:
 * a pool from BM25 over names plus trigram overlap, reranked by Ratcliff/Obershelp similarity.
 */
export class NameLinker {
  private searcher: NameSearch | undefined;
  private fuzzy: { index: TrigramIndex; rows: PoolRow[] } | undefined;
  private relationVocab: { entity: number; text: string; norm: string }[] | undefined;
  private df: Map<string, number> | null | undefined;

  constructor(
    private readonly names: NameIndex,
    private readonly ix: ClosureIndex,
  ) {}

  linkConcept(text: string): LinkResult {
    return this.link(text, 'class');
  }

  linkRelation(text: string): LinkResult {
    if (isSubclassRelation(text))
      return { status: 'ok', entity: { id: -1, iri: SUBCLASS_IRI, name: 'is a' }, via: 'builtin' };
    return this.link(text, 'property');
  }

  private link(text: string, kind: 'class' | 'property'): LinkResult {
    const norm = normalizeName(text);
    const rows: ExactNameRow[] = (norm ? this.names.exact(norm) : []).filter((r) => r.ekind === kind);
    for (const tier of TIERS) {
      const inTier = rows.filter((r) => tier.includes(r.kind));
      if (!inTier.length) continue;
      const live = unique(inTier.filter((r) => !r.deprecated).map((r) => r.entity));
      const ids = live.length ? live : unique(inTier.map((r) => r.entity));
      if (ids.length === 1) {
        const id = ids[0];
        return { status: 'ok', entity: { id, iri: this.ix.iri(id), name: this.nameOf(id) }, via: inTier[0].kind };
      }
      return { status: 'ambiguous', text, candidates: this.ranked(text, ids).slice(0, 10) };
    }
    const candidates = kind === 'class' ? this.closestConcepts(norm) : this.closestRelations(norm);
    return { status: 'unknown', text, candidates };
  }

  /** The entities one name is shared by, in the search's order (the ones it does not rank after them). */
  private ranked(text: string, ids: number[]): NameCandidate[] {
    const wanted = new Set(ids);
    const order = this.search(text, 200, { includeObsolete: true }).filter((h) => wanted.has(h.id));
    const seen = new Set(order.map((h) => h.id));
    return [...order.map((h) => h.id), ...ids.filter((id) => !seen.has(id))].map((id) => this.candidate(id, 1));
  }

  /** Search as you type, in the order name-search.ts sets out. */
  search(text: string, limit = 20, opts: Omit<SearchOptions, 'limit'> = {}): NameSearchHit[] {
    this.searcher ??= new NameSearch(this.names, this.ix, (norm) => this.pool(norm).values());
    return this.searcher.search(text, { ...opts, limit });
  }

  /** The live term that replaced an obsolete one, if the ontology says. */
  replacement(id: number): number | null {
    this.searcher ??= new NameSearch(this.names, this.ix, (norm) => this.pool(norm).values());
    return this.searcher.replacement(id);
  }

  /**
   * The closest concepts, one per entity, best first: the concept search's own ranking (exact ID,
   * label, synonym, prefix, all words, then near misses with a letter swap as one edit), so what a
   * model is told after an unknown name and what a person finds in the search box agree.
   */
  closestConcepts(norm: string, k = SUGGESTIONS): NameCandidate[] {
    if (!norm) return [];
    return this.search(norm, k).map((h) => this.candidate(h.id, h.score));
  }

  /** Candidate names near `norm`: BM25 over the name index plus trigram overlap, one row per entity and name. */
  private pool(norm: string): Map<string, PoolRow> {
    const pool = new Map<string, PoolRow>();
    const words = this.poolWords(norm.split(' ').filter((w) => /[\p{L}\p{N}]/u.test(w))).map(
      (w) => `"${w.replace(/"/g, '""')}"`,
    );
    if (words.length) {
      try {
        for (const r of this.names.classesMatching(words.join(' OR '), POOL_SIZE)) {
          pool.set(`${r.entity}\u0000${r.norm}`, r);
        }
      } catch {
        // an FTS syntax corner case only loses the word-based half of the pool
      }
    }
    const fz = this.fuzzyIndex();
    for (const i of fz.index.search(norm, POOL_SIZE)) {
      const r = fz.rows[i];
      pool.set(`${r.entity}\u0000${r.norm}`, r);
    }
    return pool;
  }

  /**
   * The words that go into the BM25 pool query: the rarest first, while the names they match stay
   * within POOL_POSTINGS. FTS5 scores every name an OR query matches, so on a GO-sized ontology a
   * typo of a long label ("... ion channel activity involved in ...") cost 20 ms in common words
   * that add little to BM25. The rarest known word always goes in, and so do words FTS does not
   * know (typos match nothing and cost nothing).
   */
  private poolWords(words: string[]): string[] {
    const df = this.wordFrequencies();
    if (!df) return words;
    const ranked = words.map((w, i) => ({ w, i, n: df.get(w) ?? 0 })).sort((x, y) => x.n - y.n || x.i - y.i);
    const kept: typeof ranked = [];
    let postings = 0;
    for (const x of ranked) {
      if (postings > 0 && postings + x.n > POOL_POSTINGS) break;
      kept.push(x);
      postings += x.n;
    }
    return kept.sort((x, y) => x.i - y.i).map((x) => x.w);
  }

  /** Document frequency of each word of the name index, from FTS5's own vocabulary; null if unavailable. */
  private wordFrequencies(): Map<string, number> | null {
    if (this.df === undefined) this.df = this.names.wordFrequencies();
    return this.df;
  }

  private closestRelations(norm: string, k = SUGGESTIONS): NameCandidate[] {
    if (!this.relationVocab) {
      const rows = this.names.propertyNames();
      this.relationVocab = [
        ...rows,
        { entity: -1, text: 'is a', norm: 'is a' },
        { entity: -1, text: 'subclass of', norm: 'subclass of' },
      ];
    }
    return this.rank(norm, this.relationVocab, k);
  }

  /**
   * The k entities whose best name is most similar to `norm`. Names are scored in order of their
   * upper bound, and scoring stops once no bound can reach the k-th best score: the result is the
   * same as scoring the whole pool.
   */
  private rank(norm: string, pool: Iterable<{ entity: number; norm: string }>, k: number): NameCandidate[] {
    const bound = new SimilarityBound(norm);
    const byBound = [...pool].map((r) => ({ r, ub: bound.of(r.norm) })).sort((x, y) => y.ub - x.ub);
    const best = new Map<number, number>();
    let kth = -1;
    for (const { r, ub } of byBound) {
      if (ub < kth) break;
      const s = gestaltSimilarity(norm, r.norm);
      if (s <= (best.get(r.entity) ?? -1)) continue;
      best.set(r.entity, s);
      if (best.size >= k) kth = [...best.values()].sort((x, y) => y - x)[k - 1];
    }
    return [...best.entries()]
      .sort((a, b) => b[1] - a[1] || this.nameOf(a[0]).localeCompare(this.nameOf(b[0])))
      .slice(0, k)
      .map(([id, score]) => this.candidate(id, score));
  }

  private fuzzyIndex() {
    if (!this.fuzzy) {
      const rows = this.names
        .classNames()
        .filter((r) => FUZZY_KINDS.has(r.kind) && !(r.kind === 'fragment' && isOpaqueId(r.text)));
      this.fuzzy = { index: new TrigramIndex(rows.map((r) => r.norm)), rows };
    }
    return this.fuzzy;
  }

  private nameOf(id: number): string {
    if (id === -1) return 'is a';
    return this.ix.nameOf(id);
  }

  private candidate(id: number, score: number): NameCandidate {
    if (id === -1) return { name: 'is a', iri: SUBCLASS_IRI, score: round(score) };
    const iri = this.ix.iri(id);
    const bits: string[] = [];
    const curie = oboCurie(iri);
    if (curie) bits.push(curie);
    // The first parent by name, not by id: ids follow the bridge's listing order, which varies between loads.
    const parentNames = (this.ix.parents[id] ?? []).map((p) => this.ix.nameOf(p)).sort();
    if (parentNames.length) bits.push(`under ${parentNames[0]}`);
    if (this.ix.deprecated.has(id)) bits.push('obsolete');
    return { name: this.nameOf(id), iri, score: round(score), ...(bits.length ? { detail: bits.join(', ') } : {}) };
  }
}

function unique(xs: number[]): number[] {
  return [...new Set(xs)];
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
