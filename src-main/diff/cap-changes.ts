import type { DiffReport } from './diff-types';

/**
 * The report with at most `perKind` changes of each kind, counts untouched. A finished task keeps its
 * result and is listed again on every reconnect, so a diff of two unrelated versions (100k changes,
 * ~100 MB of JSON) must not travel whole; the exports recompute it in full.
 */
export function capChanges(r: DiffReport, perKind: number): { report: DiffReport; capped: boolean } {
  const seen = new Map<string, number>();
  const changes = r.changes.filter((c) => {
    const n = (seen.get(c.kind) ?? 0) + 1;
    seen.set(c.kind, n);
    return n <= perKind;
  });
  return { report: { ...r, changes }, capped: changes.length < r.changes.length };
}
