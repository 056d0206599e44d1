import type { ClosureIndex } from '../../ontology/closure/closure-index';
import type { ExactNameRow, NameIndex } from '../../ontology/names/name-index';
import { isOpaqueId } from '../../ontology/names/naming-policy';
import { normalizeName, oboCurie, oboIri } from '../../ontology/names/normalize';
import { OBO } from '../../ontology/names/vocabulary';
import type { SynonymScope } from '../../ontology/cards/card-types';
import type { SearchReplacement, SearchTier } from '../query-types';
import { editSimilarity, gestaltSimilarity, SimilarityBound } from './similarity';

/** How a hit matched, best first: the order of the result list. */
export const SEARCH_TIERS: readonly SearchTier[] = ['id', 'label', 'synonym', 'prefix', 'words', 'fuzzy'];
const SCOPES = new Set<string>(['exact', 'narrow', 'broad', 'related', 'synonym']);
const ID_KINDS = new Set(['id', 'alt_id', 'iri']);
/** Within the synonym tier: an exact synonym first, a merely related one last. */
const SCOPE_SCORE: Record<SynonymScope, number> = { exact: 1, narrow: 0.9, broad: 0.9, synonym: 0.85, related: 0.8 };

/** A near miss must be at least this similar to be shown at all ... */
export const FUZZY_MIN = 0.6;
/** ... and this similar when better matches were found, so a hit is not buried under noise. */
export const FUZZY_MIN_WITH_HITS = 0.75;
/** Names starting with the query that are read before the shortest are kept. */
const PREFIX_SCAN = 5000;
/** Names holding every word of the query that are read, best first. */
const WORDS_SCAN = 300;

export interface NameSearchHit {
  id: number;
  /** The name that matched: the label, a synonym, an ID, or a similar name. */
  matched: string;
  /** The kind of that name (label, exact, related, id, alt_id, iri, fragment, ...). */
  matchKind: string;
  tier: SearchTier;
  /** Within the tier, higher is better; in [0, 1]. */
  score: number;
  /** Set when a synonym matched. */
  scope?: SynonymScope;
  obsolete: boolean;
  /** The query named an alternative ID or an obsolete term, and this live term stands for it. */
  replaces?: SearchReplacement;
}

export interface SearchOptions {
  limit?: number;
  /** Obsolete classes are left out unless asked for. */
  includeObsolete?: boolean;
}

/** A candidate name for the fuzzy tier. */
export interface PoolRow {
  entity: number;
  kind: string;
  text: string;
  norm: string;
}

const REPLACED_BY = OBO + 'IAO_0100001';

/** Keeps a hit unless the class already has one at a better tier (or a better score in the same tier). */
type Offer = (h: NameSearchHit) => void;

/**
 * Search as you type over class names, in a fixed order of how a hit matched:
 * 1. an exact ID, IRI or CURIE, alone (an alternative ID or an obsolete term's ID gives the live
 *    term that replaces it, with a note);
 * 2. an exact label; 3. an exact synonym (exact scope first); 4. a label (then a synonym) starting
 * with the query; 5. a name holding every word of the query; 6. a similar name (typos).
 * One hit per class, at its best tier.
 */
export class NameSearch {
  constructor(
    private readonly names: NameIndex,
    private readonly ix: ClosureIndex,
    /** Candidates for the fuzzy tier: names sharing words or trigrams with the query. */
    private readonly fuzzyPool: (norm: string) => Iterable<PoolRow>,
  ) {}

  search(text: string, opts: SearchOptions = {}): NameSearchHit[] {
    const limit = opts.limit ?? 20;
    const includeObsolete = opts.includeObsolete === true;
    const raw = text.trim().replace(/^<(.+)>$/, '$1');
    const norm = normalizeName(raw);
    if (!norm || limit <= 0) return [];
    const best = new Map<number, NameSearchHit>();
    const offer = (h: NameSearchHit) => {
      if (h.obsolete && !includeObsolete) return;
      const prev = best.get(h.id);
      if (!prev || rankOf(h) < rankOf(prev) || (rankOf(h) === rankOf(prev) && h.score > prev.score)) best.set(h.id, h);
    };
    const exact = this.names.exact(norm).filter((r) => r.ekind === 'class');

    const ids = exact.filter((r) => ID_KINDS.has(r.kind));
    if (ids.length) {
      for (const r of ids) this.offerId(r, raw, offer, includeObsolete);
      // An ID names one thing: nothing else is padded around it.
      if (best.size) return this.sorted(best, limit);
    }

    this.offerExact(exact, offer);
    this.offerPrefixes(norm, offer);
    this.offerWords(norm, offer);
    if (best.size < limit) this.offerSimilar(norm, best, offer);
    return this.sorted(best, limit);
  }

