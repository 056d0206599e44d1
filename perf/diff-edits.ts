import { Prng } from './synthetic/prng';

export interface EditStats {
  linksDropped: number;
  fillersMoved: number;
  parentsMoved: number;
  relabelled: number;
  deprecated: number;
  removed: number;
  added: number;
}

const CLASS = /obo:GO_\d{7}/g;
const PART_OF = 'obo:BFO_0000050';

/**
 * A next release of a synthetic GO-shaped ontology (perf/synthetic, functional syntax, one axiom per
 * line): about `rate` of the existential axioms dropped or pointed at another filler, of the named
 * parents moved, of the labels changed; half that many classes obsoleted, a quarter removed with every
 * axiom that mentions them, and as many new classes added. Seeded: the same input, seed and rate give
 * the same text. A parent moves up to its own parent, so no edit closes a cycle (releases rarely do).
 */
export function editedVersion(text: string, seed: number, rate = 0.02): { text: string; stats: EditStats } {
  const rand = new Prng(seed);
  const stats: EditStats = {
    linksDropped: 0,
    fillersMoved: 0,
    parentsMoved: 0,
    relabelled: 0,
    deprecated: 0,
    removed: 0,
    added: 0,
  };
  const lines = text.split('\n');
  const classes = lines
    .map((l) => /^Declaration\(Class\((obo:GO_\d{7})\)\)$/.exec(l)?.[1])
    .filter((c) => c) as string[];
  // A parent moves up to its own first parent: a release that never closes a cycle.
  const parentOf = new Map<string, string>();
  for (const l of lines) {
    const m = /^SubClassOf\((obo:GO_\d{7}) (obo:GO_\d{7})\)$/.exec(l);
    if (m && !parentOf.has(m[1])) parentOf.set(m[1], m[2]);
  }
  const removed = new Set<string>();
  for (const c of classes) if (rand.chance(rate / 4)) removed.add(c);
  stats.removed = removed.size;
  const kept = classes.filter((c) => !removed.has(c));
  const out: string[] = [];
  for (const line of lines) {
    if ((line.match(CLASS) ?? []).some((c) => removed.has(c))) continue;
    const some = /^SubClassOf\((obo:GO_\d{7}) ObjectSomeValuesFrom\((\S+) (obo:GO_\d{7})\)\)$/.exec(line);
    const sub = /^SubClassOf\((obo:GO_\d{7}) (obo:GO_\d{7})\)$/.exec(line);
    const label = /^AnnotationAssertion\(rdfs:label (obo:GO_\d{7}) "(.*)"\)$/.exec(line);
    const decl = /^Declaration\(Class\((obo:GO_\d{7})\)\)$/.exec(line);
    if (some && rand.chance(rate)) {
      stats.linksDropped++;
      continue;
    }
    if (some && rand.chance(rate)) {
      out.push(`SubClassOf(${some[1]} ObjectSomeValuesFrom(${some[2]} ${rand.pick(kept)}))`);
      stats.fillersMoved++;
    } else if (sub && parentOf.has(sub[2]) && !removed.has(parentOf.get(sub[2])!) && rand.chance(rate)) {
      out.push(`SubClassOf(${sub[1]} ${parentOf.get(sub[2])})`);
      stats.parentsMoved++;
    } else if (label && rand.chance(rate)) {
      out.push(`AnnotationAssertion(rdfs:label ${label[1]} "${label[2]} (revised)")`);
      stats.relabelled++;
    } else if (line === ')' && out.length > 1) {
      addClasses(out, rand, kept, stats.removed, stats);
      out.push(line);
    } else out.push(line);
    if (decl && rand.chance(rate / 2)) {
      out.push(`AnnotationAssertion(owl:deprecated ${decl[1]} "true"^^xsd:boolean)`);
      stats.deprecated++;
    }
  }
  return { text: out.join('\n'), stats };
}

function addClasses(out: string[], rand: Prng, kept: string[], n: number, stats: EditStats): void {
  for (let i = 0; i < n; i++) {
    const iri = `obo:GO_9${String(i).padStart(6, '0')}`;
    out.push(`Declaration(Class(${iri}))`);
    out.push(`AnnotationAssertion(rdfs:label ${iri} "new term ${i + 1}")`);
    out.push(`SubClassOf(${iri} ${rand.pick(kept)})`);
    if (rand.chance(0.5)) out.push(`SubClassOf(${iri} ObjectSomeValuesFrom(${PART_OF} ${rand.pick(kept)}))`);
    stats.added++;
  }
}
