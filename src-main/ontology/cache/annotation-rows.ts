import type { Ann } from '../dump/dump-types';
import { OWL_DEPRECATED } from '../names/vocabulary';

/** An annotation's row of the annotation table: entity, ord, prop, value, lang, dt, ref, ann. */
export function annotationRow(entity: number, ord: number, a: Ann): (string | number | null)[] {
  return [
    entity,
    ord,
    a.p,
    a.v,
    a.lang ?? null,
    a.dt ?? null,
    a.ref ? 1 : 0,
    a.ann?.length ? JSON.stringify(a.ann) : null,
  ];
}

/** Deprecated by the bridge's flag or by an owl:deprecated "true" among the annotations. */
export function deprecatedBy(flag: boolean, anns: Ann[]): boolean {
  return flag || anns.some((a) => a.p === OWL_DEPRECATED && a.v === 'true');
}
