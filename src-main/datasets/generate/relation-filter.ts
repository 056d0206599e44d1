import { UserError } from '../../core/errors';
import type { ClosureIndex } from '../../ontology/closure/closure-index';
import { isNegationShortcut } from '../../ontology/names/negation-shortcut';

export interface RelationFilterOptions {
  /** Relations no question may use, by name, CURIE-like local name or IRI. */
  excludeRelations?: string[];
  /** Use negation shortcuts such as `lacks_plasma_membrane_part` too (default: left out). */
  includeNegationShortcuts?: boolean;
}

const norm = (s: string) =>
  s
    .trim()
    .replace(/[_\s]+/g, ' ')
    .toLowerCase();
const localName = (iri: string) => iri.replace(/^.*[#/]/, '');

/**
 * The relations generation leaves out: the ones asked for, and the negation shortcuts unless they
 * are asked for; with a note saying which. A name that matches no relation is a usage error.
 */
export function relationsLeftOut(
  ix: ClosureIndex,
  opts: RelationFilterOptions,
): { ids: Set<number>; note: string | null } {
  const props: number[] = [];
  for (let id = 1; id < ix.kindOf.length; id++) if (ix.kindOf[id] === 'property') props.push(id);
  const ids = new Set<number>();
  const asked: string[] = [];
  for (const want of opts.excludeRelations ?? []) {
    const w = norm(want);
    if (!w) continue;
    const hit = props.filter(
      (id) => norm(ix.nameOf(id)) === w || ix.iri(id) === want.trim() || norm(localName(ix.iri(id))) === w,
    );
    if (!hit.length) throw new UserError('unknown-name', `No relation is called "${want}" in this ontology.`);
    for (const id of hit) ids.add(id);
    asked.push(ix.nameOf(hit[0]));
  }
  const negations = opts.includeNegationShortcuts
    ? []
    : props.filter((id) => !ids.has(id) && isNegationShortcut(ix.nameOf(id)));
  for (const id of negations) ids.add(id);
  const parts = [
    ...(asked.length ? [`as asked: ${asked.join(', ')}`] : []),
    ...(negations.length
      ? [`negation shortcuts, which say what a class does not have: ${negations.map((id) => ix.nameOf(id)).join(', ')}`]
      : []),
  ];
  return { ids, note: parts.length ? `Relations left out of questions (${parts.join('; ')}).` : null };
}