  /** Tiers 2 and 3: an exact label or synonym; an obsolete term's name also finds the term that replaced it. */
  private offerExact(exact: ExactNameRow[], offer: Offer): void {
    for (const r of exact) {
      const obsolete = r.deprecated === 1;
      let hit: NameSearchHit | null = null;
      if (isLabelRow(r)) hit = { id: r.entity, matched: r.text, matchKind: r.kind, tier: 'label', score: 1, obsolete };
      else if (SCOPES.has(r.kind)) {
        const scope = r.kind as SynonymScope;
        hit = {
          id: r.entity,
          matched: r.text,
          matchKind: r.kind,
          tier: 'synonym',
          score: SCOPE_SCORE[scope],
          scope,
          obsolete,
        };
      }
      if (!hit) continue;
      offer(hit);
      // The exact name of an obsolete term also finds the term that replaced it.
      if (obsolete) {
        const live = this.replacement(r.entity);
        if (live !== null)
          offer({
            ...hit,
            id: live,
            obsolete: false,
            score: hit.score * 0.99,
            replaces: this.note(r.entity, 'replaced_by'),
          });
      }
    }
  }

  /** Tier 4: a label (then a synonym) starting with the query. */
  private offerPrefixes(norm: string, offer: Offer): void {
    for (const r of this.names.classesStartingWith(norm, PREFIX_SCAN)) {
      const label = isLabelRow(r);
      if (!label && !SCOPES.has(r.kind)) continue;
      const coverage = norm.length / r.norm.length;
      offer({
        id: r.entity,
        matched: r.text,
        matchKind: r.kind,
        tier: 'prefix',
        // Any label prefix before any synonym prefix; the shorter the name, the closer the match.
        score: label ? 0.5 + coverage / 2 : coverage / 2,
        ...(label ? {} : { scope: r.kind as SynonymScope }),
        obsolete: this.ix.deprecated.has(r.entity),
      });
    }
  }

  /** Tier 5: a name holding every word of the query. */
  private offerWords(norm: string, offer: Offer): void {
    const words = norm.split(' ').filter((w) => /[\p{L}\p{N}]/u.test(w));
    if (words.length > 1 || (words.length === 1 && words[0] !== norm)) {
      // The last word may be unfinished, but one or two letters are too little to count as its start.
      const match = words
        .map((w, i) => `"${w.replace(/"/g, '""')}"${i === words.length - 1 && w.length >= 3 ? '*' : ''}`)
        .join(' ');
      let rows: PoolRow[] = [];
      try {
        rows = this.names.classesWithWords(match, WORDS_SCAN);
      } catch {
        // odd input for FTS: the other tiers still answer
      }
      for (const r of rows) {
        if (!isLabelRow(r) && !SCOPES.has(r.kind)) continue;
        const coverage = Math.min(1, norm.length / r.norm.length);
        offer({
          id: r.entity,
          matched: r.text,
          matchKind: r.kind,
          tier: 'words',
          score: (isLabelRow(r) ? 0.5 : 0.4) * coverage + 0.5 * gestaltSimilarity(norm, r.norm),
          ...(SCOPES.has(r.kind) ? { scope: r.kind as SynonymScope } : {}),
          obsolete: this.ix.deprecated.has(r.entity),
        });
      }
    } else {
      // One word: a name holding it as a word of its own (not at the start) is an all-words hit too.
      try {
        for (const r of this.names.classesWithWords(`"${norm.replace(/"/g, '""')}"*`, WORDS_SCAN)) {
          if (!isLabelRow(r) && !SCOPES.has(r.kind)) continue;
          offer({
            id: r.entity,
            matched: r.text,
            matchKind: r.kind,
            tier: 'words',
            score: (isLabelRow(r) ? 0.5 : 0.4) * Math.min(1, norm.length / r.norm.length),
            ...(SCOPES.has(r.kind) ? { scope: r.kind as SynonymScope } : {}),
            obsolete: this.ix.deprecated.has(r.entity),
          });
        }
      } catch {
        // as above
      }
    }
  }

