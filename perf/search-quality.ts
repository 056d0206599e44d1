import { seededRandom, shuffle } from '../src-main/core/random';
import { compareCodeUnits } from '../src-main/core/compare';
import { normalizeName } from '../src-main/ontology/names/normalize';
import Database from 'better-sqlite3';
import type { OntologyHandle } from '../src-main/ontology/ontology-handle';

/** One search query and the class it should find. */
export interface SearchCase {
  query: string;
  iri: string;
  /** What the query was made from: the label or synonym it alters or copies. */
  from: string;
}

const SYNONYM_KINDS = ['exact', 'related', 'broad', 'narrow', 'synonym'];

interface NameRow {
  entity: number;
  iri: string;
  kind: string;
  text: string;
  norm: string;
  deprecated: number;
  ekind: string;
}

function liveClassNames(h: OntologyHandle): { rows: NameRow[]; owners: Map<string, Set<number>> } {
  // A benchmark may read the cache's tables itself; the product goes through the handle's methods.
  const rows = new Database(h.cacheFile, { readonly: true })
    .prepare(
      `SELECT n.entity, e.iri, n.kind, n.text, n.norm, e.deprecated, e.kind AS ekind
       FROM name n JOIN entity e ON e.id = n.entity`,
    )
    .all() as NameRow[];
  // Every entity (obsolete ones too) that a normalised name belongs to: a query that another entity
  // also answers to exactly has no single right answer.
  const owners = new Map<string, Set<number>>();
  for (const r of rows) {
    if (r.kind === 'iri') continue;
    const s = owners.get(r.norm) ?? new Set<number>();
    s.add(r.entity);
    owners.set(r.norm, s);
  }
  return { rows: rows.filter((r) => r.ekind === 'class' && !r.deprecated), owners };
}

/**
 * Synonyms as queries: every synonym of a live class that names that class alone (no other
 * entity has it as a label, synonym or ID) and differs from the class's own label. Sampled with a
 * fixed seed, so the set is the same on every run for the same ontology.
 */
export function synonymCases(h: OntologyHandle, n: number, seed = 14): SearchCase[] {
  const { rows, owners } = liveClassNames(h);
  const labels = new Map<number, string>();
  for (const r of rows) if (r.kind === 'label' && !labels.has(r.entity)) labels.set(r.entity, r.norm);
  const seen = new Set<string>();
  const cases: SearchCase[] = [];
  for (const r of rows) {
    if (!SYNONYM_KINDS.includes(r.kind) || owners.get(r.norm)?.size !== 1) continue;
    if (labels.get(r.entity) === r.norm || seen.has(r.norm) || r.norm.length < 3) continue;
    seen.add(r.norm);
    cases.push({ query: r.text, iri: r.iri, from: r.text });
  }
  return sample(cases, n, seed);
}

/**
 * Labels with one typo: two neighbouring letters swapped, or one letter left out (the two slips
 * people make most). Only labels of five letters or more, and only typos that are no name of
 * anything, so the query has exactly one right answer.
 */
export function typoCases(h: OntologyHandle, n: number, seed = 14, maxLetters = Infinity): SearchCase[] {
  const { rows, owners } = liveClassNames(h);
  const rand = seededRandom(seed);
  const cases: SearchCase[] = [];
  const labelRows = rows
    .filter((r) => r.kind === 'label' && owners.get(r.norm)?.size === 1)
    .sort((a, b) => compareCodeUnits(a.iri, b.iri) || compareCodeUnits(a.text, b.text));
  const seenEntity = new Set<number>();
  for (const r of labelRows) {
    if (seenEntity.has(r.entity)) continue;
    seenEntity.add(r.entity);
    const letters = [...r.text].map((c, i) => (/\p{L}/u.test(c) ? i : -1)).filter((i) => i >= 0);
    if (letters.length < 5 || letters.length > maxLetters) continue;
    const typo = oneTypo(r.text, rand);
    if (!typo || owners.has(normalizeName(typo))) continue;
    cases.push({ query: typo, iri: r.iri, from: r.text });
  }
  return sample(cases, n, seed + 1);
}

/** Swap two neighbouring letters or drop one, never the first letter (people rarely miss that). */
export function oneTypo(text: string, rand: () => number): string | null {
  const chars = [...text];
  const swaps: number[] = [];
  const drops: number[] = [];
  for (let i = 1; i < chars.length; i++) {
    if (!/\p{L}/u.test(chars[i])) continue;
    drops.push(i);
    if (i + 1 < chars.length && /\p{L}/u.test(chars[i + 1]) && chars[i] !== chars[i + 1]) swaps.push(i);
  }
  const swap = rand() < 0.5 && swaps.length > 0;
  const pool = swap ? swaps : drops;
  if (!pool.length) return null;
  const i = pool[Math.floor(rand() * pool.length)];
  if (swap) [chars[i], chars[i + 1]] = [chars[i + 1], chars[i]];
  else chars.splice(i, 1);
  return chars.join('');
}

function sample(cases: SearchCase[], n: number, seed: number): SearchCase[] {
  const sorted = cases.sort((a, b) => compareCodeUnits(a.iri, b.iri) || compareCodeUnits(a.query, b.query));
  return shuffle(seededRandom(seed), sorted).slice(0, n);
}

export interface MrrResult {
  n: number;
  mrr: number;
  /** Share of queries whose class came first. */
  top1: number;
  /** Share of queries whose class was not among the hits at all. */
  missed: number;
  /** A few queries that did not put their class first, for reading. */
  examples: string[];
}

/** Mean reciprocal rank of each case's class in `search`'s hits (0 when it is not among them). */
export function meanReciprocalRank(cases: SearchCase[], search: (query: string) => string[]): MrrResult {
  let sum = 0;
  let top1 = 0;
  let missed = 0;
  const examples: string[] = [];
  for (const c of cases) {
    const rank = search(c.query).indexOf(c.iri) + 1;
    if (rank > 0) sum += 1 / rank;
    if (rank === 1) top1++;
    if (rank === 0) missed++;
    if (rank !== 1 && examples.length < 5)
      examples.push(`${c.query} → ${c.from} (${rank ? `rank ${rank}` : 'missed'})`);
  }
  const n = cases.length || 1;
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  return { n: cases.length, mrr: r3(sum / n), top1: r3(top1 / n), missed: r3(missed / n), examples };
}
