/**
 * An OWL functional-syntax document holding only a justification's axioms, for loading alone into
 * a reasoner. The bridge renders axioms with full IRIs, except that OWL API's default prefix
 * manager still abbreviates the W3C vocabularies (owl:Thing, xsd:string), so those prefixes are
 * declared here.
 */
export const STANDARD_PREFIXES: Record<string, string> = {
  owl: 'http://www.w3.org/2002/07/owl#',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  xml: 'http://www.w3.org/XML/1998/namespace',
};

export type EntityKind = 'class' | 'property' | undefined;

export function justificationOntology(
  ontologyIri: string,
  axioms: string[],
  kindOf: (iri: string) => EntityKind,
): string {
  const declarations: string[] = [];
  const seen = new Set<string>();
  for (const ax of axioms) {
    for (const [, iri] of ax.matchAll(/<([^<>\s]+)>/g)) {
      if (seen.has(iri)) continue;
      seen.add(iri);
      // Anything else (an individual, a data property) is typed by its position when parsed.
      const kind = kindOf(iri);
      if (kind === 'class') declarations.push(`Declaration(Class(<${iri}>))`);
      else if (kind === 'property') declarations.push(`Declaration(ObjectProperty(<${iri}>))`);
    }
  }
  return [
    ...Object.entries(STANDARD_PREFIXES).map(([p, iri]) => `Prefix(${p}:=<${iri}>)`),
    '',
    `Ontology(<${ontologyIri}>`,
    ...declarations,
    ...axioms,
    ')',
    '',
  ].join('\n');
}

/** Prefixed names an axiom uses outside full IRIs, so a test can insist each prefix is declared. */
export function prefixesUsed(axiom: string): string[] {
  const outsideIris = axiom.replace(/<[^<>\s]*>/g, ' ').replace(/"(?:[^"\\]|\\.)*"/g, ' ');
  return [...new Set([...outsideIris.matchAll(/(?:^|[\s(])([A-Za-z][\w.-]*)?:[A-Za-z_]/g)].map((m) => m[1] ?? ''))];
}
