/**
 * The names a report gives its two files: their base names, or, when those are the same
 * (a/po.obo against b/po.obo), as many trailing folders as tell them apart. Never whole paths:
 * a report may be shared, and the folders above the first that differs say nothing about the change.
 */
export function sideNames(oldPath: string, newPath: string): [string, string] {
  const a = oldPath.split(/[\\/]+/).filter(Boolean);
  const b = newPath.split(/[\\/]+/).filter(Boolean);
  for (let k = 1; k <= Math.max(a.length, b.length); k++) {
    const x = a.slice(-k).join('/');
    const y = b.slice(-k).join('/');
    if (x !== y) return [x, y];
  }
  return [a.join('/'), b.join('/')];
}
