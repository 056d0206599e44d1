import type { StatedInferred } from '../../ontology/stated/stated-types';

/** The CLI card's second part: what is stated and what ELK inferred, one fact a line. */
export function statedInferredText(s: StatedInferred): string {
  const lines = ['stated and inferred:'];
  const marks = (x: { stated: boolean; inferred: boolean }) =>
    x.stated && x.inferred ? 'stated, inferred' : x.stated ? 'stated' : 'inferred';
  if (s.unsatisfiable)
    lines.push('  unsatisfiable: ELK puts it under owl:Nothing only; these are the parents its axioms state');
  for (const p of s.parents) {
    const redundant = p.stated && !p.inferred && !s.unsatisfiable ? ', a more specific parent is inferred' : '';
    lines.push(`  parent: ${p.name} [${marks(p)}${redundant}]`);
  }
  if (!s.parents.length) lines.push('  parent: none');
  for (const e of s.equivalents) lines.push(`  equivalent: ${e.name} [${marks(e)}]`);
  for (const r of s.relations) {
    const how = r.source === 'inherited' ? `inherited from ${r.via?.name ?? 'an ancestor'}` : r.source;
    lines.push(`  link: ${r.relation.name} some ${r.filler.name} [${how}]`);
  }
  if (s.moreInherited) lines.push(`  … and ${s.moreInherited} more inherited links`);
  return lines.join('\n');
}
