import { compareCodeUnits } from '../../core/compare';
import type { Ann } from './dump-types';

/**
 * An entity's annotations in one fixed order (property, value, language, datatype, then their own
 * annotations). The OWL API hands them over in hash order, which changes between runs even for the
 * same file; sorted, a card lists its synonyms the same way on every load, the first of two labels
 * names the class every time, and a reload builds exactly what a cold load builds.
 */
export function inStableOrder(anns: Ann[]): Ann[] {
  if (anns.length < 2 && !anns[0]?.ann?.length) return anns;
  return anns.map((a) => (a.ann?.length ? { ...a, ann: inStableOrder(a.ann) } : a)).sort(compareAnns);
}

function compareAnns(a: Ann, b: Ann): number {
  return (
    compareCodeUnits(a.p, b.p) ||
    compareCodeUnits(a.v, b.v) ||
    compareCodeUnits(a.lang ?? '', b.lang ?? '') ||
    compareCodeUnits(a.dt ?? '', b.dt ?? '') ||
    Number(a.ref ?? false) - Number(b.ref ?? false) ||
    compareCodeUnits(JSON.stringify(a.ann ?? []), JSON.stringify(b.ann ?? []))
  );
}
