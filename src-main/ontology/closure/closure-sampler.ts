import { pick, seededRandom } from '../../core/random';
import type { ClosureIndex } from './closure-index';

/** One subsumption question; `r === undefined` asks A ⊑ B, otherwise A ⊑ ∃r.B. Ids are closure ids. */
export interface SampledTriple {
  a: number;
  r?: number;
  b: number;
  expected: boolean;
  how: 'inferred-positive' | 'near-miss' | 'random' | 'subclass-positive' | 'subclass-random';
}

/**
 * Samples questions whose answers the closure claims to know, mixing positives reached through
 * inheritance, super-properties and super-fillers with near misses and random negatives, so that a
 * comparison with the reasoner probes both soundness and completeness.
 */
export function sampleTriples(ix: ClosureIndex, n: number, seed = 1): SampledTriple[] {
  const rand = seededRandom(seed);
  // Ids and set orders change from one load to the next (the bridge lists entities in hash order), so
  // every choice is made over IRI-sorted candidates: the same seed then gives the same sample.
  const sorted = (ids: Iterable<number>) => [...ids].sort(ix.compareIri);
  const classes: number[] = [];
  const props = new Set<number>();
  for (let id = 1; id < ix.iriOf.length; id++) {
    if (ix.kindOf[id] === 'class' && !ix.unsat.has(id)) classes.push(id);
    for (const l of ix.links[id] ?? []) props.add(l.r);
  }
  const allProps: number[] = [];
  for (let id = 1; id < ix.iriOf.length; id++) if (ix.kindOf[id] === 'property') allProps.push(id);
  classes.sort(ix.compareIri);
  allProps.sort(ix.compareIri);
  const usedProps = props.size ? sorted(props) : allProps;
  const out: SampledTriple[] = [];
  if (!classes.length) return out;
  const named = (ids: Iterable<number>) => sorted(ids).filter((x) => ix.kindOf[x] === 'class');
  const withLinks = classes.filter((c) => [...ix.ancestors(c)].some((x) => ix.links[x]?.length));
  const quota = { pos: Math.floor(n * 0.35), near: Math.floor(n * 0.2), sub: Math.floor(n * 0.15) };
  let guard = 0;
  while (out.length < quota.pos && withLinks.length && guard++ < n * 50) {
    const a = pick(rand, withLinks);
    const holders = sorted(ix.ancestors(a)).filter((x) => ix.links[x]?.length);
    const links = [...ix.links[pick(rand, holders)]!].sort(
      (x, y) => ix.compareIri(x.r, y.r) || ix.compareIri(x.f, y.f),
    );
    const l = pick(rand, links);
    const r = pick(rand, sorted(ix.superProperties(l.r)));
    const bs = named(ix.ancestors(l.f));
    if (!bs.length) continue;
    out.push({ a, r, b: pick(rand, bs), expected: true, how: 'inferred-positive' });
  }
  const positives = out.slice();
  guard = 0;
  while (out.length < quota.pos + quota.near && positives.length && guard++ < n * 50) {
    const p = pick(rand, positives);
    const kids = sorted(ix.children[p.b] ?? []);
    const subProps = sorted(ix.propChildren[p.r!] ?? []);
    const choice = rand();
    let t: SampledTriple | undefined;
    if (choice < 0.4 && kids.length) t = { a: p.a, r: p.r, b: pick(rand, kids), expected: false, how: 'near-miss' };
    else if (choice < 0.6 && subProps.length)
      t = { a: p.a, r: pick(rand, subProps), b: p.b, expected: false, how: 'near-miss' };
    else if (choice < 0.8 && (ix.parents[p.a]?.length ?? 0) > 0)
      t = { a: pick(rand, sorted(ix.parents[p.a]!)), r: p.r, b: p.b, expected: false, how: 'near-miss' };
    else t = { a: p.a, r: pick(rand, usedProps), b: p.b, expected: false, how: 'near-miss' };
    if (t.r !== undefined && ix.kindOf[t.b] === 'class') out.push({ ...t, expected: ix.isEntailed(t.a, t.r, t.b) });
  }
  // Without object properties only subsumption can be asked, so it takes the whole remaining quota.
  const subQuota = usedProps.length ? quota.sub : n - out.length;
  for (let i = 0; i < subQuota; i++) {
    const a = pick(rand, classes);
    const ups = named(ix.ancestors(a)).filter((x) => x !== a);
    if (ups.length && rand() < 0.6) out.push({ a, b: pick(rand, ups), expected: true, how: 'subclass-positive' });
    else {
      const b = pick(rand, classes);
      out.push({ a, b, expected: ix.isSubClassOf(a, b), how: 'subclass-random' });
    }
  }
  while (out.length < n && usedProps.length) {
    const a = pick(rand, classes);
    const r = pick(rand, usedProps);
    const b = pick(rand, classes);
    out.push({ a, r, b, expected: ix.isEntailed(a, r, b), how: 'random' });
  }
  return out;
}
