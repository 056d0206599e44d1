import type { ClosureIndex } from '../closure/closure-index';
import type { ToldIndex } from './told-index';
import type { ClassLineage } from './stated-types';

/** Paths listed at most (a GO class can have thousands); they are all counted. */
export const LINEAGE_MAX_PATHS = 50;

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Every named ancestor of a class and the paths from the roots down to it in the inferred hierarchy.
 * An unsatisfiable class has no inferred parents (ELK puts it under owl:Nothing), so from it, and from
 * any unsatisfiable class above it, the walk goes up its stated parents instead.
 */
export function lineageOf(ix: ClosureIndex, told: ToldIndex | null, id: number): ClassLineage {
  const isClass = (x: number) => ix.kindOf[x] === 'class';
  const byName = (a: number, b: number) => collator.compare(ix.nameOf(a), ix.nameOf(b)) || ix.compareIri(a, b);
  const up = (x: number): number[] =>
    (ix.unsat.has(x) && told ? [...told.parentsOf(x)] : (ix.parents[x] ?? []).filter(isClass)).sort(byName);

  const distance = new Map<number, number>([[id, 0]]);
  const queue = [id];
  for (let i = 0; i < queue.length; i++) {
    for (const p of up(queue[i])) {
      if (distance.has(p)) continue;
      distance.set(p, distance.get(queue[i])! + 1);
      queue.push(p);
    }
  }
  const ancestors = queue
    .slice(1)
    .map((x) => ({ iri: ix.iri(x), name: ix.nameOf(x), distance: distance.get(x)! }))
    .sort((a, b) => a.distance - b.distance || collator.compare(a.name, b.name));

  // Paths counted bottom-up (a stated cycle counts nothing twice), listed depth-first in name order.
  const counts = new Map<number, number>();
  const onPath = new Set<number>();
  const count = (x: number): number => {
    const known = counts.get(x);
    if (known !== undefined) return known;
    if (onPath.has(x)) return 0;
    onPath.add(x);
    const ps = up(x).filter((p) => !onPath.has(p));
    const n = ps.length ? ps.reduce((sum, p) => sum + count(p), 0) : 1;
    onPath.delete(x);
    counts.set(x, n);
    return n;
  };
  const paths: number[][] = [];
  const walk = (x: number, below: number[]) => {
    if (paths.length >= LINEAGE_MAX_PATHS) return;
    const ps = up(x).filter((p) => !below.includes(p));
    if (!ps.length) paths.push([x, ...below]);
    for (const p of ps) walk(p, [x, ...below]);
  };
  walk(id, []);
  return {
    iri: ix.iri(id),
    name: ix.nameOf(id),
    ancestors,
    paths: paths.map((p) => p.map((x) => ({ iri: ix.iri(x), name: ix.nameOf(x) }))),
    pathCount: count(id),
    fromStated: ix.unsat.has(id) && told !== null,
  };
}
