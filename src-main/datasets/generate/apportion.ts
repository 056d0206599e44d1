/** Splits `total` into integer parts proportional to `weights` (largest remainder; ties go to the earlier key). */
export function apportion<K extends string | number>(total: number, weights: [K, number][]): Map<K, number> {
  const sum = weights.reduce((a, [, w]) => a + w, 0);
  const out = new Map<K, number>();
  if (sum <= 0 || total <= 0) {
    for (const [k] of weights) out.set(k, 0);
    return out;
  }
  const exact = weights.map(([k, w]) => ({ k, x: (total * w) / sum }));
  let given = 0;
  for (const e of exact) {
    out.set(e.k, Math.floor(e.x));
    given += Math.floor(e.x);
  }
  const order = exact
    .map((e, i) => ({ ...e, i, frac: e.x - Math.floor(e.x) }))
    .sort((p, q) => q.frac - p.frac || p.i - q.i);
  for (let j = 0; given < total; j++, given++) {
    const e = order[j % order.length];
    out.set(e.k, out.get(e.k)! + 1);
  }
  return out;
}
