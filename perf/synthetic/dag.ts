import type { Prng } from './prng';

export interface DagOptions {
  /** Relative share of classes at depth 1, 2, 3, ... below their root (the length is the maximum depth). */
  levelWeights: readonly number[];
  /** Probabilities of exactly 1, 2 and 3 parents beyond the first. */
  extraParents: readonly [number, number, number];
  /** Extra parents come from the 1..span levels just above the class. */
  extraLevelSpan: number;
}

/**
 * A rooted DAG over classes 0..n-1. Classes 0..rootCount-1 are the roots. Every parent has a smaller
 * index and a smaller depth than its child, so the graph is acyclic and a class's depth is its level.
 */
export interface Dag {
  n: number;
  rootCount: number;
  /** Root (0..rootCount-1) of each class. */
  root: Int32Array;
  level: Uint8Array;
  /** Parents of class i are parentList[parentStart[i] .. parentStart[i+1]), the primary one first. */
  parentStart: Int32Array;
  parentList: Int32Array;
  /** Non-root classes of each root, by increasing index. */
  members: Int32Array[];
  maxDepth: number;
}

/** Splits `total` in proportion to `weights`, exactly (largest remainder). */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const raw = weights.map((w) => (total * w) / sum);
  const out = raw.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = raw.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) out[order[k][1]]++;
  return out;
}

export function buildDag(rand: Prng, n: number, rootWeights: readonly number[], opts: DagOptions): Dag {
  const rootCount = Math.min(rootWeights.length, n);
  const root = new Int32Array(n);
  const level = new Uint8Array(n);
  const parentStart = new Int32Array(n + 1);
  const parentList: number[] = [];
  const members: Int32Array[] = [];
  const counts = apportion(n - rootCount, rootWeights.slice(0, rootCount));
  const [p1, p2, p3] = opts.extraParents;
  let maxDepth = 0;

  for (let r = 0; r < rootCount; r++) root[r] = r;
  let next = rootCount;
  for (let r = 0; r < rootCount; r++) {
    const sizes = levelSizes(counts[r], opts.levelWeights);
    const byLevel: number[][] = [[r]];
    const mine = new Int32Array(counts[r]);
    let k = 0;
    // Level by level, so every class at depth d can pick parents among all classes at depth d-1.
    for (let d = 1; d <= sizes.length; d++) {
      const here: number[] = [];
      for (let i = 0; i < sizes[d - 1]; i++) {
        const c = next++;
        mine[k++] = c;
        root[c] = r;
        level[c] = d;
        const first = parentList.length;
        parentList.push(rand.pick(byLevel[d - 1]));
        const u = rand.next();
        const extra = u < p3 ? 3 : u < p3 + p2 ? 2 : u < p3 + p2 + p1 ? 1 : 0;
        for (let e = 0; e < extra && d >= 2; e++) {
          const lvl = rand.range(Math.max(1, d - opts.extraLevelSpan), d - 1);
          const cand = rand.pick(byLevel[lvl]);
          let dup = false;
          for (let j = first; j < parentList.length; j++) if (parentList[j] === cand) dup = true;
          if (!dup) parentList.push(cand);
        }
        parentStart[c + 1] = parentList.length;
        here.push(c);
      }
      if (here.length) maxDepth = Math.max(maxDepth, d);
      byLevel.push(here);
    }
    members.push(mine);
  }
  return { n, rootCount, root, level, parentStart, parentList: Int32Array.from(parentList), members, maxDepth };
}

/**
 * How many of `count` classes sit at depth 1, 2, ...: the weights cut to about log2(count) levels
 * (so small ontologies are not one long chain), with no empty level above a non-empty one.
 */
export function levelSizes(count: number, weights: readonly number[]): number[] {
  if (count === 0) return [];
  const depth = Math.max(1, Math.min(weights.length, Math.round(Math.log2(count + 1))));
  const sizes = apportion(count, weights.slice(0, depth));
  for (let d = 0; d < sizes.length; d++) {
    if (sizes[d] > 0) continue;
    let big = -1;
    for (let j = d + 1; j < sizes.length; j++) if (big < 0 || sizes[j] > sizes[big]) big = j;
    if (big < 0 || sizes[big] === 0) break;
    sizes[big]--;
    sizes[d]++;
  }
  while (sizes.length && sizes[sizes.length - 1] === 0) sizes.pop();
  return sizes;
}

export function parentsOf(dag: Dag, c: number): Int32Array {
  return dag.parentList.subarray(dag.parentStart[c], dag.parentStart[c + 1]);
}

/** Children lists of the primary-parent tree (CSR). */
export interface Children {
  start: Int32Array;
  list: Int32Array;
}

export function primaryChildren(dag: Dag): Children {
  const count = new Int32Array(dag.n + 1);
  for (let c = dag.rootCount; c < dag.n; c++) count[dag.parentList[dag.parentStart[c]] + 1]++;
  const start = new Int32Array(dag.n + 1);
  for (let i = 0; i < dag.n; i++) start[i + 1] = start[i] + count[i + 1];
  const fill = start.slice(0, dag.n);
  const list = new Int32Array(start[dag.n]);
  for (let c = dag.rootCount; c < dag.n; c++) list[fill[dag.parentList[dag.parentStart[c]]]++] = c;
  return { start, list };
}

/**
 * A class near `c`: a child of one of its 1..maxUp nearest primary ancestors, created before `c` and
 * not on its primary path; -1 when there is none. Fillers of transitive properties are drawn this
 * way, so the property graph is acyclic and local (as in GO and SNOMED): random long-range edges
 * would make the transitive closure, and the reasoner's work, grow towards quadratic.
 */
export function nearbyClass(rand: Prng, dag: Dag, kids: Children, c: number, maxUp = 3): number {
  const path: number[] = [c];
  let a = c;
  const steps = rand.range(1, maxUp);
  for (let s = 0; s < steps && a >= dag.rootCount; s++) {
    a = dag.parentList[dag.parentStart[a]];
    path.push(a);
  }
  const from = kids.start[a];
  const size = kids.start[a + 1] - from;
  for (let t = 0; t < 4 && size > 0; t++) {
    const v = kids.list[from + rand.int(size)];
    if (v < c && !path.includes(v)) return v;
  }
  return -1;
}
