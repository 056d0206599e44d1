/** The closure graph's stand-ins for complex existential fillers (src-main/query/sparql/raw-sparql.ts). */
export const FILLER_IRI_PREFIX = 'urn:oarag:filler:';

export function isFillerIri(v: string | undefined): boolean {
  return !!v && v.startsWith(FILLER_IRI_PREFIX);
}

/** The note above a result whose rows name filler stand-ins (the CLI prints the same sentence). */
export function fillerNote(rows: number): string {
  return `${rows} ${rows === 1 ? 'row names' : 'rows name'} an internal node (${FILLER_IRI_PREFIX}<n>): the closure graph's stand-in for a complex class expression in an existential restriction, not a class of the ontology; its rdfs:label spells the expression.`;
}