  /** Tier 6: a similar name (typos), shown only when it is close enough for the hits found so far. */
  private offerSimilar(norm: string, best: Map<number, NameSearchHit>, offer: Offer): void {
    const min = best.size ? FUZZY_MIN_WITH_HITS : FUZZY_MIN;
    const bound = new SimilarityBound(norm);
    for (const r of this.fuzzyPool(norm)) {
      if (!isLabelRow(r) && !SCOPES.has(r.kind)) continue;
      const prev = best.get(r.entity);
      if (prev && prev.tier !== 'fuzzy') continue;
      // Both halves of the score have cheap upper bounds; most of the pool cannot reach `min`.
      const lengths = 1 - Math.abs(norm.length - r.norm.length) / Math.max(norm.length, r.norm.length);
      if (0.5 * lengths + 0.5 * bound.of(r.norm) < min) continue;
      const score = fuzzyScore(norm, r.norm);
      if (score < min) continue;
      offer({
        id: r.entity,
        matched: r.text,
        matchKind: 'similar',
        tier: 'fuzzy',
        score,
        ...(SCOPES.has(r.kind) ? { scope: r.kind as SynonymScope } : {}),
        obsolete: this.ix.deprecated.has(r.entity),
      });
    }
  }

  /** Tier 1: an exact ID, IRI or CURIE; an alternative or obsolete ID gives the live term, with a note. */
  private offerId(r: ExactNameRow, raw: string, offer: Offer, includeObsolete: boolean): void {
    const base = { matched: r.text, matchKind: r.kind, tier: 'id' as const, score: 1 };
    if (r.kind === 'alt_id') {
      // hasAlternativeId sits on the live term: the ID typed is a merged term's old ID.
      offer({
        ...base,
        id: r.entity,
        obsolete: r.deprecated === 1,
        replaces: { id: r.text, iri: oboIri(r.text), name: null, via: 'alt_id' },
      });
      return;
    }
    if (r.deprecated) {
      const live = this.replacement(r.entity);
      if (live !== null)
        offer({ ...base, id: live, obsolete: false, replaces: this.note(r.entity, 'replaced_by', raw) });
      // The obsolete term itself: when asked for, or when nothing replaces it (an exact ID is never hidden).
      if (includeObsolete || live === null) offer({ ...base, id: r.entity, obsolete: false, score: 0.99 });
      return;
    }
    offer({ ...base, id: r.entity, obsolete: false });
  }

  private note(entity: number, via: 'replaced_by' | 'alt_id', typed?: string): SearchReplacement {
    const iri = this.ix.iri(entity);
    return { id: oboCurie(iri) ?? typed ?? iri, iri, name: this.ix.nameOf(entity), via };
  }

  /** The live term an obsolete one was replaced by (IAO:0100001, followed up to five steps), or null. */
  replacement(entity: number): number | null {
    let cur = entity;
    for (let step = 0; step < 5; step++) {
      const rows = this.names.annotation(cur, REPLACED_BY);
      let next: number | undefined;
      for (const row of rows) {
        const v = row.value.trim();
        next = this.ix.id(v) ?? (row.ref ? undefined : this.ix.id(oboIri(v) ?? ''));
        if (next !== undefined) break;
      }
      if (next === undefined || next === cur) return null;
      if (!this.ix.deprecated.has(next)) return next;
      cur = next;
    }
    return null;
  }

  private sorted(best: Map<number, NameSearchHit>, limit: number): NameSearchHit[] {
    return [...best.values()]
      .sort(
        (a, b) =>
          rankOf(a) - rankOf(b) ||
          Number(a.obsolete) - Number(b.obsolete) ||
          b.score - a.score ||
          this.ix.nameOf(a.id).localeCompare(this.ix.nameOf(b.id)) ||
          this.ix.compareIri(a.id, b.id),
      )
      .slice(0, limit)
      .map((h) => ({ ...h, score: Math.round(h.score * 1000) / 1000 }));
  }
}

/** A label or IRI-made name to match words against; an opaque IRI segment (`GO_0005634`) is an ID. */
function isLabelRow(r: { kind: string; text: string }): boolean {
  return r.kind === 'label' || (r.kind === 'fragment' && !isOpaqueId(r.text));
}

function rankOf(h: NameSearchHit): number {
  return SEARCH_TIERS.indexOf(h.tier);
}

/** Typos are mostly one edit (edit similarity); a looser likeness of shape counts for the rest. */
export function fuzzyScore(query: string, name: string): number {
  return 0.5 * editSimilarity(query, name) + 0.5 * gestaltSimilarity(query, name);
}
