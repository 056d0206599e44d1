import type { ClosureIndex } from '../closure/closure-index';
import { iriFragment, oboCurie } from '../names/normalize';
import { OWL, RDFS } from '../names/vocabulary';

const PREFIXES: [string, string][] = [
  [OWL, 'owl:'],
  [RDFS, 'rdfs:'],
  ['http://www.w3.org/1999/02/22-rdf-syntax-ns#', 'rdf:'],
  ['http://www.w3.org/2001/XMLSchema#', 'xsd:'],
];

/**
 * An entity's name as the cards and the tree give it: the cache's name for a class or property, a
 * prefixed name for OWL's own vocabulary and datatypes, else the CURIE or the IRI's last segment (an
 * individual, which the cache does not name).
 */
export function entityName(ix: ClosureIndex, iri: string): string {
  return namedEntity(ix, iri).name;
}

/** The name and, for a class or property the cache knows, its kind (one with a card is a class). */
export function namedEntity(ix: ClosureIndex, iri: string): { name: string; kind: 'class' | 'property' | 'other' } {
  const id = ix.id(iri);
  const kind = id === undefined ? 'other' : ix.kindOf[id];
  return { name: entityNameOf(ix, iri), kind: kind === 'class' || kind === 'property' ? kind : 'other' };
}

function entityNameOf(ix: ClosureIndex, iri: string): string {
  const id = ix.id(iri);
  if (id !== undefined && ix.kindOf[id] !== 'filler') return ix.nameOf(id);
  for (const [ns, prefix] of PREFIXES) if (iri.startsWith(ns)) return prefix + iri.slice(ns.length);
  return oboCurie(iri) ?? iriFragment(iri);
}
